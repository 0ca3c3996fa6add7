"""The Mind"s Eye Theatre rules engine: pure, no I/O, no clock, no randomness of its own.

A challenge is a state plus steps (the steps of a transcript, docs/transcript.md):

    state, notes = start_challenge(night, spec)
    legal_actions(state)            # what each side may do now
    state, notes = apply(state, step)   # or apply(state, CONCLUDE)
    outcome(state)                  # None until concluded
    night, result = finish(night, state)

Every refusal is a `RuleError` carrying the id of the rule (docs/rules.md) that forbids it.
"""

from importlib import import_module

WHERE = {
    **dict.fromkeys(("Move", "Offer", "legal_actions"), "larp.rules.challenge.legal"),
    **dict.fromkeys(("Outcome", "Spent", "outcome"), "larp.rules.challenge.outcome"),
    **dict.fromkeys(("CONCLUDE", "apply"), "larp.rules.challenge.play"),
    "start_challenge": "larp.rules.challenge.start",
    **dict.fromkeys(("can_name_defensive", "name_defensive"), "larp.rules.challenge.opening"),
    **dict.fromkeys(("ChallengeState", "Phase", "Result", "SideState"), "larp.rules.challenge.state"),
    "round_result": "larp.rules.challenge.throws",
    "CharacterState": "larp.rules.character",
    "RuleError": "larp.rules.errors",
    **dict.fromkeys(("Lock", "Locks"), "larp.rules.locks"),
    "Night": "larp.rules.night",
    **dict.fromkeys(("EventResult", "advance", "apply_event", "finish", "play_steps", "regain", "run_challenge"), "larp.rules.events"),
    **dict.fromkeys(("Note", "game_time"), "larp.rules.notes"),
    **dict.fromkeys(("Replay", "replay", "replaying"), "larp.rules.resolving"),
    **dict.fromkeys(("Side", "Sign"), "larp.rules.signs"),
}
"""Where each name of the engine lives: imported when first asked for, so that a command using
one corner of the rules (the dice odds, an error) does not load the whole engine and the sheets.
No name here is also a module of this package: importing that module would set the package's
name to the module."""


def __getattr__(name: str):
    if name not in WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(import_module(WHERE[name]), name)
    return value


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
    "can_name_defensive",
    "finish",
    "game_time",
    "legal_actions",
    "name_defensive",
    "outcome",
    "play_steps",
    "regain",
    "replay",
    "replaying",
    "round_result",
    "run_challenge",
    "start_challenge",
]
