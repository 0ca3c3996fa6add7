"""Offers equal rulings: every step `legal_actions` offers, `apply` accepts, and every step `apply`
accepts was offered, at every state of hypothesis-generated nights."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from larp.rules import CONCLUDE, Move, Offer, RuleError, apply, legal_actions, start_challenge
from larp.rules.challenge.state import ChallengeState, Phase
from larp.sheet.transcript import (
    Cancel,
    CancelStep,
    Cite,
    CiteStep,
    Declare,
    DeclareStep,
    Override,
    OverrideStep,
    RelentStep,
    Retest,
    RetestStep,
    Throw,
    ThrowStep,
)
from tests.rules.helpers import begin, declare, night, retest, side, spec, step, throw
from tests.rules.strategies import ABILITIES, NEGATIVES, SOURCES, TRAITS, challenge_specs, nights, step_for

SIGNS = ["rock", "paper", "scissors", "bomb"]
SIDES = ["challenger", "defender"]


def candidates(state: ChallengeState):
    """Every step a transcript could try now: the names of the sheets and one more that is on none."""
    highest = max(state.challenger.true_total, state.defender.true_total) + 1
    yield CONCLUDE
    yield OverrideStep(override=Override(rule="R-NIGHT-2", reason="the scene changed"))
    for first in SIGNS:
        for second in SIGNS:
            yield ThrowStep(throw=Throw(challenger=first, defender=second))
    for who in SIDES:
        yield RelentStep(relent=who)
        for total in range(highest + 1):
            yield DeclareStep(declare=Declare(side=who, total=total))
        for negative in [*NEGATIVES, "Naive"]:
            yield CiteStep(cite=Cite(side=who, negative=negative))
        for name in [*ABILITIES, "Occult"]:
            for allows in (None, True):
                yield RetestStep(retest=Retest(side=who, source="ability", name=name, narrator_allows=allows))
                yield CancelStep(cancel=Cancel(side=who, ability=name, narrator_allows=allows))
        for name in [*SOURCES, "Destiny"]:
            yield RetestStep(retest=Retest(side=who, source="other", name=name))
        yield RetestStep(retest=Retest(side=who, source="willpower"))
        for name in [None, *TRAITS, "Gorgeous"]:
            for total in [None, *range(highest + 1)]:
                yield RetestStep(retest=Retest(side=who, source="overbid", name=name, total=total))


def offered(step, offers: list[Offer]) -> bool:
    """Whether an offer allows exactly this step."""
    if step is CONCLUDE:
        return any(offer.move is Move.CONCLUDE for offer in offers)
    move = Move(next(iter(type(step).model_fields)))
    mine = [offer for offer in offers if offer.move is move]
    if move is Move.THROW:
        signs = {offer.side.value: offer.choices for offer in mine}
        return len(signs) == 2 and step.throw.challenger in signs["challenger"] and step.throw.defender in signs["defender"]
    if move is Move.OVERRIDE:
        return bool(mine)
    body = getattr(step, move.value)
    who = body if isinstance(body, str) else body.side
    mine = [offer for offer in mine if offer.side.value == who]
    if move is Move.RELENT or move is Move.CITE:
        return bool(mine)
    if move is Move.DECLARE:
        return any(offer.least <= body.total <= offer.limit for offer in mine)
    if move is Move.CANCEL:
        return any(_ability_offered(offer, body.ability, body.narrator_allows) for offer in mine)
    mine = [offer for offer in mine if offer.source == body.source]
    if body.source == "overbid":
        return any(
            (body.name in offer.choices if offer.choices else body.name is None)
            and (body.total is None or offer.least <= body.total <= offer.limit)
            for offer in mine
        )
    if body.source == "willpower":
        return bool(mine)
    if body.source == "ability":
        return any(_ability_offered(offer, body.name, body.narrator_allows) for offer in mine)
    return any(body.name in offer.choices for offer in mine)


def _ability_offered(offer: Offer, name: str, allows: bool | None) -> bool:
    """An Ability that fits is offered as it is; one that does not, with the Narrator's allowance (R-RT-1)."""
    return name in offer.choices or (bool(allows) and name in offer.unfit)


def accepted(state: ChallengeState, step) -> bool:
    try:
        apply(state, step)
    except RuleError:
        return False
    return True


def check_offers_equal_rulings(state: ChallengeState) -> None:
    offers = legal_actions(state)
    for candidate in candidates(state):
        assert accepted(state, candidate) == offered(candidate, offers), (candidate, offers, state.phase)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_offered_step_is_accepted_and_every_accepted_step_was_offered(data):
    the_night = data.draw(nights())
    for _ in range(data.draw(st.integers(1, 3))):
        try:
            state, _ = start_challenge(the_night, data.draw(challenge_specs(the_night)))
        except RuleError:
            continue
        for _ in range(12):
            check_offers_equal_rulings(state)
            offers = legal_actions(state)
            if not offers:
                break
            state, _ = apply(state, step_for(data.draw, state, offers))


def test_r_tie_3_a_declaration_between_a_retest_call_and_its_throw_is_offered():
    state = begin(night(), spec(side("janet", "Charismatic"), side("cody", "Impressive")))
    state = step(state, throw("rock", "paper"))
    state = step(state, retest("challenger", "other", "Luck"))
    assert state.phase is Phase.RETEST
    declarations = [offer for offer in legal_actions(state) if offer.move is Move.DECLARE]
    assert {offer.side.value for offer in declarations} == {"challenger", "defender"}
    assert step(state, declare("challenger", 3)).challenger.declared == 3


def test_r_tie_3_after_a_settled_tie_the_overbid_offers_exactly_the_fixed_figure_and_says_why():
    state = begin(night(), spec(side("janet", "Charismatic"), side("cody", "Impressive")))
    state = step(state, throw("rock", "rock"))  # janet 9 against cody 10: cody wins the tie
    overbid = next(o for o in legal_actions(state) if o.source == "overbid")
    assert overbid.least == overbid.limit == 9
    assert "the settled tie fixed Janet's figure at 9" in overbid.why
    try:
        step(state, retest("challenger", "overbid", "Witty", total=5))
    except RuleError as error:
        assert error.rule == "R-TIE-3" and "settled tie fixed Janet's figure at 9" in error.message
        assert "declared" not in error.message
    else:
        raise AssertionError("an overbid of another figure than the tie fixed was accepted")
