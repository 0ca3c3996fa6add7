"""A `larp record` killed (SIGKILL) just before any one of its SQL statements, the writes'
BEGIN, numbering, INSERT and COMMIT among them: the record is as it was before the entry or
after it, never between, passes sqlite's check, and takes the next record as usual."""

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from larp.ledger.rows import entry_of_row
from tests.ledger.helpers import long_night, transcript, write_chronicle

REPO = Path(__file__).resolve().parents[2]
DYING = Path(__file__).with_name("dying.py")
SAMPLED = 5
"""The default run kills before every fifth statement, each of a write's four among them in
turn; LARP_TEST_ALL_KILL_POINTS=1 before every one."""


def run(folder: Path, *arguments: str, kill_at: int = 0, count_to: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "LARP_TEST_KILL_AT": str(kill_at), "LARP_HOME": str(folder / "home"), "PYTHONPATH": str(REPO)}
    if count_to is not None:
        env["LARP_TEST_COUNT_TO"] = str(count_to)
    return subprocess.run([sys.executable, str(DYING), *arguments], cwd=folder, env=env, capture_output=True, timeout=120)


def summaries(db: Path) -> list[str]:
    """The record's entries, each read as the station reads it (a damaged one fails the test)."""
    with sqlite3.connect(db) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = connection.execute("SELECT seq, id, line, night FROM entries ORDER BY seq").fetchall()
    read = [entry_of_row(seq, entry_id, line, night) for seq, entry_id, line, night in rows]
    assert all(hasattr(entry, "summary") for entry in read), read
    return [f"{entry.kind}: {entry.summary}" for entry in read]


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """A record of one night, the transcript to record into it next, and how many statements
    that recording runs, with what it leaves (the game-clock times aside)."""
    folder = tmp_path_factory.mktemp("reference")
    write_chronicle(folder / "chronicle")
    (folder / "night.json").write_text(json.dumps(transcript(long_night(3))))
    assert run(folder, "record", "night.json", "--db", "night.sqlite3", "--chronicle", "chronicle", "--station", "hall", "--quiet").returncode == 0
    pristine = (folder / "night.sqlite3").read_bytes()
    before = summaries(folder / "night.sqlite3")
    done = run(folder, "record", "night.json", "--db", "night.sqlite3", "--station", "hall", "--quiet", count_to=folder / "count")
    assert done.returncode == 0, done.stderr
    statements = int((folder / "count").read_text().split()[0])
    return folder, pristine, before, summaries(folder / "night.sqlite3"), statements


KILL_POINTS = range(1, 40) if os.environ.get("LARP_TEST_ALL_KILL_POINTS") else range(1, 40, SAMPLED)


@pytest.mark.parametrize("kill_at", KILL_POINTS)
def test_a_record_killed_before_any_statement_is_before_or_after_each_entry_never_between(reference, kill_at, tmp_path):
    folder, pristine, before, after, statements = reference
    if kill_at > statements:
        pytest.skip(f"the recording runs {statements} statements")
    write_chronicle(tmp_path / "chronicle")
    (tmp_path / "night.json").write_text((folder / "night.json").read_text())
    (tmp_path / "night.sqlite3").write_bytes(pristine)
    killed = run(tmp_path, "record", "night.json", "--db", "night.sqlite3", "--station", "hall", "--quiet", kill_at=kill_at)
    if killed.returncode != -9:  # the kill struck the write-behind writer (forked, it counts on from the fork)
        assert killed.returncode == 1 and b"the writer stopped" in killed.stderr and b"everything recorded before is kept" in killed.stderr
    left = summaries(tmp_path / "night.sqlite3")
    assert left[: len(before)] == before
    assert [s.split(" at ")[0] for s in left] == [s.split(" at ")[0] for s in after[: len(left)]]
    again = run(tmp_path, "record", "night.json", "--db", "night.sqlite3", "--station", "hall", "--quiet")
    assert again.returncode == 0, again.stderr
    assert summaries(tmp_path / "night.sqlite3")[: len(left)] == left
