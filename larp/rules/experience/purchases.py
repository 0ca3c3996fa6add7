"""What a purchase buys, what it costs by the chronicle's table, and the sheet after it.

A purchase is named as a Narrator says it:
    "Physical: Quick", "Social: Commanding", "Mental: Clever"   a new Attribute Trait
    "Ability: Occult"                                            one level of an Ability
    "Willpower"                                                  a Willpower Trait
    "Negative: Clumsy off" (or "Negative: Clumsy")               a Negative Trait bought off
    "Discipline: Auspex basic" (intermediate, advanced; add "out of clan")
A Mind's Eye Theatre sheet has no list of Disciplines: a Discipline is priced and written in
the experience history, and the sheet itself does not change.
"""

import re
from dataclasses import dataclass
from typing import Literal

from larp.rules.experience.history import ExperienceError, points
from larp.sheet.categories import ATTRIBUTES, Category
from larp.sheet.character import Sheet
from larp.sheet.experience_rules import CostTable

Buys = Literal["attribute", "ability", "willpower", "negative", "discipline"]
LEVELS = ("basic", "intermediate", "advanced")
SAID = (
    '"Physical: Quick", "Ability: Occult", "Willpower", "Negative: Clumsy off" '
    'or "Discipline: Auspex basic"'
)


@dataclass(frozen=True, slots=True)
class Purchase:
    buys: Buys
    name: str = ""
    category: Category | None = None
    """Physical, Social or Mental: where the Trait (or the Negative Trait) is."""
    level: str = ""
    out_of_clan: bool = False

    @property
    def said(self) -> str:
        """The purchase as the history and the log write it."""
        if self.buys == "attribute":
            return f"{self.category.value.title()}: {self.name}"
        if self.buys == "ability":
            return f"Ability: {self.name}"
        if self.buys == "negative":
            return f"Negative: {self.name} off"
        if self.buys == "discipline":
            return f"Discipline: {self.name} {self.level}" + (" out of clan" if self.out_of_clan else "")
        return "Willpower"


def parse_purchase(text: str) -> Purchase:
    """The purchase a Narrator named; ExperienceError saying how to name one otherwise."""
    said = " ".join(text.split())
    if said.casefold() == "willpower":
        return Purchase("willpower")
    head, colon, rest = said.partition(":")
    rest, kind = rest.strip(), head.strip().casefold()
    if not colon or not rest:
        raise ExperienceError(f"{text!r} is not a purchase: name one as {SAID}")
    if kind in ATTRIBUTES:
        return Purchase("attribute", rest, Category(kind))
    if kind == "ability":
        return Purchase("ability", rest)
    if kind == "negative":
        return Purchase("negative", re.sub(r"\s+off$", "", rest, flags=re.IGNORECASE))
    if kind == "discipline":
        return discipline(rest, text)
    raise ExperienceError(f"{head.strip()!r} is not something experience buys: name one as {SAID}")


def discipline(rest: str, text: str) -> Purchase:
    words = rest.split()
    out = len(words) >= 3 and [w.casefold() for w in words[-3:]] == ["out", "of", "clan"]
    if out:
        words = words[:-3]
    if len(words) < 2 or words[-1].casefold() not in LEVELS:
        raise ExperienceError(f"{text!r}: name the Discipline's level, as \"Discipline: Auspex basic\" (basic, intermediate, advanced)")
    return Purchase("discipline", " ".join(words[:-1]), level=words[-1].casefold(), out_of_clan=out)


def cost(purchase: Purchase, table: CostTable) -> float:
    """What the purchase costs by the chronicle's table."""
    if purchase.buys == "attribute":
        return table.attribute
    if purchase.buys == "ability":
        return table.ability
    if purchase.buys == "willpower":
        return table.willpower
    if purchase.buys == "negative":
        return table.negative_off
    base = getattr(table, f"discipline_{purchase.level}")
    return base + (table.out_of_clan if purchase.out_of_clan else 0)


def bought(sheet: Sheet, purchase: Purchase, table: CostTable) -> Sheet:
    """The sheet after the purchase; ExperienceError where the sheet can't take it."""
    whose = sheet.display_name
    if purchase.buys == "attribute":
        category = purchase.category.value
        traits = dict(sheet.traits.of(purchase.category))
        traits[purchase.name] = traits.get(purchase.name, 0) + 1
        return sheet.model_copy(update={"traits": sheet.traits.model_copy(update={category: traits})})
    if purchase.buys == "ability":
        level = sheet.abilities.get(purchase.name, 0) + 1
        if level > table.ability_most:
            raise ExperienceError(
                f"{whose} has {purchase.name} {level - 1}: the chronicle's cost table buys an Ability up to {table.ability_most}"
            )
        return sheet.model_copy(update={"abilities": {**sheet.abilities, purchase.name: level}})
    if purchase.buys == "willpower":
        return sheet.model_copy(update={"willpower": sheet.willpower + 1})
    if purchase.buys == "negative":
        return bought_off(sheet, purchase)
    return sheet


def bought_off(sheet: Sheet, purchase: Purchase) -> Sheet:
    for category in ATTRIBUTES:
        negative = dict(sheet.negative.of(category))
        if purchase.name in negative:
            if negative[purchase.name] > 1:
                negative[purchase.name] -= 1
            else:
                del negative[purchase.name]
            return sheet.model_copy(update={"negative": sheet.negative.model_copy(update={category.value: negative})})
    held = [name for category in ATTRIBUTES for name in sheet.negative.of(category)]
    raise ExperienceError(
        f"{sheet.display_name} has no Negative Trait {purchase.name!r} to buy off"
        + (f" ({sheet.speech.subject} {sheet.speech.verb('has')} {', '.join(held)})" if held else "")
    )


def priced(purchase: Purchase, table: CostTable) -> str:
    """`Ability: Occult (1 point)`."""
    spent = cost(purchase, table)
    return f"{purchase.said} ({points(spent)} point{'' if spent == 1 else 's'})"
