"""The odds agree exactly with the engine played forward, on random challenges under way."""

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from larp.rules import RuleError, apply, legal_actions, start_challenge
from larp.rules.odds import POLICIES, challenge_odds
from tests.odds.walk import engine_odds
from tests.rules.strategies import challenge_specs, nights, step_for

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def challenges_under_way(draw):
    """A random challenge, started on a random night and taken a few legal steps on."""
    night = draw(nights())
    try:
        state, _ = start_challenge(night, draw(challenge_specs(night)))
    except RuleError:
        assume(False)
    for _ in range(draw(st.integers(0, 6))):
        offers = legal_actions(state)
        if not offers:
            break
        state, _ = apply(state, step_for(draw, state, offers))
    return state


@SETTINGS
@given(challenges_under_way(), st.sampled_from(POLICIES))
def test_the_odds_are_the_engines_over_every_throw_and_choice(state, policy):
    odds = challenge_odds(state, policy)
    walked = engine_odds(state, policy)
    assert (odds.challenger, odds.defender, odds.draw) == (walked.challenger, walked.defender, walked.draw)


@SETTINGS
@given(challenges_under_way(), st.sampled_from(POLICIES))
def test_the_chances_are_probabilities_that_sum_to_exactly_one(state, policy):
    odds = challenge_odds(state, policy)
    chances = (odds.challenger, odds.defender, odds.draw)
    assert all(0 <= chance <= 1 for chance in chances)
    assert sum(chances) == 1
    if state.rules.equal_tie == "defender" and state.kind != "race":
        assert odds.draw == 0
