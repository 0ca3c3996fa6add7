"""What one station's own login can put on the hub, and what the other stations make of it: an
entry of a night far ahead, one with `Infinity`, `NaN`, a number out of range or a key given
twice, one naming a chronicle as a path. Each is signed with a real station's key (the worst
case: that station's laptop is in the wrong hands), set aside and named at every pull; every
station syncs, records and opens nights as before, and no record turns read-only."""

import json
import uuid

import psycopg
import pytest

from larp.ledger.signing import read_key, sign
from tests.event.stations import joined, synced
from tests.ledger.helpers import contest


def put(login: str, tmp_path, line: str, night: int = 1, chronicle: str = "alder-bay", seq: int = 900) -> str:
    """An entry put on the hub with hall's own login, signed with hall's own key."""
    signature = sign(read_key(tmp_path / "hall.sqlite3.key"), chronicle, night, line)
    entry_id = json.loads(line)["id"] if line.startswith('{"id"') else uuid.uuid4().hex
    with psycopg.connect(login, autocommit=True) as connection:
        connection.execute(
            "INSERT INTO larp_entries (id, chronicle, night, station, seq, line, signature) VALUES (%s, %s, %s, 'hall', %s, %s, %s)",
            (entry_id, chronicle, night, seq, line, signature),
        )
    return entry_id


def a_line(hall, seq: int = 900, **changes) -> str:
    line = json.loads(hall.ledger.lines(hall.night_row, station="hall")[-1])
    line.update(id=uuid.uuid4().hex, seq=seq, **changes)
    return json.dumps(line, separators=(",", ":"))


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
        ('"game_time":1e400', "out of range"),
        ('"game_time":0,"game_time":5', "given twice"),
    ],
    ids=["infinity", "nan", "1e400", "twice"],
)
def test_an_entry_that_is_not_strict_json_is_set_aside_and_no_record_turns_read_only(hall_and_bar, hub, tmp_path, text, named):
    hall, bar = hall_and_bar
    line = a_line(hall)
    line = line.replace(f'"game_time":{json.loads(line)["game_time"]}', text, 1)
    put(hall.hub, tmp_path, line)
    aside_at(bar, "is not strict JSON")
    still_works(hall, bar)


def test_a_chronicle_named_as_a_path_is_never_a_folder(hall_and_bar, hub, tmp_path, chronicle):
    hall, _ = hall_and_bar
    put(hall.hub, tmp_path, a_line(hall), chronicle="../../../tmp/larp-escaped")
    door = joined(tmp_path, "door", hub, chronicle, open_night=False)
    aside_at(door, "that is no chronicle's id")
    assert {night.chronicle for night in door.ledger.nights()} == {"alder-bay"}
    door.close()


def test_an_entry_too_large_is_set_aside(hall_and_bar, hub, tmp_path):
    hall, bar = hall_and_bar
    put(hall.hub, tmp_path, a_line(hall, summary="x" * (17 * 2**20)))
    aside_at(bar, "is larger than 16 MB")
    still_works(hall, bar)
