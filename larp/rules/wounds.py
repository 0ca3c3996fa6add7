"""A Mind's Eye Theatre character's Health Levels tonight (docs/rules.md, R-HEALTH-1 to R-HEALTH-4).

A track is her sheet's `Health Levels` list in its order (Grapevine's: Healthy 2, Bruised 3,
Wounded 2, Incapacitated, Torpor), each item a level with as many boxes as its rating; a sheet
without one takes the chronicle's (`[house_rules.health] levels`). A wound fills the next box,
healing empties the last one filled; she stands at the level of the last box filled.
"""

from dataclasses import dataclass, replace

from larp.rules.errors import RuleError
from larp.rules.evolve import evolve
from larp.rules.night import Night
from larp.rules.notes import Note
from larp.sheet import HouseRules, Sheet
from larp.sheet.health_rules import HealthRules

HEALTH_LEVELS = "Health Levels"
"""The sheet's list her track is read from."""

FILLED = "■"
EMPTY = "□"


@dataclass(frozen=True, slots=True)
class Wounds:
    levels: tuple[tuple[str, int], ...]
    """Each level's name and boxes, the lightest first."""
    marked: int = 0
    """Boxes filled, from the first."""
    rules: HealthRules = HealthRules()
    """The chronicle's penalties and levels out of play."""

    @property
    def boxes(self) -> int:
        return sum(boxes for _, boxes in self.levels)

    @property
    def level(self) -> str | None:
        """The level of the last box filled; None while no box is (unhurt)."""
        filled = self.marked
        for name, boxes in self.levels:
            if filled <= boxes:
                return name if filled else None
            filled -= boxes
        return self.levels[-1][0]

    @property
    def state(self) -> str:
        return self.level or "unhurt"

    @property
    def marks(self) -> str:
        """`Healthy ■■ Bruised ■□□ Wounded □□ …`: each level with its boxes, filled first."""
        return " ".join(self.each_level())

    def each_level(self) -> list[str]:
        """`Healthy ■■`, `Bruised ■□□`, …: a level with its boxes, filled first."""
        words, left = [], self.marked
        for name, boxes in self.levels:
            filled = min(left, boxes)
            left -= filled
            words.append(f"{name} {FILLED * filled}{EMPTY * (boxes - filled)}")
        return words

    @property
    def penalty(self) -> int:
        """R-HEALTH-4: the Trait penalty her level carries."""
        return self.rules.penalties.get(self.level, 0) if self.level else 0

    @property
    def out_of_play(self) -> bool:
        """R-HEALTH-3: at a level that keeps her out of challenges."""
        return self.level in self.rules.out_of_play

    def marking(self, boxes: int, name: str) -> "Wounds":
        """`boxes` wounds marked (R-HEALTH-2), or healed where below 0; a RuleError saying what
        is left where the track holds no such box."""
        after = self.marked + boxes
        if after > self.boxes:
            left = self.boxes - self.marked
            raise RuleError(
                "R-HEALTH-2",
                f"{name} has {left} box{'' if left == 1 else 'es'} of Health left ({self.marks}): "
                f"{wounds_text(boxes)} more would pass the last level, which is the Narrator's call",
            )
        if after < 0:
            raise RuleError("R-HEALTH-2", f"{name} has {wounds_text(self.marked)} to heal, not {-boxes}")
        return Wounds(self.levels, after, self.rules)


def track_of(sheet: Sheet, rules: HouseRules, marked: int = 0) -> Wounds:
    """Her track (R-HEALTH-1) with `marked` boxes filled, held to the boxes it has."""
    items = sheet.lists.get(HEALTH_LEVELS)
    levels = tuple((item.name, item.rating) for item in items) if items else tuple(rules.health.levels.items())
    boxes = sum(boxes for _, boxes in levels)
    return Wounds(levels, max(0, min(marked, boxes)), rules.health)


def hurt(character, rules: HouseRules) -> Wounds | None:
    """Her track where she has a wound; None while she is unhurt (most are), read without it."""
    return track_of(character.sheet, rules, character.wounds) if character.wounds else None


def wounds_text(boxes: int) -> str:
    """`1 wound`, `3 wounds`."""
    return f"{boxes} wound{'' if abs(boxes) == 1 else 's'}"


def wound(night: Night, character_id: str, boxes: int) -> tuple[Night, tuple[Note, ...]]:
    """The night with `boxes` wounds filled on her Health Levels, or healed below 0 (R-HEALTH-2);
    a RuleError where her track holds no such box, or nobody is known by that id."""
    try:
        character = night.characters[character_id]
    except KeyError:
        raise RuleError("R-HEALTH-2", f"no character {character_id!r} is known tonight") from None
    track = track_of(character.sheet, night.rules, character.wounds)
    after = track.marking(boxes, character.name)
    characters = night.characters.changing({character_id: replace(character, wounds=after.marked)})
    notes = (Note("R-HEALTH-2", wound_said(character.name, boxes, after)),) if night.noting else ()
    return evolve(night, characters=characters), notes


def wound_said(name: str, boxes: int, after: Wounds) -> str:
    """`Janet Reyes takes 3 wounds: Bruised`, `Janet Reyes heals 1 wound: Healthy`."""
    what = f"takes {wounds_text(boxes)}" if boxes > 0 else f"heals {wounds_text(-boxes)}"
    return f"{name} {what}: {after.state}"
