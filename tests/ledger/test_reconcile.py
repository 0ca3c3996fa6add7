"""Reconciliation across stations: the anomalies two stations ruling on one sheet leave behind."""

import csv
import io

import pytest

from larp.desk import Desk
from larp.sheet import Category
from larp.ledger.report import as_csv, as_markdown
from tests.ledger.helpers import SHEETS, WallClock, contest, open_desk, write_chronicle

JANET_LOSES_QUICK = contest("cody", "Brawny", "janet", "Quick", ("rock", "scissors"))


def merged(tmp_path, *desks) -> Desk:
    target = Desk.open(tmp_path / "merged.sqlite3", open_night=False)
    for desk in desks:
        desk.export(tmp_path / f"{desk.station}.jsonl")
        target.merge(tmp_path / f"{desk.station}.jsonl")
    return target


@pytest.fixture
def stations(tmp_path):
    """Station hall rules early in the night; station bar's clock is half an hour on."""
    hall = open_desk(tmp_path, station="hall", db="hall.sqlite3", now=WallClock())
    bar = open_desk(tmp_path, station="bar", db="bar.sqlite3", now=WallClock())
    hall.hold()
    bar.hold()
    bar.advance(30)
    return hall, bar


def kinds(reconciliation):
    return sorted((a.kind, a.character, a.entry.station) for a in reconciliation.anomalies)


def test_a_trait_lost_twice_at_two_stations_is_an_anomaly_and_crossed_off_once(tmp_path, stations):
    hall, bar = stations
    hall.record(JANET_LOSES_QUICK)
    bar.record(contest("wick", "Quick", "janet", "Quick", ("paper", "rock")))
    done = merged(tmp_path, hall, bar).reconcile()
    assert kinds(done) == [("trait-not-there", "janet", "bar")]
    assert done.characters["janet"].end.lost["physical"] == ("Quick",)


def test_a_regain_used_twice_in_a_category_across_stations_is_an_anomaly(tmp_path, stations):
    hall, bar = stations
    hall.record(JANET_LOSES_QUICK)
    hall.regain("janet", "physical")
    bar.regain("janet", "physical")
    done = merged(tmp_path, hall, bar).reconcile()
    assert kinds(done) == [("regain-twice", "janet", "bar")]
    assert done.characters["janet"].end.willpower == SHEETS["janet"]["willpower"] - 2


def test_willpower_spent_below_zero_across_stations_is_an_anomaly_held_at_zero(tmp_path, stations):
    hall, bar = stations
    hall.regain("wick", "social")
    bar.regain("wick", "mental")
    done = merged(tmp_path, hall, bar).reconcile()
    assert kinds(done) == [("below-zero", "wick", "bar")]
    assert done.characters["wick"].end.willpower == 0


def test_an_ability_spent_below_zero_across_stations_is_an_anomaly(tmp_path, stations):
    hall, bar = stations
    dodge = [{"retest": {"side": "defender", "source": "ability", "name": "Dodge"}}, {"throw": {"challenger": "rock", "defender": "rock"}}]
    hall.record(contest("cody", "Brawny", "janet", "Quick", ("rock", "scissors"), steps=dodge))
    bar.record(contest("wick", "Quick", "janet", "Tough", ("rock", "scissors"), steps=dodge))
    done = merged(tmp_path, hall, bar).reconcile()
    assert kinds(done) == [("below-zero", "janet", "bar")]
    assert done.characters["janet"].end.abilities["Dodge"] == 0


def test_a_reversed_entry_that_later_entries_relied_on_is_an_anomaly(tmp_path, stations):
    hall, bar = stations
    mistaken = hall.record(JANET_LOSES_QUICK)
    relying = hall.record(contest("janet", "Tough", "cody", "Brawny", ("rock", "scissors")))
    hall.reverse(mistaken.id, "Janet had Celerity up: the shove missed")
    after = hall.record(contest("janet", "Tough", "wick", "Quick", ("rock", "scissors")))
    done = hall.reconcile()
    found = sorted((a.kind, a.character, a.entry.id) for a in done.anomalies)
    assert found == [("reversed-relied-on", "cody", relying.id), ("reversed-relied-on", "janet", relying.id)]
    assert done.characters["janet"].end.to_json()["lost"]["physical"] == []
    changes = {change.entry.id: change for change in done.characters["janet"].changes}
    assert changes[mistaken.id].reversed_by is not None and after.id in changes


def test_stations_that_started_a_character_from_different_sheets_are_flagged(tmp_path):
    hall = open_desk(tmp_path, station="hall", db="hall.sqlite3")
    folder = write_chronicle(tmp_path / "changed")
    (folder / "ruth.toml").write_text((folder / "ruth.toml").read_text().replace("willpower = 4", "willpower = 6"))
    bar = Desk.open(tmp_path / "bar.sqlite3", folder, station="bar")
    done = merged(tmp_path, hall, bar).reconcile()
    # Neither heard the other open: the first in the season's order (the same tick, then the
    # station's name) starts the night at every record, never the laptops' clocks.
    assert kinds(done) == [("sheets-differ", "ruth", "hall")]
    assert done.characters["ruth"].start.willpower == 6


def test_each_change_names_its_entry_station_narrator_and_game_time(tmp_path, stations):
    hall, bar = stations
    entry = bar.record(JANET_LOSES_QUICK)
    janet = merged(tmp_path, hall, bar).reconcile().characters["janet"]
    [change] = janet.changes
    assert change.to_json() == {
        "entry": entry.id,
        "kind": "adjudication",
        "station": "bar",
        "narrator": "Ann",
        "game_time": 30.0,
        "wall_time": entry.wall_time,
        "summary": entry.summary,
        "delta": {"lost": {"physical": ["Quick"]}},
    }
    assert janet.start.total(Category.PHYSICAL) == 3 and janet.end.total(Category.PHYSICAL) == 2


def test_markdown_and_csv_put_anomalies_first(tmp_path, stations):
    hall, bar = stations
    hall.record(JANET_LOSES_QUICK)
    bar.record(JANET_LOSES_QUICK)
    done = merged(tmp_path, hall, bar).reconcile()
    text = as_markdown(done)
    assert text.index("## Anomalies") < text.index("**trait-not-there**") < text.index("## Janet Reyes (janet)")
    rows = list(csv.DictReader(io.StringIO(as_csv(done))))
    assert rows[0]["row"] == "anomaly:trait-not-there" and rows[0]["station"] == "bar"
    janet = [row["row"] for row in rows if row["character"] == "janet"]
    assert janet == ["anomaly:trait-not-there", "start", "change", "change", "end"]


def test_a_reversed_entry_keeps_what_it_recorded_beside_its_reversal_and_reason(tmp_path, stations):
    hall, _ = stations
    mistaken = hall.record(JANET_LOSES_QUICK)
    reversal = hall.reverse(mistaken.id, "Janet had Celerity up")
    janet = hall.reconcile().characters["janet"]
    struck, undoing = janet.changes
    assert struck.entry.id == mistaken.id and struck.delta == {}
    assert struck.undone == {"lost": {"physical": ["Quick"]}}
    assert (struck.reversed_by, struck.reversal_reason) == (reversal.id, "Janet had Celerity up")
    assert struck.to_json()["undone"] == {"lost": {"physical": ["Quick"]}}
    assert undoing.entry.id == reversal.id and undoing.undone == {} and undoing.reversed_by is None
    assert janet.end.to_json()["lost"]["physical"] == []
    text = as_markdown(hall.reconcile())
    assert f"~~{mistaken.summary}~~ reversed by {reversal.short_id} (Janet had Celerity up)" in text
