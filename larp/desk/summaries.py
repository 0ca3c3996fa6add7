"""One line for each entry, for a Narrator reading the log or the reconciliation."""

from larp.rules import EventResult, Night
from larp.sheet.transcript import ChallengeSpec, Party

LONGEST_EFFECT = 40


def name_in(night: Night, character_id: str) -> str:
    state = night.characters.get(character_id)
    return state.name if state else character_id


def challenge_summary(night: Night, spec: ChallengeSpec, result: EventResult) -> str:
    challenger = name_in(night, spec.challenger.character)
    if isinstance(spec.defender, Party):
        defender = name_in(night, spec.defender.character)
    else:
        defender = "the difficulty" if spec.kind == "simple" else f"static {spec.defender.static}"
    head = f"{challenger} v {defender}, {spec.kind} {spec.category.value.title()}"
    effect = " ".join(spec.effect.split())
    if effect:
        head += f" ({effect[:LONGEST_EFFECT]}{'…' if len(effect) > LONGEST_EFFECT else ''})"
    parts = [head + ": " + verdict(night, spec, result)]
    parts += [f"{name_in(night, cid)} loses {', '.join(names)}" for cid, names in result.lost.items()]
    for cid, spent in result.spent.items():
        what = [f"{name} {points}" for name, points in spent.abilities.items()]
        if spent.willpower:
            what.append(f"Willpower {spent.willpower}")
        parts.append(f"{name_in(night, cid)} spends {', '.join(what)}")
    if result.override is not None:
        parts.append(f"five-minute rule overridden: {' '.join(result.override.split())}")
    return "; ".join(parts)


def verdict(night: Night, spec: ChallengeSpec, result: EventResult) -> str:
    if result.winner is None:
        return "nobody wins"
    side = spec.challenger if result.winner == "challenger" else spec.defender
    who = name_in(night, side.character) if isinstance(side, Party) else "the difficulty"
    if result.successes is not None:
        won = "1 throw won" if result.successes == 1 else f"{result.successes} throws won"
        return f"{who} wins, {won} in {result.throws} throws"
    return f"{who} wins ({result.throws} throw{'s' if result.throws != 1 else ''})"
