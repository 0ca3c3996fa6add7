"""What a night's events do: `apply_event(night, event) -> (night, result)` plays one
transcript event: a challenge, a regain (R-NIGHT-1), the clock moving on (R-NIGHT-2) or wounds
on Health Levels (R-HEALTH-2).
"""

from dataclasses import dataclass, field
from typing import Iterable, Mapping

from larp.rules.challenge.outcome import Outcome, Spent, outcome
from larp.rules.challenge.play import CONCLUDE, apply, held
from larp.rules.challenge.start import start_challenge
from larp.rules.challenge.state import ChallengeState, Phase
from larp.rules.errors import RuleError
from larp.rules.evolve import evolve, made
from larp.rules.locks import Lock
from larp.rules.night import Night
from larp.rules.notes import Note, game_time
from larp.rules.signs import Side
from larp.sheet import Category
from larp.rules.wounds import wound
from larp.sheet.transcript import ChallengeEvent, ChallengeSpec, ClockEvent, OverrideStep, RegainEvent, WoundEvent


WINNER_NAME = {Side.CHALLENGER: "challenger", Side.DEFENDER: "defender", None: None}
"""An outcome's winner as a result says it."""


@dataclass(frozen=True)
class EventResult:
    """What one event decided: the `results` entry of `larp resolve`."""

    winner: str | None = None
    throws: int = 0
    successes: int | None = None
    lost: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    spent: Mapping[str, Spent] = field(default_factory=dict)
    regained: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    override: str | None = None
    notes: tuple[Note, ...] = ()

    def to_json(self, index: int) -> dict:
        data = {
            "event": index,
            "winner": self.winner,
            "throws": self.throws,
            "successes": self.successes,
            "lost": {cid: list(names) for cid, names in self.lost.items()},
            "spent": {
                cid: {"abilities": dict(spent.abilities), "willpower": spent.willpower}
                for cid, spent in self.spent.items()
            },
        }
        if self.regained:
            data["regained"] = {cid: list(names) for cid, names in self.regained.items()}
        if self.override is not None:
            data["override"] = {"rule": "R-NIGHT-2", "reason": self.override}
        return data


def finish(night: Night, state: ChallengeState, notes: Iterable[Note] = ()) -> tuple[Night, EventResult]:
    """The night after a concluded challenge: losses crossed off, points spent, locks set."""
    decided: Outcome | None = outcome(state)
    if decided is None:
        raise RuleError("R-RT-6", "the challenge is still under way")
    cast = night.characters
    changed = {}
    for cid, names in decided.lost.items():
        changed[cid] = cast[cid].losing(state.category, names)
    for cid, spent in decided.spent.items():
        changed[cid] = (changed[cid] if cid in changed else cast[cid]).spending(spent.abilities, spent.willpower)
    locks = night.locks
    if decided.lock is not None:
        locks = locks.adding(decided.lock)
    notes = tuple(notes)
    if state.noting:
        notes += _loss_notes(night, state, decided) + _lock_note(decided.lock)
    result = made(
        EventResult,
        winner=WINNER_NAME[decided.winner],
        throws=decided.throws,
        successes=decided.successes,
        lost=decided.lost,
        spent=decided.spent,
        override=state.override,
        notes=notes,
    )
    return evolve(night, characters=cast.changing(changed), locks=locks), result


def _lock_note(lock: Lock | None) -> tuple[Note, ...]:
    if lock is None:
        return ()
    return (Note("R-NIGHT-2", f"The same challenge is barred until game time {game_time(lock.until)}"),)


