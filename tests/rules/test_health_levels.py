"""R-HEALTH: a Mind's Eye Theatre character's Health Levels, read from her sheet's list, each
wound a box, her level's penalty on every total, and the levels that keep her out of challenges."""

import re
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from larp.rules import RuleError, start_challenge
from larp.rules.cast import Cast
from larp.rules.wounds import track_of
from larp.sheet import Category, HouseRules, Sheet
from tests.rules.helpers import JANET, JEN, begin, night, play, side, spec, throw

GRAPEVINE_LEVELS = [
    {"name": "Healthy", "rating": 2},
    {"name": "Bruised", "rating": 3},
    {"name": "Wounded", "rating": 2},
    {"name": "Incapacitated"},
    {"name": "Torpor"},
]


def wounded(the_night, character_id: str, boxes: int):
    """The night with her Health boxes filled, as the night record's wounds leave her."""
    state = the_night.characters[character_id]
    return replace(the_night, characters=Cast({**dict(the_night.characters.items()), character_id: replace(state, wounds=boxes)}))


def test_r_health_1_the_track_is_the_sheets_health_levels_in_order_each_rating_its_boxes():
    sheet = Sheet.model_validate({**JANET, "lists": {"Health Levels": GRAPEVINE_LEVELS}})
    track = track_of(sheet, HouseRules())
    assert track.levels == (("Healthy", 2), ("Bruised", 3), ("Wounded", 2), ("Incapacitated", 1), ("Torpor", 1))
    assert track.boxes == 9 and track.state == "unhurt"
    assert track.marks == "Healthy □□ Bruised □□□ Wounded □□ Incapacitated □ Torpor □"


def test_r_health_1_a_sheet_without_health_levels_takes_the_chronicles():
    plain = Sheet.model_validate(JEN)
    assert track_of(plain, HouseRules()).levels == (("Healthy", 2), ("Bruised", 3), ("Wounded", 2), ("Incapacitated", 1), ("Mortally Wounded", 1))
    house = HouseRules.model_validate({"health": {"levels": {"Fine": 1, "Hurt": 2, "Down": 1}}})
    assert track_of(plain, house).levels == (("Fine", 1), ("Hurt", 2), ("Down", 1))


def test_r_health_2_a_wound_fills_the_next_box_and_she_stands_at_its_level():
    track = track_of(Sheet.model_validate({**JANET, "lists": {"Health Levels": GRAPEVINE_LEVELS}}), HouseRules())
    levels = []
    for _ in range(track.boxes):
        track = track.marking(1, "Janet")
        levels.append(track.state)
    assert levels == ["Healthy", "Healthy", "Bruised", "Bruised", "Bruised", "Wounded", "Wounded", "Incapacitated", "Torpor"]
    assert track.marking(-3, "Janet").state == "Wounded" and track.marking(-4, "Janet").state == "Bruised"
    assert track.marking(-9, "Janet").state == "unhurt"


def test_r_health_2_a_wound_past_the_last_box_or_a_heal_of_none_is_refused():
    track = track_of(Sheet.model_validate(JEN), HouseRules())
    with pytest.raises(RuleError, match=r"R-HEALTH-2.*Jen has 9 boxes of Health left.*10 wounds more would pass the last level"):
        track.marking(10, "Jen")
    with pytest.raises(RuleError, match="Jen has 0 wounds to heal, not 1"):
        track.marking(-1, "Jen")
    full = track.marking(9, "Jen")
    assert full.state == "Mortally Wounded"
    with pytest.raises(RuleError, match="Jen has 0 boxes of Health left"):
        full.marking(1, "Jen")


def test_r_health_3_an_incapacitated_character_can_start_no_challenge():
    the_night = wounded(night(), "janet", 8)
    with pytest.raises(RuleError, match="R-HEALTH-3.*Janet is Incapacitated: she can start no challenge"):
        begin(the_night, spec(side("janet", "Witty"), side("cody", "Impressive")))


def test_r_health_3_an_incapacitated_responder_loses_at_once_and_risks_nothing():
    the_night = wounded(night(), "janet", 8)
    after, result = play(the_night, spec(side("cody", "Impressive"), side("janet", "Witty")))
    assert result.winner == "challenger" and result.throws == 0 and result.lost == {}
    assert after.characters["janet"].total(Category.SOCIAL) == the_night.characters["janet"].total(Category.SOCIAL) == 9
    assert any(note.rule == "R-HEALTH-3" and "Janet is Incapacitated" in note.text for note in result.notes)


def test_r_health_3_the_levels_out_of_play_are_a_house_setting():
    the_night = wounded(night(health={"out_of_play": ["Mortally Wounded"]}), "janet", 8)
    state = begin(the_night, spec(side("janet", "Witty"), side("cody", "Impressive")))
    assert state.challenger.name == "Janet"


def test_r_health_4_her_levels_penalty_adjusts_every_total_she_declares():
    bruised = begin(wounded(night(), "janet", 3), spec(side("janet", "Witty"), side("cody", "Impressive")))
    assert bruised.challenger.true_total == 9 - 1
    assert ("wounds (Bruised)", -1) in bruised.challenger.made_of
    hurt = begin(wounded(night(), "cody", 6), spec(side("janet", "Tough"), side("cody", "Brawny"), category="physical"))
    assert hurt.defender.true_total == 3 - 2
    willpower = begin(wounded(night(), "cody", 6), spec(side("cody"), side("janet"), category="willpower"))
    assert willpower.challenger.true_total == 4 - 2


def test_r_health_4_a_healthy_box_carries_no_penalty_and_penalties_are_a_house_setting():
    healthy = begin(wounded(night(), "janet", 2), spec(side("janet", "Witty"), side("cody", "Impressive")))
    assert healthy.challenger.true_total == 9
    house = night(health={"penalties": {"Healthy": -1}})
    scratched = begin(wounded(house, "janet", 1), spec(side("janet", "Witty"), side("cody", "Impressive")))
    assert scratched.challenger.true_total == 8


def test_r_health_2_a_tie_is_decided_on_the_wounded_total():
    after, result = play(wounded(night(), "cody", 6), spec(side("cody", "Brawny"), side("janet", "Tough"), throw("rock", "rock"), category="physical"))
    assert result.winner == "defender"


def test_r_health_4_the_opening_says_whose_wounds_count_and_how_much():
    _, notes = start_challenge(wounded(night(), "cody", 6), spec(side("janet", "Tough"), side("cody", "Brawny"), category="physical"))
    assert notes[1] == ("R-HEALTH-4", "Cody is Wounded: 2 Traits less in each total")


def test_r_health_1_the_guides_health_house_rules_are_the_defaults_and_read_as_a_chronicle_writes_them():
    guide = (Path(__file__).parents[2] / "docs" / "station.md").read_text()
    [block] = re.findall(r"```toml\n(\[house_rules\.health\].*?)```", guide, re.S)
    assert HouseRules.model_validate(tomllib.loads(block)["house_rules"]) == HouseRules()
