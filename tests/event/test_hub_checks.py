"""The hub checks what it takes: an entry over the per-entry limit (16 MB, the pull's own) or not
JSON PostgreSQL can read (`NaN`, `Infinity`, a number beyond a double's range, garbage) is refused
at the insert, the pushing station told which entry and why; the other stations sync, record and
open nights as before. A key given twice passes the hub and is set aside at every pull
(tests/event/test_pull_attacks.py)."""

import dataclasses
import json
import re
import uuid

import psycopg
import pytest

from larp.desk import DeskError
from larp.event.hub import prepare_event
from larp.ledger.signing import read_key, sign
from larp.sheet.strict_json import LONGEST_LINE
from tests.event.stations import a_line, joined, put, synced
from tests.ledger.helpers import contest


def sized(line: str, size: int) -> str:
    """`line` with its summary grown so that the line takes exactly `size` bytes."""
    data = json.loads(line)
    data["summary"] = ""
    bare = json.dumps(data, separators=(",", ":"))
    data["summary"] = "x" * (size - len(bare.encode()))
    return json.dumps(data, separators=(",", ":"))


def held_on_hub(cluster, hub: str, entry_id: str) -> bool:
    with cluster.as_owner(hub) as owner:
        return owner.execute("SELECT count(*) FROM larp_entries WHERE id = %s", (entry_id,)).fetchone()[0] == 1


def others_still_work(bar, tmp_path, hub, chronicle) -> None:
    """bar records and syncs; a station joining now opens night 1 and holds bar's new entry."""
    made = bar.record(contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors")))
    bar.sync()
    door = joined(tmp_path, "door", hub, chronicle)
    synced(door)
    assert made.id in {entry.id for entry in door.entries()}
    assert door.night_number == bar.night_number == 1
    assert not bar.ledger.read_only and not door.ledger.read_only
    door.close()


def test_an_entry_over_16_mb_pushed_by_a_station_is_refused_at_the_hub_naming_it(hall_and_bar, cluster, hub, tmp_path, chronicle, monkeypatch):
    hall, bar = hall_and_bar
    monkeypatch.setattr("larp.ledger.rows.LONGEST_LINE", 2 * LONGEST_LINE)  # hall's laptop in the wrong hands: its own check gone
    last = [entry for entry in hall.entries() if entry.station == "hall"][-1]
    huge = hall.ledger.append(hall.night_row, dataclasses.replace(last, id=uuid.uuid4().hex, summary="x" * LONGEST_LINE))
    with pytest.raises(DeskError, match=rf"entry {huge.id[:8]} of station 'hall' takes \d+ bytes, and an entry holds at most 16 MB"):
        hall.sync()
    assert not held_on_hub(cluster, hub, huge.id)
    others_still_work(bar, tmp_path, hub, chronicle)


def test_an_entry_of_exactly_16_mb_is_taken_by_the_hub_and_by_every_pull(hall_and_bar, cluster, hub, tmp_path):
    hall, bar = hall_and_bar
    entry_id = put(hall.hub, tmp_path, sized(a_line(hall), LONGEST_LINE))
    assert held_on_hub(cluster, hub, entry_id)
    assert bar.sync().aside == []
    assert entry_id in {entry.id for entry in bar.entries()}


def test_an_entry_one_byte_over_16_mb_is_refused_by_the_hub(hall_and_bar, tmp_path):
    hall, _ = hall_and_bar
    with pytest.raises(psycopg.errors.RaiseException, match=f"takes {LONGEST_LINE + 1} bytes, and an entry holds at most 16 MB"):
        put(hall.hub, tmp_path, sized(a_line(hall), LONGEST_LINE + 1))


@pytest.mark.parametrize(
    "text, named",
    [
        ("Infinity", "is not strict JSON (invalid input syntax for type json: Token \"Infinity\" is invalid."),
        ("NaN", "is not strict JSON (invalid input syntax for type json: Token \"NaN\" is invalid."),
        ("-1e400", "is not strict JSON (a number beyond a double's range)"),
        ("1.7976931348623159e308", "is not strict JSON (a number beyond a double's range)"),
        ("[1,", "is not strict JSON (invalid input syntax for type json"),
    ],
    ids=["infinity", "nan", "-1e400", "past-the-largest-double", "cut-short"],
)
def test_an_entry_that_is_not_strict_json_is_refused_by_the_hub_and_others_sync_on(hall_and_bar, tmp_path, hub, chronicle, text, named):
    hall, bar = hall_and_bar
    line = a_line(hall, seq=900)
    with pytest.raises(psycopg.errors.RaiseException, match=re.escape(f"entry {json.loads(line)['id'][:8]} of station 'hall' {named}")):
        put(hall.hub, tmp_path, line.replace('"game_time":', f'"game_time":{text},"was":', 1))
    others_still_work(bar, tmp_path, hub, chronicle)


@pytest.mark.parametrize("text", ["1.7976931348623157e308", '"\\u0000"'], ids=["largest-double", "nul"])
def test_what_strict_json_allows_passes_the_hub(hall_and_bar, cluster, hub, tmp_path, text):
    hall, _ = hall_and_bar
    line = a_line(hall).replace('"summary":', f'"was":{text},"summary":', 1)
    assert held_on_hub(cluster, hub, put(hall.hub, tmp_path, line))


def test_a_hub_made_before_the_check_gains_it_at_its_next_start(hall_and_bar, cluster, hub, tmp_path):
    hall, _ = hall_and_bar
    with cluster.as_owner(hub) as owner:
        owner.execute("DROP TRIGGER larp_entries_well_formed ON larp_entries")
        owner.execute("DROP FUNCTION larp_entries_well_formed()")
    prepare_event(cluster.folder, cluster.settings.port, hub.rsplit("/", 1)[1])  # what `larp hub start` and `larp hub init` run
    with pytest.raises(psycopg.errors.RaiseException, match="is not strict JSON"):
        put(hall.hub, tmp_path, a_line(hall).replace('"summary":', '"was":NaN,"summary":', 1))


def test_an_insert_of_many_entries_with_one_not_json_is_refused_whole_naming_that_one(hall_and_bar, cluster, hub, tmp_path):
    hall, _ = hall_and_bar
    lines = [a_line(hall, seq=seq) for seq in (901, 902, 903)]
    ids = [json.loads(line)["id"] for line in lines]
    lines[1] = lines[1].replace('"summary":', '"was":NaN,"summary":', 1)
    key = read_key(tmp_path / "hall.sqlite3.key")
    rows = [(entry_id, "alder-bay", 1, "hall", seq, line, sign(key, "alder-bay", 1, line)) for entry_id, seq, line in zip(ids, (901, 902, 903), lines)]
    with psycopg.connect(hall.hub, autocommit=True) as login:
        with pytest.raises(psycopg.errors.RaiseException, match=f"entry {ids[1][:8]} of station 'hall' is not strict JSON .*the hub took nothing of this push"):
            login.execute(
                "INSERT INTO larp_entries (id, chronicle, night, station, seq, line, signature) "
                "SELECT * FROM unnest(%s::text[], %s::text[], %s::int[], %s::text[], %s::int[], %s::text[], %s::text[])",
                [list(column) for column in zip(*rows)],
            )
    assert not any(held_on_hub(cluster, hub, entry_id) for entry_id in ids)
