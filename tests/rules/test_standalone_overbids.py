"""R-RT-3 in Willpower, Rage and Gnosis challenges: no Trait is named, the loser states her
current rating; at least twice the opponent's and both throw again, less and she loses
outright with nothing crossed off (R-LOSS-3). Rules version 2 refused such overbids."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from larp.rules import Move, Phase, RuleError, legal_actions
from tests.rules.helpers import CODY, JANET, begin, night, play, retest, sheet, side, spec, step, throw


def rage_night(janet_rage: int, cody_rage: int, **house):
    return night(sheet(JANET, rage=janet_rage), sheet(CODY, rage=cody_rage), **house)


def lost_rage_throw(janet_rage: int, cody_rage: int, **house):
    """Janet against Cody in Rage; Janet lost the first throw."""
    state = begin(rage_night(janet_rage, cody_rage, **house), spec(side("janet"), side("cody"), category="rage"))
    return step(state, throw("rock", "paper"))


def test_r_rt_3_overbid_in_rage_challenge_at_least_double_throws_again():
    state = step(lost_rage_throw(6, 3), retest("challenger", "overbid"))
    assert state.phase is Phase.RETEST and state.challenger.declared == 6
    assert state.challenger.at_risk == () and state.challenger.crossed == ()
    after = step(state, throw("paper", "rock"))
    assert after.result.value == "challenger"


def test_r_rt_3_overbid_in_rage_challenge_less_than_double_loses_outright_nothing_crossed():
    steps = [throw("rock", "paper"), retest("challenger", "overbid")]
    after, result = play(rage_night(5, 3), spec(side("janet"), side("cody"), *steps, category="rage"))
    assert result.winner == "defender" and result.throws == 1
    assert result.lost == {}
    assert after.characters["janet"].rage == 5


def test_r_rt_3_overbid_in_willpower_challenge_is_offered_with_no_trait_to_name():
    state = step(begin(night(), spec(side("janet"), {"static": 1}, kind="static", category="willpower")), throw("rock", "paper"))
    [offer] = [o for o in legal_actions(state) if o.move is Move.RETEST and o.source == "overbid"]
    assert offer.choices == () and offer.limit == 3
    assert step(state, retest("challenger", "overbid")).phase is Phase.RETEST  # 3 is at least twice 1


def test_r_rt_3_overbid_in_gnosis_challenge_names_no_trait():
    cast = night(sheet(JANET, gnosis=1), sheet(CODY))
    state = step(begin(cast, spec(side("cody"), side("janet"), category="gnosis")), throw("rock", "paper"))
    with pytest.raises(RuleError) as refused:
        step(state, retest("challenger", "overbid", "Brawny"))
    assert refused.value.rule == "R-RT-3" and "no Trait is named" in refused.value.message


def test_r_rt_3_overbid_in_willpower_challenge_states_no_more_than_the_current_rating():
    state = step(begin(night(), spec(side("janet"), side("cody"), category="willpower")), throw("rock", "paper"))
    with pytest.raises(RuleError) as refused:
        step(state, retest("challenger", "overbid", total=9))
    assert refused.value.rule == "R-TIE-3"


def test_r_rt_3_overbid_in_rage_challenge_once_per_challenge():
    state = step(step(lost_rage_throw(6, 3), retest("challenger", "overbid")), throw("rock", "paper"))
    assert not [o for o in legal_actions(state) if o.source == "overbid"]
    with pytest.raises(RuleError) as refused:
        step(state, retest("challenger", "overbid"))
    assert refused.value.rule == "R-RT-3"


@pytest.mark.parametrize("kind", ["contested", "static"])
def test_r_rt_3_rules_version_2_refuses_an_overbid_where_no_trait_is_bid(kind):
    defender = side("cody") if kind == "contested" else {"static": 3}
    state = begin(night(rules_version=2), spec(side("janet"), defender, kind=kind, category="willpower"))
    state = step(state, throw("rock", "paper"))
    assert not [o for o in legal_actions(state) if o.source == "overbid"]
    with pytest.raises(RuleError) as refused:
        step(state, retest("challenger", "overbid"))
    assert refused.value.rule == "R-RT-3" and "no Trait is bid" in refused.value.message


@given(mine=st.integers(1, 10), theirs=st.integers(1, 10))
def test_r_rt_3_overbid_in_rage_challenge_retests_exactly_when_at_least_double(mine, theirs):
    state = step(lost_rage_throw(mine, theirs), retest("challenger", "overbid"))
    assert (state.phase is Phase.RETEST) == (mine >= 2 * theirs)
    assert state.challenger.crossed == () and state.challenger.at_risk == ()
