"""The Storytelling System (seed 004): d10 pools where 8, 9 and 10 succeed (D-SG-1 to D-SG-8).

The dice are read in the order rolled: first the pool, then every die rolled again, each
reroll after those already owed (the players pick up the 10s, roll them, and so on).
"""

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator, NamedTuple, Sequence

from larp.rules.dice.result import Die, Draw, Note, Roll, check_faces, drawn
from larp.rules.errors import RuleError
from larp.words import are, counted

SYSTEM = "storytelling"
WILLPOWER_DICE = 3
WILLPOWER_DEFENSE = 2
EXCEPTIONAL = 5
UNSKILLED = {"physical": -1, "social": -1, "mental": -3}


@dataclass(frozen=True)
class StorytellingOptions:
    """How one Storytelling roll is read."""

    again: int = 10
    """D-SG-3: 10-again, or 9-again or 8-again where a power or a weapon gives it."""
    rote: bool = False
    """D-SG-4, a house option: every die of the pool that fails is rolled once more."""
    willpower: bool = False
    """D-SG-6: one Willpower point, three more dice."""

    def __post_init__(self) -> None:
        if self.again not in (8, 9, 10):
            raise RuleError("D-SG-3", f"rerolls are 10-again, 9-again or 8-again, not {self.again}-again")


class Modifier(NamedTuple):
    """Dice a pool gains or loses, and why: ("unskilled (Mental Skill)", -3, "D-SG-7")."""

    what: str
    dice: int
    rule: str


@dataclass(frozen=True, slots=True)
class Pool:
    """A pool built (D-SG-1): the Traits' dots and every modifier with its reason."""

    traits: int
    modifiers: tuple[Modifier, ...] = ()

    @property
    def dice(self) -> int:
        """The dice to roll (0 or less: a chance die, D-SG-5)."""
        return self.traits + sum(modifier.dice for modifier in self.modifiers)


def pool(attribute: int, skill: int, *, category: str = "physical", specialty: bool = False,
         modifiers: Sequence[Modifier] = ()) -> Pool:
    """Attribute + Skill (D-SG-1); a Skill of 0 costs −1 (Physical, Social) or −3 (Mental), a
    Specialty adds one (D-SG-7); then the equipment, Merits and circumstances the Storyteller sets."""
    if category not in UNSKILLED:
        raise RuleError("D-SG-7", f"a Skill is Physical, Social or Mental, not {category!r}")
    if attribute < 0 or skill < 0:
        raise RuleError("D-SG-1", "Traits are rated 0 or more")
    found: list[Modifier] = []
    if skill == 0:
        found.append(Modifier(f"unskilled ({category.title()} Skill)", UNSKILLED[category], "D-SG-7"))
    if specialty:
        if skill == 0:
            raise RuleError("D-SG-7", "a Specialty belongs to a Skill the character has")
        found.append(Modifier("Specialty", 1, "D-SG-7"))
    return Pool(attribute + skill, (*found, *modifiers))


def dice_to_roll(pool: int, options: StorytellingOptions = StorytellingOptions()) -> int:
    """The pool with Willpower's dice; 0 or less is a chance die (D-SG-5, D-SG-6)."""
    return pool + (WILLPOWER_DICE if options.willpower else 0)


@lru_cache(maxsize=None)
def _die(face: int, again: int, rote: bool, reroll: bool) -> tuple[Die, int]:
    """The die, and how many rerolls it earns."""
    if face >= 8:
        if face >= again:
            return Die(face, f"success, rolled again ({again}-again)", "D-SG-3", reroll), 1
        return Die(face, "success", "D-SG-2", reroll), 0
    effect = "no success (a 1 does nothing)" if face == 1 else "no success"
    if rote and not reroll:
        return Die(face, f"{effect}, rolled again (rote)", "D-SG-4"), 1
    return Die(face, effect, "D-SG-2", reroll), 0


_CHANCE = {
    10: Die(10, "success (a chance die's 10)", "D-SG-5"),
    1: Die(1, "dramatic failure (a chance die's 1)", "D-SG-5"),
}


def _chance_die(face: int) -> Die:
    return _CHANCE.get(face) or Die(face, "no success (a chance die succeeds only on a 10)", "D-SG-5")


