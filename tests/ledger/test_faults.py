"""Faults a night meets: two programs writing one record at once, a record that stops being
writable mid-night, a disk that fills, and a file that is no night record at all. Nothing recorded is lost or changed."""

import json
import os
import sqlite3
import subprocess
import sys

import pytest

from larp.cli import main
from larp.desk import Desk, DeskError
from larp.rules import CONCLUDE
from tests.ledger.helpers import contest, leap, long_night, open_desk, transcript, write_chronicle

SHOVE = contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors"))
COMMANDS = [["log"], ["night", "open"], ["reconcile"], ["close-night"], ["export", "--out", "bundle.jsonl"]]


@pytest.mark.parametrize("stations", [("hall", "bar"), ("hall",) * 6], ids=["two stations", "six at one station"])
def test_processes_recording_into_one_record_at_once_all_succeed_lose_nothing_and_never_say_locked(tmp_path, stations):
    """At one station too: each entry is numbered in the transaction that writes it."""
    folder = write_chronicle(tmp_path / "chronicle")
    db = tmp_path / "night.sqlite3"
    for station in set(stations):
        Desk.open(db, folder, station=station).close()
    night = tmp_path / "night.json"
    night.write_text(json.dumps(transcript(long_night(30))))
    env = {**os.environ, "LARP_HOME": str(tmp_path / "home")}
    runs = [
        subprocess.Popen(
            [sys.executable, "-m", "larp", "record", str(night), "--db", str(db), "--station", station, "--quiet"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
        )
        for station in stations
    ]
    for run in runs:
        out, err = run.communicate(timeout=300)
        assert run.returncode == 0, err.decode()
        assert b"locked" not in err and b"busy" not in err
    with Desk.read(db) as desk:
        for station in set(stations):
            adjudications = desk.entries(station=station, kind="adjudication")
            assert len(adjudications) == stations.count(station) * sum(1 for event in long_night(30) if hasattr(event, "challenge"))
            numbers = sorted(entry.seq for entry in desk.entries(station=station))
            assert numbers == list(range(1, len(numbers) + 1))  # no entry lost between two of its station
    with sqlite3.connect(db) as connection:
        assert all(json.loads(line)["seq"] == seq for seq, line in connection.execute("SELECT station_seq, line FROM entries"))


def the_challenge_is_refused_then_kept_to_retry(tmp_path, fault, put_right, refusal: str) -> None:
    """A challenge under way when `fault` strikes the record is refused with `refusal`, nothing
    written; once `put_right`, the very same challenge is written."""
    desk = open_desk(tmp_path)
    desk.record(leap(1))
    before = [entry.id for entry in desk.entries()]
    # An effect longer than a page: the entry needs pages a full disk has not, wherever the last
    # page of the record ends (the opening's size moves that end).
    effect = SHOVE.challenge.effect + ", " + "and the crowd parts " * 300
    state, notes = desk.start(SHOVE.challenge.model_copy(update={"steps": [], "effect": effect}))
    state, more = desk.step(state, SHOVE.challenge.steps[0])
    state, last = desk.step(state, CONCLUDE)
    fault(desk.ledger.db)
    with pytest.raises(DeskError, match=refusal):
        desk.commit(state, notes + more + last)
    assert [entry.id for entry in desk.entries()] == before
    put_right(desk.ledger.db)
    entry = desk.commit(state, notes + more + last)
    assert [e.id for e in desk.entries()] == before + [entry.id]
    desk.close()


def test_a_record_that_turns_read_only_mid_night_refuses_the_entry_and_the_same_challenge_is_kept_to_retry(tmp_path):
    the_challenge_is_refused_then_kept_to_retry(
        tmp_path,
        fault=lambda db: db.execute("PRAGMA query_only = ON"),  # the folder turned read-only under the station
        put_right=lambda db: db.execute("PRAGMA query_only = OFF"),
        refusal="read-only: could not write the adjudication entry, nothing of it was written",
    )


def fill_the_disk(db) -> None:
    """Not one page more for the record."""
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    (pages,) = db.execute("PRAGMA page_count").fetchone()
    db.execute(f"PRAGMA max_page_count = {pages}")


def test_a_disk_that_fills_mid_night_refuses_the_entry_and_the_same_challenge_is_kept_to_retry(tmp_path):
    the_challenge_is_refused_then_kept_to_retry(
        tmp_path,
        fault=fill_the_disk,
        put_right=lambda db: db.execute("PRAGMA max_page_count = 1073741823"),  # space freed
        refusal="is full: could not write the adjudication entry, nothing of it was written",
    )


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: command[0])
def test_a_garbage_record_file_is_refused_clearly_and_never_overwritten(command, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "night.sqlite3"
    garbage = os.urandom(4096)
    db.write_bytes(garbage)
    assert main([*command, "--db", str(db)]) == 1
    assert "is not a larp night record (or it is damaged)" in capsys.readouterr().err
    assert db.read_bytes() == garbage
    assert sorted(path.name for path in tmp_path.iterdir()) == ["night.sqlite3"]


def test_another_programs_database_is_refused_and_left_as_it_was(tmp_path, capsys):
    db = tmp_path / "songs.sqlite3"
    connection = sqlite3.connect(db)
    connection.execute("CREATE TABLE songs (title TEXT)")
    connection.execute("INSERT INTO songs VALUES ('Ashes')")
    connection.commit()
    connection.close()
    before = db.read_bytes()
    assert main(["night", "open", "--db", str(db)]) == 1
    assert "is a database of another program, not a larp night record: nothing was changed" in capsys.readouterr().err
    assert db.read_bytes() == before


def test_a_garbage_record_file_refuses_larp_record_and_is_kept(tmp_path, capsys):
    db = tmp_path / "night.sqlite3"
    garbage = b"SQLite format 3\x00" + os.urandom(4080)
    db.write_bytes(garbage)
    night = tmp_path / "night.json"
    night.write_text(json.dumps(transcript([leap(1)])))
    assert main(["record", str(night), "--db", str(db)]) == 1
    assert "larp record: " in capsys.readouterr().err
    assert db.read_bytes() == garbage
