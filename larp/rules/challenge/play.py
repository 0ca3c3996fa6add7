"""Applying a step to a challenge: `apply(state, step) -> (state, notes)`."""

from larp.rules.challenge.opening import cite, declare, override, relent
from larp.rules.challenge.outcome import conclude
from larp.rules.challenge.retests import cancel, retest
from larp.rules.challenge.state import ChallengeState, Phase
from larp.rules.challenge.throws import settle_tie, throw
from larp.rules.errors import RuleError
from larp.rules.evolve import evolve
from larp.rules.notes import Note, game_times
from larp.sheet.transcript import (
    CancelStep,
    CiteStep,
    DeclareStep,
    OverrideStep,
    RelentStep,
    RetestStep,
    ThrowStep,
)


class Conclude:
    """The Narrator's "done": the loser of the latest throw declines to retest (R-RT-6)."""

    def __repr__(self) -> str:
        return "CONCLUDE"


CONCLUDE = Conclude()

_HANDLERS = {
    ThrowStep: (throw, "throw"),
    DeclareStep: (declare, "declare"),
    RelentStep: (relent, "relent"),
    CiteStep: (cite, "cite"),
    RetestStep: (retest, "retest"),
    CancelStep: (cancel, "cancel"),
    OverrideStep: (override, "override"),
}
"""Each step's handler, and the step's one key, which holds what the handler is given."""

Step = ThrowStep | DeclareStep | RelentStep | CiteStep | RetestStep | CancelStep | OverrideStep


def held(state: ChallengeState) -> RuleError:
    """The refusal of a challenge the five-minute rule holds (R-NIGHT-2)."""
    return RuleError(
        "R-NIGHT-2",
        f"the five-minute rule holds this challenge until game time {game_times(state.lock.until, state.clock)[0]}; "
        "only a Narrator override lets it through",
    )


def apply(state: ChallengeState, step: Step | Conclude) -> tuple[ChallengeState, list[Note]]:
    """The challenge after one more step, with what happened; a RuleError if the rules forbid it.

    The state given is never changed: a refused step leaves the challenge as it was.
    """
    phase = state.phase
    if phase is Phase.OVER:
        raise RuleError("R-RT-6", "the challenge is over: nothing more can happen in it")
    if phase is Phase.BLOCKED and not isinstance(step, OverrideStep):
        raise held(state)
    notes: list[Note] = []
    if state.tie_open and not isinstance(step, DeclareStep):
        state, notes = settle_tie(state)
    if step is CONCLUDE:
        state, more = conclude(state)
        return state, notes + more if notes else more
    handler, key = _HANDLERS[type(step)]
    after, more = handler(state, getattr(step, key))
    if after is state:
        after = evolve(state)
    # `after` is a fresh state nobody else holds yet: it records the step in place,
    # sparing a second copy on every step of a replayed night.
    after.__dict__["steps"] = state.steps + (step,)
    return after, notes + more if notes else more
