"""R-TIE: a tied throw is decided on the totals each side declares."""

import pytest

from larp.rules import RuleError
from tests.rules.helpers import (
    begin,
    declare,
    night,
    play,
    retest,
    side,
    spec,
    step,
    throw,
)


def test_r_tie_1_a_tie_compares_current_totals_adjusted_by_bonus_traits():
    # Janet 9 Social + 2 bonus against Cody 10: the bonus makes her win the tie.
    _, result = play(night(), spec(side("janet", "Witty", bonus=2), side("cody", "Impressive"), throw("rock", "rock")))
    assert result.winner == "challenger"
    _, plain = play(night(), spec(side("janet", "Witty"), side("cody", "Impressive"), throw("rock", "rock")))
    assert plain.winner == "defender"


def test_r_tie_2_the_permanent_rating_of_the_named_ability_adds_to_the_total():
    state = begin(night(), spec(side("janet", "Witty", ability="Leadership"), side("cody", "Impressive")))
    assert state.challenger.true_total == 9 + 2
    _, result = play(night(), spec(side("janet", "Witty", ability="Leadership"), side("cody", "Impressive"), throw("paper", "paper")))
    assert result.winner == "challenger"


def test_r_tie_2_the_ability_figure_does_not_drop_when_it_is_spent_for_a_retest():
    steps = [throw("rock", "paper"), retest("challenger", "ability", "Leadership"), throw("paper", "paper")]
    _, result = play(night(), spec(side("janet", "Witty", ability="Leadership"), side("cody", "Impressive"), *steps))
    assert result.winner == "challenger"  # still 11 against 10 though Leadership is now 1 of 2


def test_r_tie_2_never_for_willpower_rage_or_gnosis():
    state = begin(night(), spec(side("cody", ability="Leadership"), side("janet"), category="willpower"))
    assert state.challenger.true_total == 4


def test_r_tie_2_house_rule_off_leaves_abilities_out_of_the_total():
    state = begin(night(ability_adds_to_total=False), spec(side("janet", "Witty", ability="Leadership"), side("cody", "Impressive")))
    assert state.challenger.true_total == 9


def test_r_tie_3_a_side_may_under_declare():
    steps = [throw("paper", "paper"), declare("challenger", 9), declare("defender", 8)]
    _, result = play(night(), spec(side("janet", "Witty"), side("cody", "Impressive"), *steps))
    assert result.winner == "challenger"


def test_r_tie_3_a_side_may_never_declare_more_than_her_total():
    state = step(begin(night(), spec(side("janet", "Witty"), side("cody", "Impressive"))), throw("paper", "paper"))
    with pytest.raises(RuleError) as refused:
        step(state, declare("challenger", 10))
    assert refused.value.rule == "R-TIE-3"


def test_r_tie_3_the_first_figure_stands_for_later_ties():
    state = begin(night(), spec(side("cody", "Impressive"), side("janet", "Witty")))
    state = step(state, throw("paper", "paper"))
    state = step(state, declare("challenger", 7))  # Cody hides his strength: 7 against 9
    state = step(state, retest("challenger", "ability", "Leadership"))
    with pytest.raises(RuleError) as refused:
        step(state, declare("challenger", 10))
    assert refused.value.rule == "R-TIE-3"
    state = step(state, throw("rock", "rock"))
    assert state.challenger.figure == 7


def test_r_tie_3_an_undeclared_side_is_held_to_its_true_total_once_a_tie_is_settled():
    state = begin(night(), spec(side("cody", "Impressive"), side("janet", "Witty")))
    state = step(state, throw("paper", "paper"))
    state = step(state, retest("defender", "ability", "Leadership"))
    assert state.challenger.declared == 10 and state.defender.declared == 9


def test_r_tie_4_equal_totals_go_to_the_defender():
    steps = [throw("rock", "rock"), declare("challenger", 9)]
    _, result = play(night(), spec(side("cody", "Impressive"), side("janet", "Witty"), *steps))
    assert result.winner == "defender"


def test_r_tie_4_a_static_difficulty_counts_as_the_defender():
    _, result = play(night(), spec(side("janet", "Witty"), {"static": 9}, throw("rock", "rock"), kind="static"))
    assert result.winner == "defender"


def test_r_tie_4_house_both_lose_makes_an_equal_tie_a_draw_and_both_lose_their_bids():
    steps = [throw("rock", "rock"), declare("challenger", 9)]
    _, result = play(night(equal_tie="both-lose"), spec(side("cody", "Impressive"), side("janet", "Witty"), *steps))
    assert result.winner is None
    assert result.lost == {"cody": ("Impressive",), "janet": ("Witty",)}


def test_r_tie_5_losing_a_throw_does_not_lower_the_totals_of_later_ties():
    # Janet loses the first throw with her bid at risk; the tie after her retest still counts 9.
    steps = [throw("rock", "paper"), retest("challenger", "ability", "Expression"), throw("rock", "rock"), declare("defender", 9)]
    _, result = play(night(), spec(side("janet", "Witty"), side("cody", "Impressive"), *steps))
    assert result.winner == "defender"  # 9 against 9: the defender
    steps[-1] = declare("defender", 8)
    _, result = play(night(), spec(side("janet", "Witty"), side("cody", "Impressive"), *steps))
    assert result.winner == "challenger"
