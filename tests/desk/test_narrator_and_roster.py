"""The Narrator at a station, named once and carried by every entry; who is in tonight."""

import pytest

from larp.desk import Desk, DeskError
from tests.station.conftest import CARDS


def open_desk(tmp_path, narrator=""):
    return Desk.open(db=tmp_path / "night.sqlite3", chronicle=CARDS, station="Bar", narrator=narrator)


def test_the_narrator_named_is_on_every_entry_and_remembered_by_the_record(tmp_path):
    with open_desk(tmp_path) as desk:
        assert desk.narrator == ""
        assert desk.name_narrator("  Sam   Okoro ") == "Sam Okoro"
        entry = desk.hold()
        assert entry.narrator == "Sam Okoro"
    with open_desk(tmp_path) as desk:
        assert desk.narrator == "Sam Okoro"


@pytest.mark.parametrize("name, said", [("   ", "give the Narrator's name"), ("x" * 81, "at most 80 characters"), ("\x1b\x07\t", "give the Narrator's name")])
def test_a_narrators_name_that_is_empty_or_too_long_is_refused(tmp_path, name, said):
    with open_desk(tmp_path, narrator="Ann") as desk:
        with pytest.raises(DeskError, match=said):
            desk.name_narrator(name)
        assert desk.narrator == "Ann"


def test_the_roster_is_everyone_in_tonight_by_name(tmp_path):
    with open_desk(tmp_path) as desk:
        roster = desk.roster()
        assert len(roster) == 16
        names = [state.name for state in roster]
        assert names == sorted(names, key=str.casefold)


@pytest.mark.parametrize(
    "text, ids",
    [("werewolf", {"bryn", "cody", "dez", "rowan"}), ("jan", {"janet"}), ("tore REY", {"janet"}), ("nobody here", set())],
)
def test_the_roster_filtered_by_name_player_creature_or_lineage(tmp_path, text, ids):
    with open_desk(tmp_path) as desk:
        assert {state.id for state in desk.roster(text)} == ids
