"""A `larp record` the rules refuse at its first event changes nothing, the game clock included
(no hold or resume is written); refused later, the events before are kept and the clock runs."""

import json
import sqlite3

from larp.cli import main
from tests.ledger.helpers import contest, leap, transcript, write_chronicle

EXHAUSTED = contest("janet", "Quick", "cody", "Brawny", ("rock", "paper"), effect="you give me the key")
"""Once thrown, the same again within five minutes of game time is refused (R-NIGHT-2)."""


def rows(db):
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT id, kind, line FROM entries ORDER BY seq").fetchall()


def test_a_record_refused_at_its_first_event_writes_nothing_not_even_the_clock(tmp_path, capsys):
    folder = write_chronicle(tmp_path / "chronicle")
    db = tmp_path / "night.sqlite3"
    first = tmp_path / "first.json"
    first.write_text(json.dumps(transcript([EXHAUSTED])))
    assert main(["record", str(first), "--db", str(db), "--chronicle", str(folder), "--station", "hall", "--quiet"]) == 0
    before = rows(db)
    again = tmp_path / "again.json"
    again.write_text(json.dumps(transcript([EXHAUSTED, leap(1)])))
    assert main(["record", str(again), "--db", str(db), "--station", "hall", "--quiet"]) == 3
    out, err = capsys.readouterr()
    assert json.loads(out)["error"]["event"] == 0 and "event 0 refused" in err
    assert rows(db) == before


def test_a_record_refused_later_keeps_the_events_before_and_lets_the_clock_run(tmp_path, capsys):
    folder = write_chronicle(tmp_path / "chronicle")
    db = tmp_path / "night.sqlite3"
    night = tmp_path / "night.json"
    night.write_text(json.dumps(transcript([leap(0), EXHAUSTED, leap(1), EXHAUSTED, leap(2)])))
    assert main(["record", str(night), "--db", str(db), "--chronicle", str(folder), "--station", "hall", "--quiet"]) == 3
    out, err = capsys.readouterr()
    assert json.loads(out)["error"]["event"] == 3 and "event 3 refused" in err and "the 3 events before it are recorded" in err
    kinds = [kind for _, kind, _ in rows(db)]
    assert kinds.count("adjudication") == 3
    assert [json.loads(line)["payload"]["action"] for _, kind, line in rows(db) if kind == "clock"] == ["hold", "resume"]


def test_a_record_refused_at_its_first_event_writes_none_of_the_characters_it_brings(tmp_path, capsys):
    """The first event is tried with the transcript's new characters joined before any of them is
    written: a refusal leaves the record as it was, with no one added to the night."""
    folder = write_chronicle(tmp_path / "chronicle", ids=("janet", "cody"))
    db = tmp_path / "night.sqlite3"
    first = tmp_path / "first.json"
    first.write_text(json.dumps(transcript([EXHAUSTED], ids=("janet", "cody"))))
    assert main(["record", str(first), "--db", str(db), "--chronicle", str(folder), "--station", "hall", "--quiet"]) == 0
    before = rows(db)
    again = tmp_path / "again.json"
    again.write_text(json.dumps(transcript([EXHAUSTED, leap(1)])))  # brings ruth and wick, new tonight
    assert main(["record", str(again), "--db", str(db), "--station", "hall", "--quiet"]) == 3
    out, err = capsys.readouterr()
    assert json.loads(out)["error"]["event"] == 0 and "event 0 refused" in err and "(R-" in err
    assert rows(db) == before


def test_a_record_whose_first_event_the_rules_take_still_brings_its_characters(tmp_path, capsys):
    folder = write_chronicle(tmp_path / "chronicle", ids=("janet", "cody"))
    db = tmp_path / "night.sqlite3"
    night = tmp_path / "night.json"
    night.write_text(json.dumps(transcript([contest("ruth", "Patient", "wick", "Cunning", ("rock", "paper"), category="mental")])))
    assert main(["record", str(night), "--db", str(db), "--chronicle", str(folder), "--station", "hall", "--quiet"]) == 0
    joined = [json.loads(line)["payload"]["character"] for _, kind, line in rows(db) if kind == "between-games" and json.loads(line)["payload"].get("joins")]
    assert sorted(joined) == ["ruth", "wick"]  # each joins the night, an operation of the season


def test_a_record_whose_hold_another_program_beat_records_all_and_leaves_that_hold(tmp_path, capsys, monkeypatch):
    """Two `larp record` at one station at once: the one that finds the clock held by the other
    a moment after it looked records all its events, and leaves the clock to the other."""
    from larp.desk import Desk

    folder = write_chronicle(tmp_path / "chronicle")
    db = tmp_path / "night.sqlite3"
    Desk.open(db, folder, station="hall").close()
    hold = Desk.hold

    def beaten(desk):
        with Desk.open(db, station="hall") as other:
            hold(other)  # the other program's hold, written between the look and this one
        return hold(desk)

    monkeypatch.setattr(Desk, "hold", beaten)
    night = tmp_path / "night.json"
    night.write_text(json.dumps(transcript([leap(0), leap(1), leap(2)])))
    assert main(["record", str(night), "--db", str(db), "--station", "hall", "--quiet"]) == 0
    kinds = [kind for _, kind, _ in rows(db)]
    assert kinds.count("adjudication") == 3 and kinds.count("clock") == 1  # the other's hold; no resume of it
    with Desk.read(db) as desk:
        assert desk.clock_held()
