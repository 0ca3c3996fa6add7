"""`close-night`: the next game starts from tonight's end, and tonight is archived."""

import json

import pytest

from larp.desk import Desk, DeskError
from tests.ledger.helpers import SHEETS, contest, larp, leap, open_desk, transcript, write_chronicle

SPENT_NIGHT = [
    contest("cody", "Brawny", "janet", "Quick", ("rock", "scissors")),
    contest(
        "janet", "Charismatic", "cody", "Impressive", ("rock", "paper"),
        category="social",
        steps=[{"retest": {"side": "challenger", "source": "ability", "name": "Leadership"}}, {"throw": {"challenger": "rock", "defender": "scissors"}}],
    ),
]


def spend(desk):
    for event in SPENT_NIGHT:
        desk.record(event)
    desk.regain("janet", "social")


def test_the_next_night_starts_with_traits_and_abilities_back_and_willpower_full(tmp_path):
    desk = open_desk(tmp_path)
    spend(desk)
    following = desk.archive_night()
    assert following["janet"]["willpower"] == SHEETS["janet"]["willpower"]
    desk.close()
    with open_desk(tmp_path) as next_night:
        assert next_night.night_number == 2
        janet = next_night.character("janet")
        assert janet.to_json()["lost"] == {"physical": [], "social": [], "mental": []}
        assert janet.abilities == SHEETS["janet"]["abilities"]
        assert janet.willpower == SHEETS["janet"]["willpower"] and janet.regained == frozenset()


def test_willpower_refresh_keep_carries_willpower_into_the_next_night(tmp_path):
    folder = write_chronicle(tmp_path / "chronicle", willpower_refresh="keep")
    desk = Desk.open(tmp_path / "night.sqlite3", folder, station="hall")
    spend(desk)
    desk.archive_night()
    desk.close()
    with Desk.open(tmp_path / "night.sqlite3", folder, station="hall") as next_night:
        assert next_night.character("janet").willpower == SHEETS["janet"]["willpower"] - 1
        assert next_night.character("cody").willpower == SHEETS["cody"]["willpower"]


def test_permanent_changes_are_kept_into_the_next_night(tmp_path):
    desk = open_desk(tmp_path)
    grown = desk.sheet("wick").model_copy(update={"abilities": {"Stealth": 3, "Dodge": 1}})
    desk.change(grown)
    desk.archive_night()
    desk.close()
    with open_desk(tmp_path) as next_night:
        assert next_night.sheet("wick") == grown


def test_an_archived_night_takes_no_more_entries_here_and_a_late_bundle_is_kept_and_flagged(tmp_path):
    bar = open_desk(tmp_path, station="bar", db="bar.sqlite3")
    hall = open_desk(tmp_path, station="hall", db="hall.sqlite3")
    call = hall.record(SPENT_NIGHT[0])
    late = bar.record(SPENT_NIGHT[0])
    bar.export(tmp_path / "bar.jsonl")
    following = hall.archive_night()
    with pytest.raises(DeskError, match="night 1 is archived"):
        hall.reverse(call.id, "too late")
    assert hall.merge(tmp_path / "bar.jsonl") == 2
    flagged = [a for a in hall.reconcile(night=1).anomalies if a.kind == "late-entry"]
    assert [(a.entry.id, a.entry.station) for a in flagged] == [(late.id, "bar")]
    assert f"larp carry {late.short_id}" in flagged[0].message
    assert hall.ledger.starting_states(hall.ledger.night("alder-bay", 2)) == following
    with pytest.raises(DeskError, match="archived already"):
        hall.archive_night()


def test_between_games_larp_record_opens_no_night_by_itself(tmp_path, capsys):
    desk = open_desk(tmp_path)
    spend(desk)
    desk.archive_night()
    desk.close()
    night = tmp_path / "night.json"
    night.write_text(json.dumps(transcript([leap(1)])))
    db = tmp_path / "night.sqlite3"
    status, _, err = larp(capsys, "record", night, "--db", db)
    assert status == 1 and "night 1 is closed and night 2 is not open yet" in err
    with Desk.read(db) as after:
        assert after.ledger.entries(after.ledger.night("alder-bay", 2)) == []
    status, out, _ = larp(capsys, "night", "open", "--db", db)
    assert status == 0 and "Night 2" in out
    status, _, _ = larp(capsys, "record", night, "--db", db)
    assert status == 0


def test_a_first_night_is_still_opened_by_larp_record(tmp_path, capsys):
    night = tmp_path / "night.json"
    night.write_text(json.dumps(transcript([leap(1)])))
    status, _, _ = larp(capsys, "record", night, "--db", tmp_path / "night.sqlite3", "--chronicle", write_chronicle(tmp_path / "chronicle"))
    assert status == 0


def test_two_stations_that_closed_the_same_night_apart_start_the_next_from_the_same_close(tmp_path, capsys):
    """Two closes of one night: every record starts the next night from the same one (the one
    that read fewer entries, then by station: never a laptop's clock), and flags the other."""
    bar = open_desk(tmp_path, station="bar", db="bar.sqlite3")
    hall = open_desk(tmp_path, station="hall", db="hall.sqlite3")
    hall.record(SPENT_NIGHT[0])
    bar.record(SPENT_NIGHT[1])
    closed = {"hall": hall.archive_night(), "bar": bar.archive_night()}  # bar never heard of the hall's close
    hall.export(tmp_path / "hall.jsonl", night=1)
    bar.export(tmp_path / "bar.jsonl", night=1)
    hall.merge(tmp_path / "bar.jsonl")
    bar.merge(tmp_path / "hall.jsonl")
    flags = []
    for desk in (hall, bar):
        flagged = [(a.entry.station, a.earlier.station) for a in desk.reconcile(night=1).anomalies if a.kind == "closed-twice"]
        assert len(flagged) == 1 and set(flagged[0]) == {"hall", "bar"}
        assert desk.ledger.starting_states(desk.ledger.night("alder-bay", 2)) == closed[flagged[0][1]]
        flags.append(flagged)
    assert flags[0] == flags[1]
    other = flags[0][0][0]
    status, out, _ = larp(capsys, "reconcile", "--night", "1", "--db", tmp_path / "bar.sqlite3")
    assert status == 0 and "closed-twice" in out and f"station {other} closed night 1 too" in out
