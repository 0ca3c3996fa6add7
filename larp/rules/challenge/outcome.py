"""The end of a challenge: who won, and what each side lost and spent (R-LOSS-1 to R-LOSS-4)."""

from dataclasses import dataclass, field
from typing import Mapping, NamedTuple

from larp.rules.challenge.state import ChallengeState, Phase, Result
from larp.rules.challenge.throws import close_round
from larp.rules.errors import RuleError
from larp.rules.evolve import evolve, made
from larp.rules.locks import Lock
from larp.rules.notes import Note
from larp.rules.signs import SIDE_OF, Side


class Spent(NamedTuple):
    abilities: Mapping[str, int]
    willpower: int


@dataclass(frozen=True)
class Outcome:
    winner: Side | None
    """None where both sides lost an equal tie (R-TIE-4, both-lose) or nobody won a race."""
    throws: int
    successes: int | None
    """Throws won: in a row for a streak, the challenger's for a race; None otherwise."""
    lost: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    spent: Mapping[str, Spent] = field(default_factory=dict)
    lock: Lock | None = None
    """The five-minute lock this outcome sets (R-NIGHT-2)."""


def conclude(state: ChallengeState) -> tuple[ChallengeState, list[Note]]:
    """The Narrator closes the challenge: the loser of the latest throw declines to retest (R-RT-6)."""
    if state.phase is Phase.OPEN:
        raise RuleError("R-CH-4", "no throw has been made: throw, or relent")
    if state.phase is Phase.RETEST:
        raise RuleError("R-RT-6", "a retest was called: both sides throw again before the challenge ends")
    if state.phase is not Phase.DECIDED:
        raise RuleError("R-RT-6", "the challenge is not under way")
    state = evolve(state, phase=Phase.OVER)
    if state.kind in ("streak", "race"):
        state = evolve(state, wins=close_round(state.wins, state.result))
    return state, [Note(SUMMARY_RULE.get(state.kind, "R-RT-6"), summary(state))] if state.noting else []


SUMMARY_RULE = {"streak": "R-EXT-1", "race": "R-EXT-2"}
"""The rule an extended challenge's end is counted by; any other ends when the loser declines a retest."""


def winner_of(state: ChallengeState) -> Side | None:
    if state.ended_by:  # a relent or an exhausted responder: the initiator wins at once (R-CH-2, R-CH-3)
        return Side.CHALLENGER
    if state.kind == "streak":
        return Side.CHALLENGER if state.wins[0] else Side.DEFENDER
    if state.kind == "race":
        target = state.spec.target or 1
        for side, wins in zip(Side, state.wins):
            if wins >= target:
                return side
        return None
    if state.result is Result.DRAW or state.result is None:
        return None
    return SIDE_OF[state.result]


def successes_of(state: ChallengeState) -> int | None:
    return state.wins[0] if state.kind in ("streak", "race") else None


def summary(state: ChallengeState) -> str:
    winner = winner_of(state)
    if state.kind == "streak":
        return f"The streak ends: {state.challenger.name} won {state.wins[0]} throws in a row"
    if state.kind == "race":
        first, second = state.wins
        who = state.side(winner).name if winner else "nobody"
        return f"The race ends {first} to {second}: {who} wins"
    if winner is None:
        return "The challenge ends in a draw: both sides lose"
    return f"The challenge ends: {state.side(winner).name} wins"


def outcome(state: ChallengeState) -> Outcome | None:
    """What the concluded challenge decided, or None while it is still under way."""
    if state.phase is not Phase.OVER:
        return None
    winner = winner_of(state)
    # The loser, or both on a draw, cross off what they risked (R-LOSS-1, R-EXT-2).
    risking = state.risks_bids and not state.ended_by and not (state.kind == "race" and winner is None)
    lost: dict[str, tuple[str, ...]] = {}
    spent: dict[str, Spent] = {}
    for side in (state.challenger, state.defender):
        if side.character is None:  # a static difficulty
            continue
        crossed = side.crossed
        if risking and winner is not side.side:
            crossed = side.at_risk + crossed
        if crossed:
            lost[side.character] = crossed
        if side.spent_abilities or side.spent_willpower:
            spent[side.character] = Spent(dict(side.spent_abilities), side.spent_willpower)
    return made(
        Outcome,
        winner=winner,
        throws=state.throws,
        successes=successes_of(state),
        lost=lost,
        spent=spent,
        lock=_lock(state, winner),
    )


def _lock(state: ChallengeState, winner: Side | None) -> Lock | None:
    minutes = state.rules.five_minute_rule_minutes
    if minutes <= 0 or winner is Side.CHALLENGER or state.ended_by:
        return None
    if not state.five_minute or (state.kind == "race" and winner is None):  # a race nobody won has no loser
        return None
    return state.lock_until(state.clock + minutes)
