"""The database itself: versions, append-only entries, one transaction per entry."""

import sqlite3

import pytest

from larp.ledger import Kind, Ledger, LedgerError
from larp.ledger.schema import LATEST
from tests.ledger.helpers import contest, open_desk


def test_a_new_record_is_at_the_latest_version_in_wal_with_full_sync(tmp_path):
    ledger = Ledger.open(tmp_path / "night.sqlite3")
    assert ledger.db.execute("PRAGMA user_version").fetchone()[0] == LATEST
    assert ledger.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert ledger.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_a_record_from_a_newer_larp_is_refused_untouched(tmp_path):
    path = tmp_path / "night.sqlite3"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {LATEST + 1}")
    db.close()
    with pytest.raises(LedgerError, match="newer larp"):
        Ledger.open(path)
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == LATEST + 1


def test_a_file_that_is_not_a_record_is_said_so(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("shopping list: garlic, stakes\n" * 100)
    with pytest.raises(LedgerError, match="not a larp night record"):
        Ledger.open(path)


def test_reading_a_record_that_does_not_exist_makes_none(tmp_path):
    with pytest.raises(LedgerError, match="no night record"):
        Ledger.open(tmp_path / "missing.sqlite3", create=False)
    assert not (tmp_path / "missing.sqlite3").exists()


def test_r_night_3_entries_are_never_edited_nor_deleted(tmp_path):
    desk = open_desk(tmp_path)
    desk.record(contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors")))
    for statement in ("UPDATE entries SET kind = 'reversal'", "DELETE FROM entries"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            desk.ledger.db.execute(statement)
    assert [e.kind for e in desk.entries()] == [Kind.OPENED, Kind.ADJUDICATION]


def test_each_entry_carries_its_id_station_narrator_and_times(tmp_path):
    desk = open_desk(tmp_path, station="hall", narrator="Ann")
    entry = desk.record(contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors")))
    stored = desk.entries(kind="adjudication")[0]
    assert stored == entry
    assert len(entry.id) == 32 and entry.station == "hall" and entry.narrator == "Ann"
    assert entry.seq == 2 and entry.wall_time.endswith("+00:00")
    assert entry.character_ids == ("janet", "cody")
    assert entry.payload["challenge"]["steps"] == [{"throw": {"challenger": "rock", "defender": "scissors"}}]
    assert entry.result.lost == {"cody": ("Brawny",)}


def test_entry_ids_are_unique_across_records(tmp_path):
    first, second = open_desk(tmp_path, db="a.sqlite3"), open_desk(tmp_path, station="bar", db="b.sqlite3")
    ids = {first.advance(1).id for _ in range(20)} | {second.advance(1).id for _ in range(20)}
    assert len(ids) == 40


def test_an_unknown_or_ambiguous_entry_id_says_so(tmp_path):
    desk = open_desk(tmp_path)
    with pytest.raises(LedgerError, match="no entry 'feedface'"):
        desk.ledger.find(desk.night_row, "feedface")
    with pytest.raises(LedgerError, match="too short"):
        desk.ledger.find(desk.night_row, "ab")
