"""What may happen next in a challenge, for the oracle: built from the engine's legal actions.

For the odds, a position is one of three things: over (the winner is known), a throw
(both sides throw at random), or a choice of one side among steps, with what happens if
she takes none of them. Only the choices that can change who wins are offered:
- a tie is settled on the true totals: declaring less never helps a side (R-TIE-3);
- relenting and citing Negative Traits are left out: the odds are of the throws to come,
  and a citation changes what is at risk, not who wins (R-NEG-1);
- an overbid is offered only where it buys a retest (R-RT-3): a failed one changes
  nobody's chances and costs a Trait; the second Trait it risks makes no difference;
- of a side's powers (R-RT-5) the first unused one stands for all: each is one
  retest that no Ability can cancel;
- of a side's Abilities, the one with the most points left stands for all (R-RT-2);
- in a race, nobody retests a drawn throw: it scores for nobody, and the round is
  thrown again anyway (R-EXT-2).
"""

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from larp.rules.challenge.legal import Move, Offer
from larp.rules.challenge.play import CONCLUDE, apply
from larp.rules.challenge.retests import ability_points
from larp.rules.challenge.state import ChallengeState, Phase, Result
from larp.rules.signs import Side
from larp.sheet.transcript import Cancel, CancelStep, Retest, RetestStep, Throw, ThrowStep

THROW = "throw"
"""The step that needs no choosing: both sides throw (again)."""

RETEST_ORDER = ("other", "willpower", "overbid", "ability")
"""The order in which the policy "always" spends a side's retests: uncancellable ones first."""


@dataclass(frozen=True, slots=True)
class Choice:
    side: Side
    moves: tuple[ChallengeState, ...]
    """The challenge after each step she may take."""
    otherwise: object
    """What happens if the side takes none of the steps: THROW, CONCLUDE, or another Choice."""


@cache
def throw_step(first: str, second: str) -> ThrowStep:
    return ThrowStep(throw=Throw(challenger=first, defender=second))


@cache
def retest_step(side: str, source: str, name: str | None) -> RetestStep:
    return RetestStep(retest=Retest(side=side, source=source, name=name))


@cache
def cancel_step(side: str, ability: str) -> CancelStep:
    return CancelStep(cancel=Cancel(side=side, ability=ability))


@cache
def throw_results(first: tuple[str, ...], second: tuple[str, ...]) -> tuple[tuple[ThrowStep, Fraction], ...]:
    """Every pair of signs the two sides may throw, each as likely as the others (R-CH-4)."""
    chance = Fraction(1, len(first) * len(second))
    return tuple((throw_step(mine, theirs), chance) for mine in first for theirs in second)


def throws(offers: list[Offer]) -> tuple[tuple[ThrowStep, Fraction], ...]:
    signs = {offer.side: offer.choices for offer in offers if offer.move is Move.THROW}
    return throw_results(signs[Side.CHALLENGER], signs[Side.DEFENDER])


def next_choice(state: ChallengeState, offers: list[Offer]) -> object:
    """After a throw has a result, or a retest was called: who may choose what, else THROW or CONCLUDE."""
    if state.phase is Phase.RETEST:
        cancels = [
            apply(state, cancel_step(offer.side.value, _fullest(state, offer)))[0]
            for offer in offers
            if offer.move is Move.CANCEL and offer.choices  # an Ability that does not fit is the Narrator's, not counted on
        ]
        return Choice(state.retest.side.other, tuple(cancels), THROW) if cancels else THROW
    otherwise = THROW if any(offer.move is Move.THROW for offer in offers) else CONCLUDE
    if state.kind == "race" and state.result is Result.DRAW:
        return otherwise
    for side in (Side.DEFENDER, Side.CHALLENGER):  # the challenger chooses first, then the defender
        moves = _retests(state, [o for o in offers if o.move is Move.RETEST and o.side is side])
        if moves:
            otherwise = Choice(side, moves, otherwise)
    return otherwise


def _retests(state: ChallengeState, offers: list[Offer]) -> tuple:
    moves = []
    for offer in sorted(offers, key=lambda offer: RETEST_ORDER.index(offer.source)):
        if offer.source == "ability" and not offer.choices:
            continue  # only Abilities that do not fit: the Narrator's to allow, not counted on (R-RT-1)
        name = _fullest(state, offer) if offer.source == "ability" else (offer.choices or (None,))[0]
        called = apply(state, retest_step(offer.side.value, offer.source, name))[0]
        if called.phase is Phase.RETEST:  # else a failed overbid
            moves.append(called)
    return tuple(moves)


def _fullest(state: ChallengeState, offer: Offer) -> str:
    """The Ability with the most points left: a side uses at most one more Ability point after
    this one (R-RT-2), and spending from the fullest keeps a point wherever one can be kept."""
    points = ability_points(state, state.side(offer.side))
    return max(offer.choices, key=lambda name: points[name])
