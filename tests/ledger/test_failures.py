"""A record that can't be written says so clearly, and loses nothing already recorded."""

import pytest


from larp.cli import main
from larp.desk import Desk, DeskError
from larp.desk.writing import BEHIND_FROM
from larp.ledger import Ledger, LedgerError
from tests.ledger.helpers import contest, long_night, open_desk

SHOVE = contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors"))


def recorded_ids(path):
    with Desk.read(path) as desk:
        return [entry.id for entry in desk.entries()]


def test_a_read_only_record_refuses_writing_clearly_and_keeps_what_it_holds(tmp_path, capsys):
    desk = open_desk(tmp_path)
    desk.record(SHOVE)
    desk.close()
    path = tmp_path / "night.sqlite3"
    before = recorded_ids(path)
    path.chmod(0o444)
    read_only = Desk.open(path, tmp_path / "chronicle", station="hall")
    with pytest.raises(DeskError, match="read-only: could not write the adjudication entry, nothing of it was written; everything recorded before is kept"):
        read_only.record(SHOVE)
    read_only.close()
    assert main(["log", "--db", str(path)]) == 0
    assert len(capsys.readouterr().out.splitlines()) == len(before)
    assert recorded_ids(path) == before


def test_a_full_disk_refuses_the_entry_whole_and_keeps_the_record(tmp_path):
    desk = open_desk(tmp_path)
    desk.record(SHOVE)
    before = [entry.id for entry in desk.entries()]
    pages = desk.ledger.db.execute("PRAGMA page_count").fetchone()[0]
    desk.ledger.db.execute(f"PRAGMA max_page_count = {pages}")
    huge = contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors"), effect="x" * 60_000)
    with pytest.raises(DeskError, match="the disk holding .* is full: could not write the adjudication entry, nothing of it was written"):
        desk.record(huge)
    assert [entry.id for entry in desk.entries()] == before
    assert desk.ledger.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    desk.ledger.db.execute("PRAGMA max_page_count = 1073741823")
    desk.record(SHOVE)
    assert len(desk.entries()) == len(before) + 1


def test_a_failed_write_leaves_no_transaction_open(tmp_path):
    ledger = Ledger.open(tmp_path / "night.sqlite3")
    with pytest.raises(LedgerError):
        with ledger.writing("a test") as db:
            db.execute("INSERT INTO no_such_table VALUES (1)")
    assert not ledger.db.in_transaction


def test_a_write_that_fails_behind_the_desk_stops_the_run_and_keeps_the_record(tmp_path):
    desk = open_desk(tmp_path)
    desk.hold()
    before, night = [entry.id for entry in desk.entries()], desk.night().to_json()
    (tmp_path / "night.sqlite3").chmod(0o444)  # the writer's own connection finds it read-only
    committed = []
    with pytest.raises(DeskError, match="read-only: could not write the adjudication entry"):
        desk.record_all(long_night(BEHIND_FROM), committed.append)
    assert committed == []
    assert [entry.id for entry in desk.entries()] == before and desk.night().to_json() == night
