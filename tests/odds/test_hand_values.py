"""Odds against values computed by hand: each side's sign uniformly among its signs."""

from fractions import Fraction as F

import pytest

from larp.rules.odds import challenge_odds
from tests.rules.helpers import begin, night, sheet, side, spec, step, throw

# Two plain characters with 5 Social Traits each and nothing to retest with.
ANN = {"id": "ann", "name": "Ann", "traits": {"social": {"Witty": 5}, "physical": {"Quick": 1}, "mental": {"Alert": 1}}}
BEN = {"id": "ben", "name": "Ben", "traits": {"social": {"Calm": 5}, "physical": {"Quick": 1}, "mental": {"Alert": 1}}}


def odds_of(first: dict, second: dict, *steps: dict, policy: str = "best", kind: str = "contested", **house):
    more = {key: house.pop(key) for key in ("control", "target", "win_outright") if key in house}
    bids = [side(sheet["id"], next(iter(sheet["traits"]["social"]))) for sheet in (first, second)]
    state = begin(night(first, second, **house), spec(*bids, kind=kind, **more))
    for body in steps:
        state = step(state, body)
    odds = challenge_odds(state, policy)
    return odds.challenger, odds.defender, odds.draw


def with_(base: dict, **changes) -> dict:
    return sheet(base, **changes).model_dump()


def test_r_tie_4_bare_challenge_on_equal_totals_the_defender_wins_ties():
    assert odds_of(ANN, BEN) == (F(1, 3), F(2, 3), 0)


def test_r_tie_4_both_lose_makes_an_equal_tie_a_draw():
    assert odds_of(ANN, BEN, equal_tie="both-lose") == (F(1, 3), F(1, 3), F(1, 3))


def test_r_tie_4_the_higher_total_wins_ties_under_either_rule():
    strong = with_(ANN, traits={**ANN["traits"], "social": {"Witty": 6}})
    for rule in ("defender", "both-lose"):
        assert odds_of(strong, BEN, equal_tie=rule) == (F(2, 3), F(1, 3), 0)


def test_r_rt_1_a_single_ability_retest_for_the_challenger():
    # She wins 1/3 at once; she loses 2/3 (ties included) and retests: 1/3 of those.
    with_ability = with_(ANN, abilities={"Expression": 1})
    assert odds_of(with_ability, BEN) == (F(5, 9), F(4, 9), 0)


def test_r_rt_1_a_single_ability_retest_under_both_lose():
    # Lost (1/3): retest, 1/3 win, 1/3 draw, 1/3 loss. Drawn (1/3): a retest gives a
    # margin of 0, no better than the draw, so she keeps her point.
    with_ability = with_(ANN, abilities={"Expression": 1})
    assert odds_of(with_ability, BEN, equal_tie="both-lose") == (F(4, 9), F(1, 9), F(4, 9))


def test_r_rt_1_an_ability_retest_the_opponent_can_cancel_changes_nothing():
    first = with_(ANN, abilities={"Expression": 1})
    second = with_(BEN, abilities={"Empathy": 1})
    assert odds_of(first, second) == (F(1, 3), F(2, 3), 0)
    assert odds_of(first, second, policy="always") == (F(1, 3), F(2, 3), 0)


def test_r_rt_2_one_each_lets_the_challenger_retest_after_cancelling():
    # Ben wins 2/3 and may retest when he loses (1/3). "one-each": Ann retests when she
    # loses and Ben cancels; when Ben retests, Ann may still cancel it with her second point.
    first = with_(ANN, abilities={"Expression": 2})
    second = with_(BEN, abilities={"Empathy": 2})
    assert odds_of(first, second, ability_uses_per_challenge="one-each") == (F(1, 3), F(2, 3), 0)
    # "one": Ann's cancel would be her one use. Ben's retest after losing 1/3:
    # if Ann cancels, she has used her Ability, so she cancels only when she won: 1/3 stands.
    assert odds_of(first, second) == (F(1, 3), F(2, 3), 0)


def test_r_ch_4_the_bomb_beats_rock_and_paper():
    # 4 signs against 3: Ann wins 5 of 12 pairs, ties 3 (to Ben), loses 4.
    bomber = with_(ANN, bomb=True)
    assert odds_of(bomber, BEN, bomb=True) == (F(5, 12), F(7, 12), 0)
    assert odds_of(bomber, BEN, bomb=False) == (F(1, 3), F(2, 3), 0)


