"""What one station's own login can put on the hub, and what the other stations make of it: an
entry of a night far ahead, one with `Infinity`, `NaN`, a number out of range or a key given
twice, one naming a chronicle as a path. Each is signed with a real station's key (the worst
case: that station's laptop is in the wrong hands), set aside and named at every pull; every
station syncs, records and opens nights as before, and no record turns read-only.

The hub itself refuses an entry too large or not JSON (tests/event/test_hub_checks.py): what it
refuses is put here on a hub that kept it before it checked (`unchecked`, an older larp's hub)."""

import json

import pytest

from tests.event.stations import a_line, joined, put, synced
from tests.ledger.helpers import contest


@pytest.fixture
def unchecked(cluster, hub):
    """The event's hub as an older larp made it: it takes any entry's line, as the pull must not."""
    with cluster.as_owner(hub) as owner:
        owner.execute("ALTER TABLE larp_entries DISABLE TRIGGER larp_entries_well_formed")


def still_works(hall, bar) -> None:
    """Every station records, syncs and holds the other's new entries, in night 1."""
    made = bar.record(contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors")))
    synced(hall, bar)
    assert made.id in {e.id for e in hall.entries()}
    assert hall.night_number == bar.night_number == 1
    assert not hall.ledger.read_only and not bar.ledger.read_only


def aside_at(desk, match: str) -> None:
    moved = desk.sync()
    assert any(match in said for said in moved.aside), moved.aside


def test_an_entry_of_night_100000_moves_no_station(hall_and_bar, hub, tmp_path, chronicle):
    hall, bar = hall_and_bar
    put(hall.hub, tmp_path, a_line(hall), night=100000)
    aside_at(bar, "is of night 100000, and night 99999 is not closed here")
    still_works(hall, bar)
    door = joined(tmp_path, "door", hub, chronicle)
    assert door.night_number == 1
    door.close()


@pytest.mark.parametrize(
    "text, named",
    [
        ('"game_time":Infinity', "Infinity"),
        ('"game_time":NaN', "NaN"),
        ('"game_time":1e400', "the number 1e400 is too large"),
        ('"game_time":0,"game_time":5', "given twice"),
    ],
    ids=["infinity", "nan", "1e400", "twice"],
)
def test_an_entry_that_is_not_strict_json_is_set_aside_and_no_record_turns_read_only(hall_and_bar, unchecked, tmp_path, text, named):
    hall, bar = hall_and_bar
    line = a_line(hall)
    line = line.replace(f'"game_time":{json.loads(line)["game_time"]}', text, 1)
    put(hall.hub, tmp_path, line)
    aside_at(bar, "is not strict JSON")
    aside_at(bar, named)
    still_works(hall, bar)


def test_a_chronicle_named_as_a_path_is_never_a_folder(hall_and_bar, hub, tmp_path, chronicle):
    hall, _ = hall_and_bar
    put(hall.hub, tmp_path, a_line(hall), chronicle="../../../tmp/larp-escaped")
    door = joined(tmp_path, "door", hub, chronicle, open_night=False)
    aside_at(door, "that is no chronicle's id")
    assert {night.chronicle for night in door.ledger.nights()} == {"alder-bay"}
    door.close()


def test_an_entry_too_large_is_set_aside(hall_and_bar, unchecked, tmp_path):
    hall, bar = hall_and_bar
    put(hall.hub, tmp_path, a_line(hall, summary="x" * (17 * 2**20)))
    aside_at(bar, "is larger than 16 MB")
    still_works(hall, bar)
