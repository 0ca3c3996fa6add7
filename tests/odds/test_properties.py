"""Invariants of the odds: swapping the sides swaps them; one more retest never hurts its holder."""

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from larp.rules import Night, RuleError, Side, start_challenge
from larp.rules.odds import challenge_odds
from larp.sheet.transcript import ChallengeSpec, Party
from tests.rules.strategies import house_rules, sheets

SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def contested(first, second, rules, category="social", **more):
    """A contested challenge between two sheets, each bidding her first Trait of the category."""
    night = Night.begin([first, second], rules)
    parties = [
        Party(character=sheet.id, trait=next(iter(sheet.traits.of(category)), None), **more.get(sheet.id, {}))
        for sheet in (first, second)
    ]
    spec = ChallengeSpec(kind="contested", category=category, challenger=parties[0], defender=parties[1])
    try:
        return start_challenge(night, spec)[0]
    except RuleError:
        assume(False)


@SETTINGS
@given(sheets("ann"), sheets("ben"), house_rules, st.sampled_from(["best", "always"]))
def test_swapping_the_sides_swaps_the_odds(first, second, rules, policy):
    one_way = contested(first, second, rules)
    assume(one_way.challenger.true_total != one_way.defender.true_total)  # else the defender wins ties
    other_way = contested(second, first, rules)
    there, back = challenge_odds(one_way, policy), challenge_odds(other_way, policy)
    assert (there.challenger, there.defender, there.draw) == (back.defender, back.challenger, back.draw)


@SETTINGS
@given(sheets("ann"), sheets("ben"), house_rules, st.sampled_from(list(Side)), st.sampled_from(["power", "ability"]))
def test_one_more_retest_never_lowers_its_holders_chance(first, second, rules, holder, source):
    richer = first if holder is Side.CHALLENGER else second
    if source == "power":
        richer = richer.model_copy(update={"retests": [*richer.retests, "Second Sight"]})
    else:
        richer = richer.model_copy(update={"abilities": {**richer.abilities, "Occult": 1}})
    before = challenge_odds(contested(first, second, rules))
    after = challenge_odds(
        contested(richer, second, rules) if holder is Side.CHALLENGER else contested(first, richer, rules)
    )
    mine, theirs = holder, holder.other
    assert after.of(mine) - after.of(theirs) >= before.of(mine) - before.of(theirs)
    if rules.equal_tie == "defender":  # no draws: the margin is the chance, twice, less one
        assert after.of(mine) >= before.of(mine)
