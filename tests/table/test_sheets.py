"""Tabletop chronicles: the `system` of a chronicle, the Storyteller and Storytelling sheets,
the demo chronicles beside the Mind's Eye Theatre one, and refusals that name file, line, field."""

from pathlib import Path

import pytest

from larp.sheet import SheetError, StorytellerSheet, StorytellingSheet, load_chronicle
from larp.sheet.table import SKILLS

CARDS = Path(__file__).resolve().parents[2] / "cards"

ATTRIBUTES = """
[attributes]
Intelligence = 2
Wits = 3
Resolve = 2
Strength = 3
Dexterity = 3
Stamina = 2
Presence = 2
Manipulation = 2
Composure = 3
"""


def chronicle_with(tmp_path: Path, system: str, sheet: str) -> Path:
    (tmp_path / "chronicle.toml").write_text(f'id = "t"\nname = "Test"\nsystem = "{system}"\n')
    (tmp_path / "kim.toml").write_text(sheet)
    return tmp_path


def test_d_sheet_met_demo_chronicle_reads_no_subfolder():
    chronicle = load_chronicle(CARDS)
    assert chronicle.system == "met"
    assert len(chronicle.characters) == 16
    assert not {"louis", "veronica"} & set(chronicle.characters)


def test_d_sheet_storyteller_demo_chronicle():
    chronicle = load_chronicle(CARDS / "storyteller")
    assert chronicle.system == "storyteller"
    assert len(chronicle.characters) >= 4
    veronica = chronicle.characters["veronica"]
    assert isinstance(veronica, StorytellerSheet)
    assert veronica.attributes.Wits == 3 and veronica.abilities["Finance"] == 4  # seed 002's seven dice
    assert veronica.health_boxes == 7
    assert veronica.ratings()["Self-Control"] == 2


def test_d_sheet_storytelling_demo_chronicle_derived_traits():
    chronicle = load_chronicle(CARDS / "storytelling")
    assert chronicle.system == "storytelling"
    louis = chronicle.characters["louis"]
    assert isinstance(louis, StorytellingSheet)
    assert louis.health_boxes == 7  # seed 004: Louis has seven Health dots (Stamina 2 + Size 5)
    assert louis.defense == 3 and louis.initiative == 6 and louis.speed == 11
    assert louis.specialties["Stealth"] == ["Stalking"]


def test_d_sheet_strict_count_is_refused_with_file_line_and_field(tmp_path):
    folder = chronicle_with(tmp_path, "storytelling", 'id = "kim"\nwillpower = "5"\n' + ATTRIBUTES)
    with pytest.raises(SheetError) as refused:
        load_chronicle(folder)
    assert str(refused.value).startswith(f"{folder / 'kim.toml'}, line 2: willpower: ")
    assert "integer" in str(refused.value)


def test_d_sheet_misspelt_attribute_is_named(tmp_path):
    sheet = 'id = "kim"\nwillpower = 5\n' + ATTRIBUTES.replace("Composure = 3", "Composure = 3\nCharisma = 2")
    with pytest.raises(SheetError) as refused:
        load_chronicle(chronicle_with(tmp_path, "storytelling", sheet))
    assert "line 14: attributes.Charisma: not a field of this object" in str(refused.value)


def test_d_sheet_storytelling_skill_not_of_the_system(tmp_path):
    sheet = 'id = "kim"\nwillpower = 5\n' + ATTRIBUTES + "[skills]\nFinance = 2\n"
    with pytest.raises(SheetError) as refused:
        load_chronicle(chronicle_with(tmp_path, "storytelling", sheet))
    assert "'Finance' is not a Skill of the Storytelling System" in str(refused.value)


def test_d_sheet_specialty_of_a_skill_she_lacks(tmp_path):
    sheet = 'id = "kim"\nwillpower = 5\n' + ATTRIBUTES + '[skills]\nBrawl = 2\n[specialties]\nFirearms = ["Rifles"]\n'
    with pytest.raises(SheetError, match="a Specialty of 'Firearms', which is not a Skill of the sheet"):
        load_chronicle(chronicle_with(tmp_path, "storytelling", sheet))


def test_d_sheet_met_file_in_a_dice_chronicle_is_refused(tmp_path):
    sheet = (CARDS / "janet.toml").read_text()
    with pytest.raises(SheetError) as refused:
        load_chronicle(chronicle_with(tmp_path, "storyteller", sheet))
    assert str(refused.value).startswith(f"{tmp_path / 'kim.toml'}, line 25: traits.physical: ")


def test_d_sheet_unknown_system_is_refused(tmp_path):
    with pytest.raises(SheetError, match="system"):
        load_chronicle(chronicle_with(tmp_path, "d20", 'id = "kim"\n'))


def test_d_sheet_a_trait_named_twice_is_refused(tmp_path):
    sheet = 'id = "kim"\nwillpower = 5\n' + ATTRIBUTES + '[traits]\nwits = 2\n'
    with pytest.raises(SheetError, match="'wits' is named twice"):
        load_chronicle(chronicle_with(tmp_path, "storytelling", sheet))


def test_d_sheet_skills_are_the_24_of_the_system_in_three_categories():
    assert len(SKILLS) == 24
    assert sorted(set(SKILLS.values())) == ["mental", "physical", "social"]
