"""The close is one transaction: `larp close-night` killed (SIGKILL) before any statement it sends
to the record, or once it has returned, leaves the record before the close or after it, never
between."""

import os
import shutil
import signal
import sqlite3
from pathlib import Path

from larp.desk import Desk
from larp.ledger import Kind
from tests.desk.test_close_night import spend
from tests.ledger.helpers import write_chronicle

BEFORE = ((), False, 0)
AFTER = ((Kind.CLOSED.value, Kind.ENDED.value), True, 1)
"""The record after the close: both its entries, the night archived, the next night there."""


def state_of(db: Path) -> tuple:
    """What a close changes: its entries, the night archived, the next night there."""
    with sqlite3.connect(db) as connection:
        kinds = [kind for (kind,) in connection.execute("SELECT kind FROM entries WHERE kind IN (?, ?) ORDER BY seq", AFTER[0])]
        archived = connection.execute("SELECT archived_at IS NOT NULL FROM nights WHERE number = 1").fetchone()[0]
        following = connection.execute("SELECT count(*) FROM nights WHERE number = 2").fetchone()[0]
    return (tuple(kinds), bool(archived), following)


def close_killed_at(kill_at: int, db: Path, folder: Path) -> int:
    """`close-night` in a child process that SIGKILLs itself as it is about to send its statement
    number `kill_at` to the record (or once the close has returned); its wait status (exit
    status: how many statements the close sent)."""
    child = os.fork()
    if child == 0:
        try:
            desk = Desk.open(db, folder, station="hall")
            count = 0

            def hook(statement: str) -> None:
                nonlocal count
                count += 1
                if count == kill_at:
                    os.kill(os.getpid(), signal.SIGKILL)

            desk.ledger.db.set_trace_callback(hook)
            desk.archive_night()
            desk.ledger.db.set_trace_callback(None)
            hook("the close has returned")
            os._exit(min(count - 1, 100))
        finally:
            os._exit(101)
    _, status = os.waitpid(child, 0)
    return status


def test_a_close_killed_before_any_of_its_statements_leaves_the_record_before_it_or_after_it(tmp_path):
    folder = write_chronicle(tmp_path / "chronicle")
    prepared = tmp_path / "prepared.sqlite3"
    with Desk.open(prepared, folder, station="hall") as desk:
        spend(desk)
    assert state_of(prepared) == BEFORE
    kill_at, outcomes = 1, []
    while True:
        db = tmp_path / f"killed-{kill_at}.sqlite3"
        shutil.copy(prepared, db)
        status = close_killed_at(kill_at, db, folder)
        outcomes.append(state_of(db))
        assert outcomes[-1] in (BEFORE, AFTER), f"killed at statement {kill_at}: {outcomes[-1]}"
        if not os.WIFSIGNALED(status):
            break
        assert os.WTERMSIG(status) == signal.SIGKILL
        kill_at += 1
    assert os.WEXITSTATUS(status) == kill_at - 2  # every statement of the close, and once it returned
    assert outcomes.count(AFTER) == 2 and outcomes.count(BEFORE) == kill_at - 2
    with Desk.open(db, folder, station="hall") as next_night:
        assert next_night.night_number == 2
        assert next_night.ledger.starting_states(next_night.night_row).keys() == {"janet", "cody", "wick", "ruth"}
