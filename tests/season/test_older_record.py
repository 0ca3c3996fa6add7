"""A record and a bundle written by the previous larp (whole sheets between games, record
version 3, bundle version 2; made in tests/season/record3/ by that version) read as they did,
and take operations on top; the record is then version 5 (the operations by tick, version 4 the
operations themselves), which that larp refuses by its version."""

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from larp.desk import Desk
from larp.ledger.schema import LATEST

MADE = Path(__file__).parent / "record3"


@pytest.fixture
def older(tmp_path) -> Path:
    folder = tmp_path / "record3"
    shutil.copytree(MADE, folder)
    return folder


def expected() -> dict:
    """The sheets that larp read, as this larp's sheet holds them (fields added since at their defaults)."""
    from larp.sheet import ANY_SHEET

    made = json.loads((MADE / "expected.json").read_text())
    return {cid: ANY_SHEET.validate_python(sheet).model_dump(mode="json") for cid, sheet in made.items()}


def sheets(desk) -> dict:
    return {cid: state.sheet.model_dump(mode="json") for cid, state in desk.starting().items()}


def test_an_older_record_s_between_games_sheets_read_as_that_larp_read_them(older):
    with Desk.open(older / "night.sqlite3", older / "chronicle", station="hall", open_night=False) as desk:
        assert sheets(desk) == expected()
        assert desk.season().conflicts() == []


def test_an_older_record_takes_operations_on_top_and_becomes_version_5(older):
    with Desk.open(older / "night.sqlite3", older / "chronicle", station="hall", open_night=False) as desk:
        desk.award("janet", 1, "another scene")
        desk.retire("wick", "back from Boston", status="active")
        janet, wick = desk.standing().characters["janet"], desk.standing().characters["wick"]
        assert janet.experience.earned == expected()["janet"]["experience"]["earned"] + 1
        assert wick.status == "active" and desk.standing().characters["ruth"].abilities["Occult"] == 1
        desk.open_next_night()
        assert desk.sheet("janet").experience.earned == janet.experience.earned
    assert LATEST == 5
    assert sqlite3.connect(older / "night.sqlite3").execute("PRAGMA user_version").fetchone()[0] == 5


def test_an_older_bundle_merges_into_a_new_record_as_its_sheets_were(older, tmp_path):
    fresh = tmp_path / "bar.sqlite3"
    with Desk.open(fresh, older / "chronicle", station="bar", open_night=False) as desk:
        desk.merge(older / "hall-night-2.jsonl")
    with Desk.open(older / "night.sqlite3", older / "chronicle", station="hall", open_night=False) as hall:
        hall.export(tmp_path / "night-1.jsonl", night=1)
    with Desk.open(fresh, older / "chronicle", station="bar", open_night=False) as desk:
        desk.merge(tmp_path / "night-1.jsonl")
        assert sheets(desk) == expected()


def test_an_older_record_s_night_is_read_as_played_under_rules_version_2(older):
    """Its opening holds the house rules without a rules_version: version 2's rulings stand for
    that night (only the initiator cites, races cost nothing, any Ability fits)."""
    from larp.ledger import Kind, Tonight
    from larp.sheet import Category

    with Desk.open(older / "night.sqlite3", older / "chronicle", station="hall", open_night=False) as desk:
        rules = Tonight.of(desk.entries(kind=Kind.OPENED.value, night=1)).rules
        assert (rules.rules_version, rules.negative_citers) == (2, "initiator")
        assert rules.abilities.fits("Leadership", Category.PHYSICAL)
        desk.open_next_night()
        assert desk.night().rules.rules_version == 3  # the next night opens under the rules as they stand
