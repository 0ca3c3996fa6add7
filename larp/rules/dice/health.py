"""The Health track (seed 004, "Health and Damage"): bashing, lethal and aggravated wounds.

Rule ids: D-HEALTH-1 marking in order, D-HEALTH-2 wound penalties, D-HEALTH-3 no more
Health (incapacitated), D-HEALTH-4 additional damage upgrades wounds, D-HEALTH-5 healing,
D-HEALTH-6 a werewolf's healing.
A track is the wounds marked, left to right: aggravated first, then lethal, then bashing,
as the seed keeps them (a worse wound pushes the lighter ones right). Its length is the
character's Health dots.
"""

from dataclasses import dataclass
from typing import Literal

from larp.rules.errors import RuleError

Wound = Literal["bashing", "lethal", "aggravated"]
WOUNDS: tuple[Wound, ...] = ("aggravated", "lethal", "bashing")
"""Worst first: the order the track keeps them in."""
MARKS = {"bashing": "/", "lethal": "X", "aggravated": "*"}


@dataclass(frozen=True, slots=True)
class Track:
    boxes: int
    wounds: tuple[Wound, ...] = ()

    def __post_init__(self) -> None:
        if self.boxes < 1:
            raise RuleError("D-HEALTH-1", f"a Health track has at least one box, not {self.boxes}")
        if len(self.wounds) > self.boxes or list(self.wounds) != sorted(self.wounds, key=WOUNDS.index):
            raise RuleError("D-HEALTH-1", "a track holds at most its boxes, worst wounds first")

    def count(self, kind: Wound) -> int:
        return self.wounds.count(kind)

    @property
    def marks(self) -> str:
        """The track as the seed draws it: `*X//   ` for one aggravated, one lethal, two bashing."""
        return "".join(MARKS[w] for w in self.wounds) + "·" * (self.boxes - len(self.wounds))

    @property
    def penalty(self) -> int:
        """Wound penalty: -1 with the third-to-last box marked, -2 the second-to-last, -3 the last."""
        left = self.boxes - len(self.wounds)
        return -3 + left if left < 3 else 0

    @property
    def incapacitated(self) -> bool:
        """D-HEALTH-3: the last box is marked."""
        return len(self.wounds) == self.boxes

    @property
    def state(self) -> str:
        """unhurt, hurt, unconscious (last box bashing) or bleeding to death (lethal or aggravated)."""
        if not self.wounds:
            return "unhurt"
        if len(self.wounds) < self.boxes:
            return "hurt"
        return "unconscious" if self.wounds[-1] == "bashing" else "bleeding to death"


def _sorted(wounds: list[Wound]) -> tuple[Wound, ...]:
    return tuple(sorted(wounds, key=WOUNDS.index))


def mark(track: Track, kind: Wound, amount: int) -> Track:
    """`amount` points of `kind` damage marked. With every box marked, a bashing or lethal point
    upgrades the leftmost bashing wound to lethal, an aggravated point the leftmost lethal or
    bashing wound to aggravated; where there is nothing left to upgrade it changes nothing."""
    if kind not in MARKS:
        raise RuleError("D-HEALTH-1", f"damage is bashing, lethal or aggravated, not {kind!r}")
    if amount < 0:
        raise RuleError("D-HEALTH-1", "damage marks at least no boxes")
    wounds = list(track.wounds)
    for _ in range(amount):
        if len(wounds) < track.boxes:
            wounds.append(kind)
        elif kind == "aggravated":
            lighter = [i for i, w in enumerate(wounds) if w != "aggravated"]
            if lighter:
                wounds[lighter[0]] = "aggravated"
        elif "bashing" in wounds:
            wounds[wounds.index("bashing")] = "lethal"
        wounds = list(_sorted(wounds))
    return Track(track.boxes, tuple(wounds))


def heal(track: Track, kind: Wound, amount: int) -> Track:
    """`amount` wounds of `kind` healed (as many as there are)."""
    if amount < 0:
        raise RuleError("D-HEALTH-5", "healing heals at least no boxes")
    wounds = list(track.wounds)
    for _ in range(min(amount, wounds.count(kind))):
        wounds.remove(kind)
    return Track(track.boxes, _sorted(wounds))


LETHAL_MINUTES = 15


def regenerate(track: Track, *, turns: int = 0, minutes: int = 0, essence: int = 0) -> Track:
    """D-HEALTH-6, a werewolf's healing in any form: one bashing wound a turn, one lethal wound
    each 15 minutes, and one lethal wound at once for each point of Essence spent (an
    incapacitated werewolf spends one reflexively, if she has one)."""
    if min(turns, minutes, essence) < 0:
        raise RuleError("D-HEALTH-6", "turns, minutes and Essence spent are 0 or more")
    healed = heal(track, "bashing", turns)
    return heal(healed, "lethal", minutes // LETHAL_MINUTES + essence)
