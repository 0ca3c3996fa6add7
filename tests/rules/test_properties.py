"""Invariants of the engine over random nights played by legal actions (DESIGN.md)."""

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from larp.rules import RuleError, Side, regain, replay
from larp.sheet import ATTRIBUTES, STANDALONE
from larp.sheet.transcript import ChallengeEvent, Regain, RegainEvent, Transcript
from tests.rules.strategies import challenge_specs, nights, play_out

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def never_below_zero(night):
    for character in night.characters.values():
        assert all(character.total(c) >= 0 for c in ATTRIBUTES)
        assert all(character.current(c) >= 0 for c in STANDALONE)
        assert all(points >= 0 for points in character.abilities.values())


def extended_and_standalone_losses(state, result, before, after):
    """R-EXT-2: a race's overall loser crosses off what she risked, once (from rules version 3, and
    only against a character); R-NIGHT-2: a streak never holds anyone; R-LOSS-3 and R-RT-3:
    Willpower, Rage and Gnosis challenges cross off nothing, overbid or not."""
    if not state.category.is_attribute:
        assert result.lost == {}
    if state.kind == "streak":
        assert after.locks is before.locks  # no lock set
    if state.kind == "race" and result.winner is not None and not state.ended_by:
        loser = state.side(Side(result.winner).other)
        if not loser.is_static:
            contested = state.rules.mended and state.category.is_attribute and not state.defender.is_static
            risked = loser.at_risk if contested else ()
            assert result.lost.get(loser.character, ()) == risked + loser.crossed


def each_source_at_most_once(state):
    retests = Counter()
    for step in state.steps:
        body = getattr(step, "retest", None)
        if body is not None:
            key = (body.side, body.source, body.name if body.source == "other" else None)
            retests[key] += 1
    for (side, source, _), times in retests.items():
        if source in ("overbid", "willpower", "other"):
            assert times == 1, (side, source)
    if state.rules.ability_uses_per_challenge == "one":
        for side in (state.challenger, state.defender):
            assert side.ability_retests + side.ability_cancels <= 1


@SETTINGS
@given(st.data())
def test_random_legal_nights_hold_the_invariants_and_replay_to_the_same_night(data):
    night = data.draw(nights())
    start = night
    events = []
    for _ in range(data.draw(st.integers(1, 6))):
        if data.draw(st.integers(0, 5)) == 0:
            cid = data.draw(st.sampled_from(sorted(night.characters)))
            category = data.draw(st.sampled_from(ATTRIBUTES))
            try:
                night, result = regain(night, cid, category)
            except RuleError:
                continue
            events.append(RegainEvent(regain=Regain(character=cid, category=category.value)))
            continue
        played = play_out(data.draw, night, data.draw(challenge_specs(night)))
        if played is None:
            continue
        before = night
        night, result, state, spec = played
        extended_and_standalone_losses(state, result, before, night)
        events.append(ChallengeEvent(challenge=spec))
        never_below_zero(night)
        each_source_at_most_once(state)
        if state.ended_by == "relent":  # a relent costs nothing
            assert result.lost == {} and result.spent == {}
        if result.winner is not None:  # the winner never loses a bid Trait
            winner = state.side(Side(result.winner))
            if not winner.is_static:
                assert result.lost.get(winner.character, ()) == winner.crossed
    transcript = Transcript(house_rules=start.rules, characters=[c.sheet for c in start.characters.values()], events=events)
    again = replay(Transcript.model_validate_json(transcript.model_dump_json()))
    assert again.night.to_json() == night.to_json()
