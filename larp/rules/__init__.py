"""The Mind's Eye Theatre rules engine: pure, no I/O, no clock, no randomness of its own.

A challenge is a state plus steps (the steps of a transcript, TRANSCRIPT.md):

    state, notes = start_challenge(night, spec)
    legal_actions(state)            # what each side may do now
    state, notes = apply(state, step)   # or apply(state, CONCLUDE)
    outcome(state)                  # None until concluded
    night, result = finish(night, state)

Every refusal is a `RuleError` carrying the id of the rule (RULES.md) that forbids it.
"""

from larp.rules.challenge.legal import Move, Offer, legal_actions
from larp.rules.challenge.outcome import Outcome, Spent, outcome
from larp.rules.challenge.play import CONCLUDE, apply
from larp.rules.challenge.start import start_challenge
from larp.rules.challenge.state import ChallengeState, Phase, Result, SideState
from larp.rules.challenge.throws import round_result
from larp.rules.character import CharacterState
from larp.rules.errors import RuleError
from larp.rules.locks import Lock, Locks
from larp.rules.night import Night
from larp.rules.events import (
    EventResult,
    advance,
    apply_event,
    finish,
    play_steps,
    regain,
    run_challenge,
)
from larp.rules.notes import Note, game_time
from larp.rules.replay import Replay, replay, replaying
from larp.rules.signs import Side, Sign

__all__ = [
    "CONCLUDE",
    "ChallengeState",
    "CharacterState",
    "EventResult",
    "Lock",
    "Locks",
    "Move",
    "Night",
    "Note",
    "Offer",
    "Outcome",
    "Phase",
    "Replay",
    "Result",
    "RuleError",
    "Side",
    "SideState",
    "Sign",
    "Spent",
    "advance",
    "apply",
    "apply_event",
    "finish",
    "game_time",
    "legal_actions",
    "outcome",
    "play_steps",
    "regain",
    "replay",
    "replaying",
    "round_result",
    "run_challenge",
    "start_challenge",
]
