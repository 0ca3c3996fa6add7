"""R-RT-1: a retest or a cancel spends an *appropriate* Ability: one the chronicle lists for the
challenge's category (`house_rules.abilities`, by default the usual lists). One that does not
fit is refused unless the step says the Narrator allows it (`narrator_allows`), which the record
keeps and the notes say. Rules version 2 took any Ability on the sheet."""

import pytest

from larp.rules import Move, RuleError, legal_actions
from larp.sheet import HouseRules
from tests.rules.helpers import STEP, begin, cancel, night, play, retest, side, spec, step, throw


def lost_physical(**house):
    """Janet (Quick) against Cody (Brawny) in Physical; Janet lost the first throw."""
    return step(begin(night(**house), spec(side("janet", "Quick"), side("cody", "Brawny"), category="physical")), throw("rock", "paper"))


def allowed(body: dict) -> dict:
    key = next(iter(body))
    return {key: {**body[key], "narrator_allows": True}}


def test_r_rt_1_a_leadership_retest_in_a_physical_challenge_is_refused():
    with pytest.raises(RuleError) as refused:
        step(lost_physical(), retest("challenger", "ability", "Leadership"))
    assert refused.value.rule == "R-RT-1" and "not an appropriate Ability for a Physical challenge" in refused.value.message


def test_r_rt_1_an_ability_that_fits_the_category_retests():
    state = step(lost_physical(), retest("challenger", "ability", "Dodge"))
    assert state.challenger.spent_abilities == {"Dodge": 1}


def test_r_rt_1_the_narrator_allows_an_ability_that_does_not_fit_and_the_note_says_so():
    steps = [throw("rock", "paper"), allowed(retest("challenger", "ability", "Leadership")), throw("paper", "rock")]
    _, result = play(night(), spec(side("janet", "Quick"), side("cody", "Brawny"), *steps, category="physical"))
    assert result.winner == "challenger" and result.spent["janet"].abilities == {"Leadership": 1}
    [said] = [note.text for note in result.notes if note.rule == "R-RT-1"]
    assert "the Narrator allows Leadership, which the chronicle does not list for Physical" in said


def test_r_rt_1_a_cancel_with_an_ability_that_does_not_fit_is_refused_unless_allowed():
    state = step(lost_physical(), retest("challenger", "ability", "Dodge"))
    with pytest.raises(RuleError) as refused:
        step(state, cancel("defender", "Empathy"))
    assert refused.value.rule == "R-RT-1"
    cancelled = step(state, allowed(cancel("defender", "Empathy")))
    assert cancelled.defender.spent_abilities == {"Empathy": 1} and cancelled.result.value == "defender"


def test_r_rt_1_offers_part_the_abilities_that_fit_from_those_the_narrator_must_allow():
    [offer] = [o for o in legal_actions(lost_physical()) if o.move is Move.RETEST and o.source == "ability"]
    assert offer.choices == ("Dodge",) and set(offer.unfit) == {"Expression", "Leadership"}


def test_r_rt_1_the_chronicle_says_which_abilities_fit_which_category():
    house = {"abilities": {"physical": ["Leadership"]}}
    state = step(lost_physical(**house), retest("challenger", "ability", "Leadership"))
    assert state.challenger.spent_abilities == {"Leadership": 1}
    with pytest.raises(RuleError):
        step(lost_physical(**house), retest("challenger", "ability", "Dodge"))


def test_r_rt_1_a_category_with_no_list_takes_any_ability():
    state = begin(night(), spec(side("janet"), side("cody"), category="willpower"))
    state = step(step(state, throw("rock", "paper")), retest("challenger", "ability", "Leadership"))
    assert state.challenger.spent_abilities == {"Leadership": 1}


def test_r_rt_1_rules_version_2_takes_any_ability_on_the_sheet():
    state = step(lost_physical(rules_version=2), retest("challenger", "ability", "Leadership"))
    assert state.challenger.spent_abilities == {"Leadership": 1}
    assert HouseRules(rules_version=2).abilities.fits("Leadership", state.category)


def test_r_rt_1_the_narrators_allowance_is_only_for_an_ability():
    with pytest.raises(ValueError):
        STEP.validate_python(allowed(retest("challenger", "other", "Luck")))
