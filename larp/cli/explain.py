"""The plain-text account of a replayed night that `larp resolve --explain` prints."""

import json

from larp.rules import CharacterState, EventResult, RuleError, game_time
from larp.rules.wounds import wounds_text
from larp.sheet import ATTRIBUTES, STANDALONE
from larp.sheet.transcript import ChallengeEvent, RegainEvent, Transcript, WoundEvent


def heading(index: int, event, clock: float) -> str:
    if isinstance(event, ChallengeEvent):
        spec = event.challenge
        what = f"{spec.kind} {spec.category.value} challenge"
    elif isinstance(event, RegainEvent):
        what = f"regain ({event.regain.category})"
    elif isinstance(event, WoundEvent):
        what = "wounds" if event.wound.boxes > 0 else "healing"
    else:
        what = "game clock"
    return f"Event {index} at game time {game_time(clock)}: {what}"


def account(index: int, event, clock: float, result: EventResult) -> list[str]:
    lines = [heading(index, event, clock)]
    lines += [f"  {note.text}. [{note.rule}]" for note in result.notes]
    return lines


def refusal(index: int, event, clock: float, error: RuleError) -> list[str]:
    """The refused event: what happened in it up to the refusal, then the refusal."""
    lines = [heading(index, event, clock)]
    lines += [f"  {note.text}. [{note.rule}]" for note in error.before]
    where = f"Event {error.event}" + (f", step {error.step}" if error.step is not None else "")
    return lines + [f"  {where}: REFUSED by {error.rule}: {error.message}."]


def standing(character: CharacterState) -> str:
    sheet = character.sheet
    parts = []
    for category in ATTRIBUTES:
        full = sheet.traits.total(category)
        if not full:
            continue
        lost = character.lost.get(category.value, ())
        gone = f" (lost {', '.join(lost)})" if lost else ""
        parts.append(f"{category.value.title()} {character.total(category)}/{full}{gone}")
    for category in STANDALONE:
        full = sheet.rating(category)
        if full:
            parts.append(f"{category.value.title()} {character.current(category)}/{full}")
    spent = [
        f"{name} {character.abilities.get(name, 0)} of {rating}"
        for name, rating in sheet.abilities.items()
        if character.abilities.get(name, 0) != rating
    ]
    if spent:
        parts.append("Abilities left: " + ", ".join(spent))
    if character.wounds:
        parts.append(wounds_text(character.wounds))
    return f"  {character.name}: " + "; ".join(parts)


def closing(characters: dict[str, CharacterState]) -> list[str]:
    return ["", "At the end of the night:"] + [standing(state) for state in characters.values()]


def describe_house_rules(transcript: Transcript) -> list[str]:
    changed = transcript.house_rules.model_dump(exclude_defaults=True)
    if not changed:
        return ["House rules: the defaults of the rules.", ""]
    settings = ", ".join(f"{key} = {json.dumps(value)}" for key, value in changed.items())
    return [f"House rules: {settings}", ""]