def _loss_notes(night: Night, state: ChallengeState, decided: Outcome) -> tuple[Note, ...]:
    """Who crosses off what, and why nothing else is lost (R-LOSS-1 to R-LOSS-4). A failed
    overbid's Trait went at once (R-RT-3): it is said apart from what the challenge's end costs."""
    if state.ended_by == "relent":
        return (Note("R-LOSS-4", "Relenting costs no Trait"),)
    notes = []
    risked_any = False
    for side in (state.challenger, state.defender):
        names = decided.lost.get(side.character, ()) if side.character else ()
        if not names:
            continue
        name = night.characters[side.character].name
        risked = names[: len(names) - len(side.crossed)]
        if risked:
            risked_any = True
            notes.append(Note("R-LOSS-1" if state.risks_bids else "R-LOSS-2", f"{name} crosses off {', '.join(risked)}"))
        if side.crossed:
            notes.append(Note("R-RT-3", f"{name}'s {', '.join(side.crossed)} was crossed off at once, when the overbid failed"))
    if not state.category.is_attribute:
        notes.append(Note("R-LOSS-3", f"Nobody crosses off Traits for losing a {state.category.value.title()} challenge"))
    elif not state.risks_bids and not risked_any and state.kind != "simple":
        notes.append(Note("R-LOSS-2", "The bid Traits are not at risk in this challenge: nothing more is crossed off" if any(
            side.crossed for side in (state.challenger, state.defender)) else "The bid Traits are not at risk in this challenge: nothing is crossed off"))
    return tuple(notes)


def play_steps(state: ChallengeState, steps: Iterable, notes: list[Note] = ()) -> tuple[ChallengeState, list[Note]]:
    """Every step of a challenge in order, after `notes` (the challenge's so far); the state and
    every note. A RuleError carries the step's index, or none where the five-minute rule holds
    the whole challenge and its first step is no override (R-NIGHT-2), and the notes before it."""
    steps = list(steps)
    notes = list(notes)
    if state.phase is Phase.BLOCKED and not (steps and isinstance(steps[0], OverrideStep)):
        raise held(state).at(before=tuple(notes))
    for index, step in enumerate(steps):
        try:
            state, more = apply(state, step)
        except RuleError as error:
            raise error.at(step=index, before=tuple(notes)) from None
        notes += more
    return state, notes


def run_challenge(night: Night, spec: ChallengeSpec) -> tuple[Night, EventResult]:
    """Play a challenge with all its steps, then conclude it. Errors carry the step's index."""
    state, notes = start_challenge(night, spec)
    state, notes = play_steps(state, spec.steps, notes)
    if state.phase is not Phase.OVER:
        state, more = apply(state, CONCLUDE)
        notes += more
    return finish(night, state, notes)


def regain(night: Night, character_id: str, category: Category) -> tuple[Night, EventResult]:
    """Spend a Willpower to get back every Trait lost in a category, once a night (R-NIGHT-1)."""
    try:
        character = night.characters[character_id]
    except KeyError:
        raise RuleError("R-NIGHT-1", f"no character {character_id!r} is known tonight") from None
    title = category.value.title()
    if category.value in character.regained:
        raise RuleError("R-NIGHT-1", f"{character.name} has already regained {title} Traits tonight")
    if character.willpower < 1:
        raise RuleError("R-NIGHT-1", f"{character.name} has no Willpower left to spend")
    back = character.lost.get(category.value, ())
    characters = night.characters.changing({character_id: character.regaining(category)})
    notes = ()
    if night.noting:
        what = ", ".join(back) if back else "nothing: no Trait was lost"
        notes = (Note("R-NIGHT-1", f"{character.name} spends a Willpower to regain lost {title} Traits: {what}"),)
    result = EventResult(spent={character_id: Spent({}, 1)}, regained={character_id: back}, notes=notes)
    return evolve(night, characters=characters), result


def advance(night: Night, minutes: float) -> tuple[Night, EventResult]:
    later = night.clock + minutes
    notes = (Note("R-NIGHT-2", f"The game clock moves on {minutes:g} minutes, to {game_time(later)}"),) if night.noting else ()
    return evolve(night, clock=later), EventResult(notes=notes)


def apply_event(night: Night, event: ChallengeEvent | RegainEvent | ClockEvent | WoundEvent) -> tuple[Night, EventResult]:
    if isinstance(event, ChallengeEvent):
        return run_challenge(night, event.challenge)
    if isinstance(event, RegainEvent):
        return regain(night, event.regain.character, Category(event.regain.category))
    if isinstance(event, WoundEvent):
        night, notes = wound(night, event.wound.character, event.wound.boxes)
        return night, EventResult(notes=notes)
    return advance(night, event.clock.advance_minutes)
