"""R-SIMPLE, R-EXT, R-MASS: simple tests, extended challenges, one against several."""

import pytest

from larp.rules import Move, RuleError, legal_actions
from larp.sheet import Category
from tests.rules.helpers import begin, night, play, retest, side, spec, step, throw


def simple(*steps, **more):
    return spec(side("janet"), {"static": 0}, *steps, kind="simple", category="mental", **more)


def test_r_simple_1_the_player_succeeds_on_a_win_or_a_tie():
    assert play(night(), simple(throw("rock", "scissors")))[1].winner == "challenger"
    assert play(night(), simple(throw("rock", "rock")))[1].winner == "challenger"
    assert play(night(), simple(throw("rock", "paper")))[1].winner == "defender"


def test_r_simple_1_a_tie_fails_when_the_narrator_asked_for_a_win_outright():
    assert play(night(), simple(throw("rock", "rock"), win_outright=True))[1].winner == "defender"


def test_r_simple_1_no_trait_is_at_risk_and_no_totals_are_declared():
    after, result = play(night(), simple(throw("rock", "paper")))
    assert result.lost == {} and after.characters["janet"].total(Category.MENTAL) == 4
    with pytest.raises(RuleError) as refused:
        step(begin(night(), simple()), {"declare": {"side": "challenger", "total": 2}})
    assert refused.value.rule == "R-SIMPLE-1"


def test_r_simple_1_the_loser_may_still_retest_with_an_ability():
    steps = [throw("rock", "paper"), retest("challenger", "ability", "Expression"), throw("paper", "rock")]
    _, result = play(night(), spec(side("janet"), {"static": 0}, *steps, kind="simple", category="social"))
    assert result.winner == "challenger" and result.throws == 2


def test_r_ext_1_a_streak_counts_the_throws_won_in_a_row_until_one_is_lost():
    steps = [throw("rock", "scissors"), throw("paper", "rock"), throw("rock", "paper")]
    _, result = play(night(), spec(side("janet", "Quick"), {"static": 4}, *steps, kind="streak", category="physical"))
    assert result.successes == 2 and result.throws == 3 and result.lost == {}


def test_r_ext_1_each_throw_of_a_streak_may_be_retested():
    steps = [throw("rock", "scissors"), throw("rock", "paper"), retest("challenger", "ability", "Dodge"), throw("paper", "rock"), throw("rock", "paper")]
    _, result = play(night(), spec(side("janet", "Quick"), {"static": 4}, *steps, kind="streak", category="physical"))
    assert result.successes == 2


def test_r_ext_1_a_streak_stops_at_its_cap():
    steps = [throw("rock", "scissors"), throw("rock", "scissors")]
    state = begin(night(), spec(side("janet", "Quick"), {"static": 4}, kind="streak", category="physical", target=2))
    for body in steps:
        state = step(state, body)
    assert Move.THROW not in {offer.move for offer in legal_actions(state)}
    _, result = play(night(), spec(side("janet", "Quick"), {"static": 4}, *steps, kind="streak", category="physical", target=2))
    assert result.successes == 2 and result.winner == "challenger"


def test_r_ext_2_the_first_side_to_reach_n_winning_throws_wins_the_race():
    steps = [throw("rock", "scissors"), throw("rock", "paper"), throw("rock", "paper"), throw("paper", "rock"), throw("paper", "rock")]
    _, result = play(night(), spec(side("cody"), side("janet"), *steps, kind="race", category="willpower", target=3))
    assert result.winner == "challenger" and result.successes == 3 and result.throws == 5


def test_r_ext_2_no_throw_after_the_race_is_won():
    steps = [throw("rock", "scissors"), throw("rock", "scissors")]
    state = begin(night(), spec(side("cody"), {"static": 5}, kind="race", category="gnosis", target=2))
    for body in steps:
        state = step(state, body)
    with pytest.raises(RuleError):
        step(state, throw("rock", "scissors"))


def test_r_mass_1_one_against_several_is_a_challenge_against_each_in_order():
    after, _ = play(night(), spec(side("janet", "Quick"), side("cody", "Brawny"), throw("rock", "paper"), category="physical"))
    after, second = play(after, spec(side("janet", "Tough"), side("jen"), category="physical"))
    assert second.winner == "challenger" and second.throws == 0  # Jen has no Physical Traits
    state = begin(after, spec(side("janet", "Tough"), side("cody", "Quick"), category="physical"))
    assert state.challenger.true_total == 2  # Quick lost in the first challenge counts in the third
