"""What a roll decided, die by die: the faces, what each did and the rule behind it (docs/DICE.md)."""

from dataclasses import dataclass
from typing import Callable, Sequence

from larp.rules.errors import RuleError

Draw = Callable[[], int]
"""A source of d10 faces (1 to 10): `secrets`, a seeded `random.Random`, a test's list."""


@dataclass(frozen=True, slots=True)
class Die:
    """One die as the station shows it: `Die(face=10, effect="success, rolled again (10-again)", rule="D-SG-3")`."""

    face: int
    effect: str
    rule: str
    reroll: bool = False
    """This die was rolled again for an earlier one (10-again and its kin, or a rote action)."""


@dataclass(frozen=True, slots=True)
class Note:
    """Something the roll decided beyond its dice: Willpower's success, a botch, a chance die."""

    rule: str
    text: str


@dataclass(frozen=True, slots=True)
class Roll:
    """A roll of either system, decided.

    `outcome` is, in the Storyteller System, "botch", "failure" or the degree of success
    ("marginal" … "phenomenal"); in the Storytelling System "dramatic failure", "failure",
    "success" or "exceptional success".
    """

    system: str
    pool: int
    """The dice rolled before any reroll (Willpower's three dice counted in the Storytelling System)."""
    successes: int
    outcome: str
    dice: tuple[Die, ...] = ()
    notes: tuple[Note, ...] = ()
    ones: int = 0
    """Storyteller System: the 1s rolled; a botch is the worse the more of them (seed 001)."""

    @property
    def botch(self) -> bool:
        return self.outcome == "botch"

    @property
    def dramatic_failure(self) -> bool:
        return self.outcome == "dramatic failure"

    @property
    def degree(self) -> str:
        return self.outcome

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(die.face for die in self.dice)

    def lines(self) -> list[str]:
        """The roll in words, one die a line, then the notes and the outcome."""
        lines = [f"{die.face:>2}{' (again)' if die.reroll else ''}: {die.effect} [{die.rule}]" for die in self.dice]
        lines += [f"{note.text} [{note.rule}]" for note in self.notes]
        count = f"{self.successes} success{'es' if self.successes != 1 else ''}"
        lines.append(f"{count}: {self.outcome}")
        return lines


FACES = frozenset(range(1, 11))


def check_faces(faces: Sequence[int], rule: str) -> None:
    if FACES.issuperset(faces) and all(type(face) is int for face in faces):
        return
    for at, face in enumerate(faces, start=1):
        if type(face) is not int or not 1 <= face <= 10:
            raise RuleError(rule, f"die {at} shows {face!r}: a d10 shows 1 to 10 (a 0 is read as 10)")


def drawn(draw: Draw, count: int, rule: str) -> list[int]:
    """`count` faces from `draw`, checked."""
    faces = [draw() for _ in range(count)]
    check_faces(faces, rule)
    return faces
