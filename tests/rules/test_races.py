"""R-EXT-2 and R-NIGHT-2 for races: a race against a character is contested, its overall loser
crossing off her bid Trait once (R-LOSS-1); one against a difficulty is static (R-LOSS-2). A
Social or Mental race the initiator loses holds her five minutes; a streak never does. Rules
version 2 took nothing for a race and set no lock."""

import pytest

from larp.rules import RuleError, run_challenge
from tests.rules.helpers import night, play, side, spec, throw

WON_BY_CHALLENGER = [throw("rock", "scissors"), throw("rock", "scissors")]
WON_BY_DEFENDER = [throw("rock", "paper"), throw("rock", "paper")]


def race(*steps, defender=None, category="social", target=2, effect="out-talk her"):
    defender = defender or side("cody", "Impressive")
    return spec(side("janet", "Witty"), defender, *steps, kind="race", category=category, target=target, effect=effect)


def test_r_ext_2_a_race_against_a_character_costs_its_loser_her_bid_trait_once():
    _, result = play(night(), race(*WON_BY_CHALLENGER))
    assert result.winner == "challenger" and result.lost == {"cody": ("Impressive",)}
    _, result = play(night(), race(*WON_BY_DEFENDER))
    assert result.winner == "defender" and result.lost == {"janet": ("Witty",)}


def test_r_ext_2_a_race_against_a_difficulty_is_static_and_costs_nothing():
    _, result = play(night(), race(*WON_BY_DEFENDER, defender={"static": 4}))
    assert result.winner == "defender" and result.lost == {}
    assert any(note.rule == "R-LOSS-2" for note in result.notes)


def test_r_ext_2_a_race_nobody_won_costs_nobody_anything():
    _, result = play(night(), race(throw("rock", "scissors"), target=3))
    assert result.winner is None and result.lost == {} and not any(note.rule == "R-NIGHT-2" for note in result.notes)


def test_r_ext_2_the_race_loss_is_said_under_r_loss_1():
    _, result = play(night(), race(*WON_BY_DEFENDER))
    assert [note.text for note in result.notes if note.rule == "R-LOSS-1"] == ["Janet crosses off Witty"]


def test_r_ext_2_rules_version_2_races_cost_nothing():
    _, result = play(night(rules_version=2), race(*WON_BY_DEFENDER))
    assert result.winner == "defender" and result.lost == {}


def test_r_night_2_a_social_race_the_initiator_loses_holds_her_five_minutes():
    after, _ = play(night(), race(*WON_BY_DEFENDER))
    with pytest.raises(RuleError) as held:
        run_challenge(after, race(*WON_BY_CHALLENGER))
    assert held.value.rule == "R-NIGHT-2"
    later, _ = play(after.at(5.0), race(*WON_BY_CHALLENGER))
    assert later.characters["cody"].lost == {"social": ("Impressive",)}


@pytest.mark.parametrize("category, trait", [("mental", "Alert"), ("social", "Witty")])
def test_r_night_2_a_race_against_a_difficulty_the_initiator_loses_holds_her_too(category, trait):
    spec_ = spec(side("janet", trait), {"static": 3}, *WON_BY_DEFENDER, kind="race", category=category, target=2)
    after, result = play(night(), spec_)
    assert result.winner == "defender" and len(after.locks) == 1


def test_r_night_2_a_won_race_and_a_physical_race_set_no_lock():
    after, _ = play(night(), race(*WON_BY_CHALLENGER))
    assert not after.locks
    physical = spec(side("janet", "Quick"), side("cody", "Brawny"), *WON_BY_DEFENDER, kind="race", category="physical", target=2)
    after, _ = play(night(), physical)
    assert not after.locks


def test_r_night_2_a_streak_has_no_loser_and_never_holds():
    streak = spec(side("janet", "Witty"), {"static": 3}, throw("rock", "paper"), kind="streak", category="social")
    after, result = play(night(), streak)
    assert result.successes == 0 and not after.locks


def test_r_night_2_rules_version_2_races_set_no_lock():
    after, _ = play(night(rules_version=2), race(*WON_BY_DEFENDER))
    assert not after.locks
    play(after, race(*WON_BY_CHALLENGER))
