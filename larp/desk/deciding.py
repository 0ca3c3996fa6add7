"""What the dice decide, through the rules engine (larp.rules.dice): dice still owed, the
result die by die, and the station's own dice (`secrets`, or a seeded generator for a replay)."""

import random
import secrets

from larp.desk.errors import DeskError
from larp.rules import RuleError
from larp.rules.dice import Options, StorytellerOptions, StorytellingOptions, dice_needed, roll, roll_with
from larp.rules.dice.combat import InitiativeRoll, defense
from larp.rules.dice.combat import initiative_order as ordered
from larp.desk.roll_call import Prepared


def options(prepared: Prepared) -> Options:
    """The engine's options for the roll called (Willpower's three Storytelling dice are
    already in `prepared.dice`)."""
    call = prepared.call
    if prepared.system == "storyteller":
        return StorytellerOptions(difficulty=call.difficulty, willpower=call.willpower)
    return StorytellingOptions(again=call.again, rote=call.rote)


def needed(prepared: Prepared, faces: list[int]) -> int:
    """Dice still owed after `faces`, rerolls earned included (below 0: that many too many)."""
    try:
        return dice_needed(prepared.dice, faces, options(prepared))
    except RuleError as error:
        raise DeskError.forbidden(error) from None


def decide(prepared: Prepared, faces: list[int]) -> dict:
    """The result as the night record keeps it: successes, outcome, each die with what it did
    and the rule behind it, the notes."""
    try:
        result = roll(prepared.dice, faces, options(prepared))
    except RuleError as error:
        raise DeskError.forbidden(error) from None
    return {
        "successes": result.successes,
        "outcome": result.outcome,
        "dice": [{"face": die.face, "did": die.effect + (" (rolled again)" if die.reroll else ""), "rule": die.rule} for die in result.dice],
        "notes": [[note.rule, note.text] for note in result.notes],
    }


def station_faces(prepared: Prepared, seed: int | None) -> list[int]:
    """The station rolls: every die the pool and its rerolls take."""
    draw = (lambda: secrets.randbelow(10) + 1) if seed is None else _seeded(seed)
    try:
        return list(roll_with(draw, prepared.dice, options(prepared)).faces)
    except RuleError as error:
        raise DeskError.forbidden(error) from None


def _seeded(seed: int):
    generator = random.Random(seed)
    return lambda: generator.randint(1, 10)


def draw_one(seed: int | None) -> int:
    """One die of the station's: `secrets`, or the first of a seeded generator."""
    return secrets.randbelow(10) + 1 if seed is None else _seeded(seed)()


def defense_against(rating: int, dodging: bool, attacks_before: int) -> int:
    """Defense against one attack: doubled by a dodge, 1 less for each earlier attack this turn,
    never below 0 (D-SG-14)."""
    return defense(rating, dodging=dodging, attacks_before=attacks_before)


def initiative_order(totals: dict[str, tuple[int, int]]) -> list[str]:
    """Highest Initiative first; a tie goes to the higher modifier, then the id (D-SG-11)."""
    rolls = [InitiativeRoll(cid, total - modifier, modifier) for cid, (total, modifier) in sorted(totals.items())]
    return list(ordered(rolls))