def _read(dice: int, faces: Sequence[int], options: StorytellingOptions) -> tuple[list[Die], int]:
    """The dice read from `faces`, and how many more are owed (below 0: given too many)."""
    if dice <= 0:
        return [_chance_die(face) for face in faces[:1]], 1 - len(faces)
    read: list[Die] = []
    owed = dice
    for at, face in enumerate(faces):
        if not owed:
            return read, -(len(faces) - at)
        die, earned = _die(face, options.again, options.rote, at >= dice)
        read.append(die)
        owed += earned - 1
    return read, owed


def dice_needed(pool: int, faces: Sequence[int], options: StorytellingOptions = StorytellingOptions()) -> int:
    """How many more dice the roll still needs, rerolls earned so far included (below 0: that
    many were given too many). A Narrator typing the players' dice is asked for them until 0."""
    check_faces(faces, "D-SG-2")
    return _read(dice_to_roll(pool, options), faces, options)[1]


def roll(pool: int, faces: Sequence[int], options: StorytellingOptions = StorytellingOptions()) -> Roll:
    """One roll: `faces` in the order rolled, the pool first, then each die rolled again."""
    check_faces(faces, "D-SG-2")
    dice = dice_to_roll(pool, options)
    read, owed = _read(dice, faces, options)
    if owed > 0:
        raise RuleError("D-SG-3", f"{counted(len(faces), 'die')} given and {owed} more {are(owed)} owed (the pool, then every reroll)")
    if owed < 0:
        raise RuleError("D-SG-3", f"{-owed} dice given beyond the pool and its rerolls")
    notes: list[Note] = []
    if options.willpower:
        notes.append(Note("D-SG-6", f"Willpower: {WILLPOWER_DICE} more dice ({pool} + {WILLPOWER_DICE})"))
    if dice <= 0:
        face = faces[0]
        notes.append(Note("D-SG-5", f"a pool of {dice}: one chance die"))
        outcome = "success" if face == 10 else "dramatic failure" if face == 1 else "failure"
        return Roll(SYSTEM, 1, 1 if face == 10 else 0, outcome, tuple(read), tuple(notes))
    successes = sum(1 for face in faces if face >= 8)
    if successes >= EXCEPTIONAL:
        notes.append(Note("D-SG-8", f"{EXCEPTIONAL} or more successes: an exceptional success"))
    outcome = "exceptional success" if successes >= EXCEPTIONAL else "success" if successes else "failure"
    return Roll(SYSTEM, dice, successes, outcome, tuple(read), tuple(notes))


def roll_with(draw: Draw, pool: int, options: StorytellingOptions = StorytellingOptions()) -> Roll:
    """The roll with faces from `draw` (the station's dice), every reroll drawn as it is owed."""
    faces: list[int] = []
    dice = dice_to_roll(pool, options)
    while (owed := _read(dice, faces, options)[1]) > 0:
        faces += drawn(draw, owed, "D-SG-2")
    return roll(pool, faces, options)


def tally(pool: int, faces: Sequence[int], options: StorytellingOptions = StorytellingOptions()) -> Iterator[tuple[int, bool]]:
    """Many rolls of one pool read one after another from one long run of `faces` (each roll its
    pool, then its rerolls): for each, its successes and whether it was a dramatic failure,
    decided by the same dice as `roll` (D-SG-2 to D-SG-6). A roll left short at the end is
    dropped. The station's dice for a batch of rolls, or a simulation checked against the odds."""
    check_faces(faces, "D-SG-2")
    dice = dice_to_roll(pool, options)
    at, end = 0, len(faces)
    if dice <= 0:
        for face in faces:
            yield (1 if face == 10 else 0), face == 1
        return
    first = [0] + [_die(face, options.again, options.rote, False)[1] for face in range(1, 11)]
    again = [0] + [_die(face, options.again, options.rote, True)[1] for face in range(1, 11)]
    wins = [0] * 8 + [1, 1, 1]
    while at + dice <= end:  # the pool, then each wave of rerolls, as the players roll them
        wave = faces[at:at + dice]
        at += dice
        successes = sum(map(wins.__getitem__, wave))
        owed = sum(map(first.__getitem__, wave))
        while owed:
            if at + owed > end:
                return
            wave = faces[at:at + owed]
            at += owed
            successes += sum(map(wins.__getitem__, wave))
            owed = sum(map(again.__getitem__, wave))
        yield successes, False
