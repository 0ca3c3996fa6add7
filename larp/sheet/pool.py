"""A dice pool named from a sheet: "Dexterity + Firearms + 2", "Wits + Composure", or "7".

Each name is a Trait of the sheet (an Attribute, an Ability or Skill, one of the creature's
own Traits, Willpower), matched without regard to case; numbers add or take away dice. On a
Storytelling sheet a Skill of the system that the character lacks counts 0 dots and marks
the pool unskilled (seed 004: -1 for a Physical or Social Skill, -3 for a Mental one).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from larp.sheet.table import TableSheet


_SIGN = re.compile(r"(\+|(?<![A-Za-z])-|-(?![A-Za-z]))")
"""+ anywhere; - unless it joins two letters, as in Self-Control."""


class PoolError(ValueError):
    """A pool that does not name the sheet's Traits: says which term and why."""


@dataclass(frozen=True, slots=True)
class PoolPart:
    name: str
    dots: int


@dataclass(frozen=True, slots=True)
class NamedPool:
    """A pool as the sheet gives it: the Traits named with their dots, and the dice added or taken."""

    parts: tuple[PoolPart, ...] = ()
    modifier: int = 0
    unskilled: str | None = None
    """The category of a Storytelling Skill named that the character lacks, else None."""

    @property
    def dice(self) -> int:
        """The Traits' dots plus the modifier (before any option of the roll)."""
        return sum(part.dots for part in self.parts) + self.modifier

    @property
    def text(self) -> str:
        """The pool as a Narrator says it: `Dexterity 3 + Firearms 2 + 2`."""
        said = " + ".join(f"{part.name} {part.dots}" for part in self.parts)
        if self.modifier or not said:
            sign = "-" if self.modifier < 0 else "+"
            said = f"{said} {sign} {abs(self.modifier)}" if said else str(self.modifier)
        return said

    def to_json(self) -> dict:
        data: dict = {"traits": [[part.name, part.dots] for part in self.parts], "modifier": self.modifier}
        if self.unskilled:
            data["unskilled"] = self.unskilled
        return data


def parse_pool(text: str, sheet: TableSheet | None = None) -> NamedPool:
    """The pool `text` names on `sheet` (a plain number needs no sheet)."""
    said = text.strip()
    if not said:
        raise PoolError("the pool is empty: name Traits of the sheet (Dexterity + Firearms) or give a number of dice")
    pieces = _SIGN.split(said)
    terms = [("+", pieces[0]), *zip(pieces[1::2], pieces[2::2])]
    if not terms[0][1].strip() and len(terms) > 1:
        terms = terms[1:]
    parts: list[PoolPart] = []
    modifier = 0
    unskilled = None
    for sign, term in terms:
        term = " ".join(term.split())
        if not term:
            raise PoolError(f"“{said}” has a + or - with nothing after it")
        if re.fullmatch(r"\d+", term):
            modifier += -int(term) if sign == "-" else int(term)
            continue
        if sheet is None:
            raise PoolError(f"“{term}” names a Trait, and there is no sheet to read it from: give a number of dice")
        if sign == "-":
            raise PoolError(f"“- {term}”: a Trait adds dice; only a number takes dice away")
        part, lacking = trait_part(term, sheet)
        if any(known.name == part.name for known in parts):
            raise PoolError(f"{part.name} is named twice in “{said}”")
        parts.append(part)
        unskilled = unskilled or lacking
    return NamedPool(tuple(parts), modifier, unskilled)


def trait_part(term: str, sheet: TableSheet) -> tuple[PoolPart, str | None]:
    """The Trait a term names with its dots, and the Skill category when she lacks that Skill."""
    from larp.sheet.table import SKILLS, StorytellingSheet  # the sheets' models: only where a Trait is named

    ratings = sheet.ratings()
    by_fold = {name.casefold(): name for name in ratings}
    name = by_fold.get(term.casefold())
    if name is not None:
        return PoolPart(name, ratings[name]), None
    if isinstance(sheet, StorytellingSheet):
        skill = next((skill for skill in SKILLS if skill.casefold() == term.casefold()), None)
        if skill is not None:
            return PoolPart(skill, 0), SKILLS[skill]
    known = list(ratings) + (list(SKILLS) if isinstance(sheet, StorytellingSheet) else [])
    started = [name for name in known if name.casefold().startswith(term.casefold())]
    near = started or difflib.get_close_matches(term.title(), known, n=1, cutoff=0.6)
    hint = f" Did you mean {near[0]}?" if near else ""
    raise PoolError(f"{sheet.display_name}'s sheet has no Trait “{term}”.{hint} A pool names {_kinds(sheet)}.")


def _kinds(sheet: TableSheet) -> str:
    from larp.sheet.table import StorytellingSheet

    learned = "Skills" if isinstance(sheet, StorytellingSheet) else "Abilities"
    return f"Attributes, {learned}, the sheet's own Traits, Willpower, and numbers"