def test_r_rt_3_an_overbid_that_doubles_the_opponent_is_a_retest():
    strong = with_(ANN, traits={**ANN["traits"], "social": {"Witty": 10}})
    weak = with_(BEN, traits={**BEN["traits"], "social": {"Calm": 4}})
    assert odds_of(strong, weak) == (F(2, 3) + F(1, 3) * F(2, 3), F(1, 9), 0)
    short = with_(ANN, traits={**ANN["traits"], "social": {"Witty": 7}})
    assert odds_of(short, weak) == (F(2, 3), F(1, 3), 0)  # 7 is not twice 4: no retest


def test_r_rt_4_willpower_retests_only_for_the_defender_of_a_control_challenge():
    willful = with_(BEN, willpower=2)
    assert odds_of(ANN, willful, control=True) == (F(1, 9), F(8, 9), 0)
    assert odds_of(ANN, willful, control=False) == (F(1, 3), F(2, 3), 0)
    assert odds_of(with_(ANN, willpower=2), BEN, control=True) == (F(1, 3), F(2, 3), 0)


def test_r_rt_5_powers_are_one_retest_each_that_no_ability_cancels():
    lucky = with_(ANN, retests=["Luck", "Fortitude"])
    # Three throws at 1/3 each: 1 - (2/3)^3.
    assert odds_of(lucky, BEN) == (F(19, 27), F(8, 27), 0)
    # Ben's Ability can't cancel her powers, only retest when he loses: with a powers
    # left to Ann and b retests to Ben, V(a, b) = 1/3 (b ? V(a, 0) : 1) + 2/3 (a ? V(a-1, b) : 0),
    # so V(0,1) = 1/9, V(1,1) = 1/3 5/9 + 2/3 1/9 = 7/27, V(2,1) = 1/3 19/27 + 2/3 7/27 = 11/27.
    assert odds_of(lucky, with_(BEN, abilities={"Empathy": 2})) == (F(11, 27), F(16, 27), 0)


def test_r_simple_1_a_simple_test_succeeds_on_a_win_or_a_tie():
    state = begin(night(ANN, BEN), spec(side("ann"), {"static": 0}, kind="simple", category="mental"))
    assert challenge_odds(state).challenger == F(2, 3)
    outright = begin(night(ANN, BEN), spec(side("ann"), {"static": 0}, kind="simple", category="mental", win_outright=True))
    assert challenge_odds(outright).challenger == F(1, 3)


def test_r_ext_2_a_race_to_two():
    # 1/3 a round: p^2 (3 - 2p) = 7/27.
    assert odds_of(ANN, BEN, kind="race", target=2) == (F(7, 27), F(20, 27), 0)
    # Drawn rounds are thrown again: each round is then an even chance.
    assert odds_of(ANN, BEN, kind="race", target=2, equal_tie="both-lose") == (F(1, 2), F(1, 2), 0)


def test_r_ext_1_a_streak_is_won_with_its_first_throw():
    assert odds_of(ANN, BEN, kind="streak") == (F(1, 3), F(2, 3), 0)
    assert odds_of(with_(ANN, retests=["Luck"]), BEN, kind="streak") == (F(5, 9), F(4, 9), 0)


def test_the_odds_follow_the_challenge_step_by_step():
    with_ability = with_(ANN, abilities={"Expression": 1})
    assert odds_of(with_ability, BEN, throw("rock", "scissors")) == (1, 0, 0)  # won: only Ben could retest
    lost = odds_of(with_ability, BEN, throw("rock", "paper"))
    assert lost == (F(1, 3), F(2, 3), 0)
    retested = odds_of(with_ability, BEN, throw("rock", "paper"), {"retest": {"side": "challenger", "source": "ability", "name": "Expression"}})
    assert retested == (F(1, 3), F(2, 3), 0)
    spent_then_lost = odds_of(
        with_ability, BEN, throw("rock", "paper"),
        {"retest": {"side": "challenger", "source": "ability", "name": "Expression"}}, throw("rock", "rock"),
    )
    assert spent_then_lost == (0, 1, 0)  # a tie on equal totals, and nothing left


@pytest.mark.parametrize("policy", ["best", "always"])
def test_a_concluded_challenge_has_its_winner_for_certain(policy):
    state = begin(night(ANN, BEN), spec(side("ann", "Witty"), side("ben", "Calm"), throw("rock", "scissors")))
    state = step(state, throw("rock", "scissors"))
    from larp.rules import CONCLUDE, apply

    over = apply(state, CONCLUDE)[0]
    odds = challenge_odds(over, policy)
    assert (odds.challenger, odds.defender, odds.draw) == (1, 0, 0)
