"""What the dice decide, through the rules engine (larp.rules.dice): dice still owed, the
result die by die, and the station's own dice (`secrets`, or a seeded generator for a replay)."""

import random
import secrets
from typing import TYPE_CHECKING

from larp.desk.errors import DeskError
from larp.rules import RuleError
from larp.rules.dice import storyteller, storytelling

if TYPE_CHECKING:
    from larp.desk.rolling import Prepared


def needed(prepared: "Prepared", faces: list[int]) -> int:
    """Dice still owed after `faces` (below 0: that many too many)."""
    if prepared.system == "storyteller":
        return max(prepared.dice, 0) - len(faces)
    if prepared.dice <= 0:
        return 1 - len(faces)
    pending, used = prepared.dice, 0
    for face in faces:
        if not pending:
            break
        used += 1
        pending -= 1
        if face >= prepared.call.again:
            pending += 1
    return pending if used == len(faces) else -(len(faces) - used)


def decide(prepared: "Prepared", faces: list[int]) -> dict:
    """The result as the night record keeps it: successes, outcome, each die with what it did."""
    call = prepared.call
    try:
        if prepared.system == "storyteller":
            if prepared.dice <= 0 and not call.willpower:
                return {"successes": 0, "outcome": "failure", "dice": [], "notes": [["D-OLD-1", "no dice to roll"]]}
            result = storyteller.roll(faces, call.difficulty, willpower=call.willpower)
            dice = [
                {"face": face, "did": did, "rule": rule}
                for face in faces
                for did, rule in [_storyteller_die(face, call.difficulty)]
            ]
            notes = [["D-OLD-3", "Willpower: one automatic success"]] if call.willpower else []
            return {"successes": result.successes, "outcome": result.degree, "dice": dice, "notes": notes}
        result = storytelling.roll(prepared.dice, faces, again=call.again)
    except RuleError as error:
        raise DeskError.forbidden(error) from None
    if prepared.dice <= 0:
        face = faces[0]
        did = "success (a chance die's 10)" if face == 10 else ("dramatic failure" if face == 1 else "no success")
        outcome = "dramatic failure" if result.dramatic_failure else ("success" if result.successes else "failure")
        return {"successes": result.successes, "outcome": outcome, "dice": [{"face": face, "did": did, "rule": "D-NEW-2"}]}
    dice = []
    for face in faces:
        did = "success" if face >= 8 else "no success"
        if face >= call.again:
            did += f", rolled again ({call.again}-again)"
        dice.append({"face": face, "did": did, "rule": "D-NEW-1"})
    outcome = "exceptional success" if result.successes >= 5 else ("success" if result.successes else "failure")
    return {"successes": result.successes, "outcome": outcome, "dice": dice}


def _storyteller_die(face: int, difficulty: int) -> tuple[str, str]:
    if face == 10 or face >= difficulty:
        return "success", "D-OLD-1"
    if face == 1:
        return "cancels a success", "D-OLD-2"
    return "no success", "D-OLD-1"


def station_faces(prepared: "Prepared", seed: int | None) -> list[int]:
    """The station rolls: every die the pool and its rerolls take."""
    draw = (lambda: secrets.randbelow(10) + 1) if seed is None else _seeded(seed)
    faces: list[int] = []
    while (owed := needed(prepared, faces)) > 0:
        faces += [draw() for _ in range(owed)]
    return faces


def _seeded(seed: int):
    generator = random.Random(seed)
    return lambda: generator.randint(1, 10)


def draw_one(seed: int | None) -> int:
    """One die of the station's: `secrets`, or the first of a seeded generator."""
    return secrets.randbelow(10) + 1 if seed is None else _seeded(seed)()


def defense_against(defense: int, dodging: bool, attacks_before: int) -> int:
    """Defense against one attack: doubled by a dodge, 1 less for each earlier attack this turn,
    never below 0 (seed 004)."""
    return max(0, defense * (2 if dodging else 1) - attacks_before)


def initiative_order(totals: dict[str, tuple[int, int]]) -> list[str]:
    """Highest Initiative first; a tie goes to the higher modifier (then the id, to be stable)."""
    return sorted(totals, key=lambda cid: (-totals[cid][0], -totals[cid][1], cid))
