"""R-TRAIT: what a sheet holds and how totals are counted."""

from larp.sheet import Category
from tests.rules.helpers import begin, night, play, side, spec, throw


def test_r_trait_1_current_total_is_counts_less_traits_lost_tonight():
    after, _ = play(night(), spec(side("cody", "Impressive"), side("janet", "Witty"), throw("rock", "paper")))
    cody = after.characters["cody"]
    assert cody.sheet.traits.total(Category.SOCIAL) == 10
    assert cody.total(Category.SOCIAL) == 9
    assert cody.available(Category.SOCIAL)["Impressive"] == 3


def test_r_trait_2_standalone_traits_have_rating_and_current_value_and_are_never_named():
    the_night = night()
    cody = the_night.characters["cody"]
    assert (cody.rage, cody.gnosis, cody.willpower) == (3, 2, 4)
    state = begin(the_night, spec(side("cody"), side("janet"), category="willpower"))
    assert state.challenger.bid is None and state.challenger.true_total == 4


def test_r_trait_3_spending_an_ability_lowers_its_current_value_by_one():
    steps = [throw("rock", "paper"), {"retest": {"side": "challenger", "source": "ability", "name": "Leadership"}}, throw("rock", "paper")]
    after, result = play(night(), spec(side("cody", "Impressive"), side("janet", "Witty"), *steps))
    assert after.characters["cody"].abilities["Leadership"] == 0
    assert result.spent["cody"].abilities == {"Leadership": 1}


def test_r_trait_4_negative_traits_are_named_per_category():
    cody = night().characters["cody"].sheet
    assert cody.negative.of(Category.SOCIAL) == {"Tactless": 1}
    assert cody.negative.of(Category.MENTAL) == {"Gullible": 2}
    assert cody.negative.of(Category.PHYSICAL) == {}


def test_r_trait_5_bonus_traits_and_penalties_adjust_the_declared_total():
    armed = begin(night(), spec(side("janet", "Tough", bonus=2), side("cody", "Brawny", bonus=-1), category="physical"))
    assert armed.challenger.true_total == 3 + 2
    assert armed.defender.true_total == 3 - 1


def test_r_trait_5_a_penalty_never_takes_a_total_below_zero():
    state = begin(night(), spec(side("janet", "Quick", bonus=-20), side("cody", "Brawny"), category="physical"))
    assert state.challenger.true_total == 0
