"""Entries pulled from the hub are checked as a merged bundle's are: one that is malformed or
contradicts this record is set aside, named with its station and its reason, and the rest of the
pull is taken; nothing of it reaches the record. The hub is changed here by its owner (a
station's role can't)."""

import re
import uuid

import pytest

from larp.desk import DeskError
from larp.ledger.signing import read_key, sign
from tests.event.stations import synced
from tests.ledger.helpers import contest


@pytest.fixture
def altered(cluster, hub):
    """The hub's record changed behind the stations' backs by its owner (a damaged or forged table)."""

    def changing(sql: str, *values) -> None:
        with cluster.as_owner(hub) as connection:
            assert connection.execute(sql, values).rowcount == 1

    return changing


def made_malformed(altered, entry) -> None:
    """The entry's payload on the hub names a category that does not exist."""
    altered("UPDATE larp_entries SET line = replace(line, '\"social\"', '\"spiritual\"') WHERE id = %s", entry.id)


def refused_and_unchanged(desk, match: str) -> None:
    lines = desk.ledger.lines(desk.night_row)
    moved = desk.sync()
    assert any(re.search(match, said) for said in moved.aside), moved.aside
    assert desk.ledger.lines(desk.night_row) == lines
    assert not desk.ledger.read_only


def test_d_a_malformed_entry_pulled_is_refused(hall_and_bar, altered):
    hall, bar = hall_and_bar
    entry = hall.regain("janet", "social")
    hall.sync()
    made_malformed(altered, entry)
    refused_and_unchanged(bar, f"entry {entry.short_id} of station 'hall'.*malformed")


def test_d_a_station_whose_pull_set_an_entry_aside_says_so_on_its_status_bar(hall_and_bar, altered):
    hall, bar = hall_and_bar
    entry = hall.regain("janet", "social")
    hall.sync()
    made_malformed(altered, entry)
    bar.go_live()
    assert bar._live.wait_round(10)
    shown = bar.sync_status().text()
    assert shown.startswith("online") and "1 set aside" in shown


def test_d_an_entry_pulled_that_differs_from_the_one_of_its_id_held_here_is_refused(hall_and_bar, altered):
    hall, bar = hall_and_bar
    entry = hall.record(contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors")))
    synced(hall, bar)
    altered("UPDATE larp_entries SET line = replace(line, 'Quick', 'Lithe') WHERE id = %s", entry.id)
    bar.ledger.remember("hub_pulled", "0")  # everything pulled again
    refused_and_unchanged(bar, f"entry {entry.short_id} of station 'hall'.*differs from the entry of the same id")


def test_d_an_entry_pulled_in_the_place_of_one_held_here_is_refused(hall_and_bar, altered, tmp_path):
    hall, bar = hall_and_bar
    entry = hall.regain("janet", "social")
    synced(hall, bar)
    forged = uuid.uuid4().hex
    line = entry.line().replace(entry.id, forged)
    signature = sign(read_key(tmp_path / "hall.sqlite3.key"), "alder-bay", 1, line)  # signed by hall itself
    altered("UPDATE larp_entries SET id = %s, line = %s, signature = %s WHERE id = %s", forged, line, signature, entry.id)
    bar.ledger.remember("hub_pulled", "0")
    refused_and_unchanged(bar, f"entry {forged[:8]} of station 'hall'.*takes the place of entry {entry.short_id}")


def test_d_an_entry_of_another_chronicle_on_the_hub_is_not_pulled_and_stops_no_sync(hall_and_bar, altered):
    hall, bar = hall_and_bar
    entry = hall.regain("janet", "social")
    later = hall.regain("cody", "social")
    hall.sync()
    altered("UPDATE larp_entries SET chronicle = 'another-city' WHERE id = %s", entry.id)
    bar.sync()
    held = {e.id for e in bar.entries()}
    assert later.id in held and entry.id not in held

