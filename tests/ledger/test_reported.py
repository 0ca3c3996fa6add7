"""What the paper sheets show, against the record: every difference, and bad files named."""

import pytest

from larp.desk import DeskError
from tests.ledger.helpers import contest, open_desk

CSV = """character,willpower,physical_lost,social_lost,abilities
janet,2,Tough,,Leadership=2; Dodge=1
cody,3,,,Brawl=1
"""

TOML = """
[janet]
willpower = 2
lost = { physical = ["Tough"] }
abilities = { Dodge = 1 }

[cody]
lost = { physical = [] }
abilities = { Brawl = 1 }
"""


@pytest.fixture
def desk(tmp_path):
    desk = open_desk(tmp_path)
    desk.record(contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors")))
    return desk


def differences(desk, path, text):
    path.write_text(text)
    return [(d.character, d.what, d.recorded, d.reported) for d in desk.reconcile(reported=path).differences]


@pytest.mark.parametrize("name, text", [("sheets.csv", CSV), ("sheets.toml", TOML)])
def test_every_difference_with_the_paper_sheets_is_listed(tmp_path, desk, name, text):
    assert differences(desk, tmp_path / name, text) == [
        ("janet", "Physical Traits lost", [], ["Tough"]),
        ("cody", "Physical Traits lost", ["Brawny"], []),
        ("cody", "Brawl", 2, 1),
    ]


@pytest.mark.parametrize("name, text", [("sheets.csv", "character,wounds\njanet,3\ncody,\n"), ("sheets.toml", "[janet]\nwounds = 3\n[cody]\nwounds = 2\n")])
def test_r_health_2_the_wounds_a_paper_sheet_shows_are_compared_with_the_record(tmp_path, desk, name, text):
    desk.wound("janet", 2)
    found = differences(desk, tmp_path / name, text)
    assert found[0] == ("janet", "Wounds", 2, 3)
    assert found[1:] == ([("cody", "Wounds", 0, 2)] if name.endswith(".toml") else [])


def test_what_the_paper_sheets_leave_out_is_not_compared(tmp_path, desk):
    assert differences(desk, tmp_path / "sheets.csv", "character,willpower\njanet,\ncody,3\n") == []


def test_a_paper_sheet_of_a_character_the_record_does_not_know_is_a_difference(tmp_path, desk):
    found = differences(desk, tmp_path / "sheets.toml", "[nobody]\nwillpower = 1\n")
    assert found == [("nobody", "character", "not in the record", "a paper sheet")]


def test_the_difference_says_where_on_paper(tmp_path, desk):
    path = tmp_path / "sheets.csv"
    path.write_text(CSV)
    first = desk.reconcile(reported=path).differences[0]
    assert str(first) == f"janet: Physical Traits lost: the record says nothing, the paper sheet shows Tough ({path}, line 2)"


@pytest.mark.parametrize(
    "name, text, message",
    [
        ("sheets.csv", "who,willpower\njanet,2\n", r"sheets.csv, line 1: the header row names no `character` column"),
        ("sheets.csv", "character,willpower\njanet,two\n", r"sheets.csv, line 2: willpower is 'two', not a whole number"),
        ("sheets.csv", "character,hunger\njanet,2\n", r"sheets.csv, line 1: unknown column 'hunger'"),
        ("sheets.toml", "[janet\n", r"sheets.toml is not valid TOML"),
        ("sheets.toml", "[janet]\nwillpower = -1\n", r"sheets.toml, \[janet\]: willpower is -1, below zero"),
        ("sheets.txt", "janet 2\n", r"sheets.txt: the paper sheets are a .csv or a .toml file"),
    ],
)
def test_a_malformed_paper_sheets_file_is_named_with_its_place(tmp_path, desk, name, text, message):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(DeskError, match=message):
        desk.reconcile(reported=path)
