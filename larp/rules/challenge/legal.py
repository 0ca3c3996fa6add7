"""What each side may do next: `legal_actions(state)`, so the station offers only those."""

from dataclasses import dataclass
from enum import StrEnum

from larp.rules.challenge.retests import (
    ability_points,
    ability_use_refusal,
    fitting,
    spare_traits,
    willpower_left,
)
from larp.rules.challenge.state import ChallengeState, Phase, SideState
from larp.rules.challenge.throws import can_throw_on, settle_tie, signs_for
from larp.rules.signs import Side


class Move(StrEnum):
    THROW = "throw"
    DECLARE = "declare"
    RELENT = "relent"
    CITE = "cite"
    RETEST = "retest"
    CANCEL = "cancel"
    OVERRIDE = "override"
    CONCLUDE = "conclude"


@dataclass(frozen=True, slots=True)
class Offer:
    """One thing the rules allow now.

    `choices` are the names it can take (signs for a throw, Abilities, Traits,
    retest sources, the target's real Negative Traits for a citation); `unfit`, for an
    Ability retest or a cancel, the Abilities with points left that do not fit the
    category, which the step takes only with `narrator_allows` (R-RT-1); `limit`
    is the highest total a declaration or an overbid may state, `least` the
    lowest; where they are equal the figure is fixed, and `why` says why.
    """

    move: Move
    side: Side | None = None
    source: str | None = None
    choices: tuple[str, ...] = ()
    limit: int | None = None
    least: int = 0
    why: str = ""
    unfit: tuple[str, ...] = ()


def legal_actions(state: ChallengeState) -> list[Offer]:
    if state.phase is Phase.OVER:
        return []
    if state.phase is Phase.BLOCKED:
        return [Offer(Move.OVERRIDE)]
    offers = _declarations(state) if state.tie_open or state.phase is not Phase.DECIDED else []
    if state.tie_open:
        state, _ = settle_tie(state)
    if state.phase is Phase.OPEN:
        return offers + _throws(state) + _opening(state)
    if state.phase is Phase.RETEST:
        return offers + _throws(state) + _cancels(state)
    offers += [offer for side in _losers(state) for offer in _retests(state, side)]
    if can_throw_on(state):
        offers += _throws(state)
    return offers + [Offer(Move.CONCLUDE)]


def _characters(state: ChallengeState) -> list[SideState]:
    return [side for side in (state.challenger, state.defender) if not side.is_static]


def _declarations(state: ChallengeState) -> list[Offer]:
    if state.kind == "simple":
        return []
    return [
        Offer(Move.DECLARE, side.side, limit=side.true_total)
        for side in _characters(state)
        if side.declared is None
    ]


def _throws(state: ChallengeState) -> list[Offer]:
    return [
        Offer(Move.THROW, side.side, choices=tuple(signs_for(side)))
        for side in (state.challenger, state.defender)
    ]


def _opening(state: ChallengeState) -> list[Offer]:
    offers = []
    if not state.defender.is_static:
        offers.append(Offer(Move.RELENT, Side.DEFENDER))
    if state.contested and state.category.is_attribute:
        citers = _characters(state) if state.rules.negative_citers == "either" else [state.challenger]
        for citer in citers:
            target = state.side(citer.side.other)
            offers.append(
                Offer(Move.CITE, citer.side, choices=tuple(state.characters[target.character].sheet.negative.of(state.category)))
            )
    return offers


def _losers(state: ChallengeState) -> list[SideState]:
    return [side for side in _characters(state) if state.result.lost_by(side.side)]


def _retests(state: ChallengeState, side: SideState) -> list[Offer]:
    offers = []
    points = ability_points(state, side)
    if points and ability_use_refusal(state, side, for_cancel=False) is None:
        fits, unfit = fitting(state, points)
        offers.append(Offer(Move.RETEST, side.side, "ability", fits, unfit=unfit))
    if not side.overbid_used and state.kind != "simple":
        if state.category.is_attribute:
            spare = spare_traits(state, side)
            if spare:
                offers.append(_overbid(side, tuple(spare)))
        elif state.rules.mended:  # Willpower, Rage, Gnosis: no Trait is named, the rating is stated (R-RT-3)
            offers.append(_overbid(side, ()))
    if (
        state.spec.control
        and side.side is Side.DEFENDER
        and not side.willpower_used
        and willpower_left(state, side) > 0
    ):
        offers.append(Offer(Move.RETEST, side.side, "willpower"))
    others = sorted(set(state.characters[side.character].sheet.retests) - side.others_used)
    if others:
        offers.append(Offer(Move.RETEST, side.side, "other", tuple(others)))
    return offers


def _overbid(side: SideState, spare: tuple[str, ...]) -> Offer:
    """An overbid states a figure up to the true total, or exactly the one that stands (R-TIE-3)."""
    if side.declared is None:
        return Offer(Move.RETEST, side.side, "overbid", spare, limit=side.true_total)
    figure = side.declared
    return Offer(Move.RETEST, side.side, "overbid", spare, limit=figure, least=figure, why=side.figure_stands)


def _cancels(state: ChallengeState) -> list[Offer]:
    called = state.retest
    if called is None or called.source != "ability":
        return []
    side = state.side(called.side.other)
    if side.is_static or ability_use_refusal(state, side, for_cancel=True):
        return []
    points = ability_points(state, side)
    fits, unfit = fitting(state, points)
    return [Offer(Move.CANCEL, side.side, choices=fits, unfit=unfit)] if points else []
