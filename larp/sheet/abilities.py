"""Which Abilities fit which challenges (R-RT-1: "an appropriate Ability"): the chronicle's
`[house_rules.abilities]`, by default the usual lists of Mind's Eye Theatre and Grapevine."""

from typing import Literal

from pydantic import Field

from larp.sheet.categories import Category
from larp.sheet.character import Name
from larp.sheet.frozen import Frozen

PHYSICAL = (
    "Archery", "Athletics", "Brawl", "Dodge", "Drive", "Firearms", "Melee", "Primal-Urge", "Ride", "Security",
    "Stealth", "Survival",
)  # fmt: skip
SOCIAL = (
    "Animal Ken", "Empathy", "Etiquette", "Expression", "Intimidation", "Leadership", "Performance", "Persuasion",
    "Streetwise", "Subterfuge",
)  # fmt: skip
MENTAL = (
    "Academics", "Awareness", "Computer", "Enigmas", "Finance", "Investigation", "Kenning", "Law", "Linguistics",
    "Medicine", "Occult", "Politics", "Rituals", "Science",
)  # fmt: skip

ANY = "any"
Names = tuple[Name, ...] | Literal["any"]
"""The Abilities that fit, or "any": every Ability on the sheet (a word, where JSON and TOML
keep it alike; a list left empty would be no Ability at all)."""


class AbilityFit(Frozen):
    """The Abilities that fit a challenge of each category; a category given "any" takes any
    Ability on the sheet."""

    physical: Names = Field(PHYSICAL, description="R-RT-1: Abilities that fit a Physical challenge")
    social: Names = Field(SOCIAL, description="R-RT-1: Abilities that fit a Social challenge")
    mental: Names = Field(MENTAL, description="R-RT-1: Abilities that fit a Mental challenge")
    willpower: Names = Field(ANY, description="R-RT-1: by default any Ability fits")
    rage: Names = Field(ANY, description="R-RT-1: by default any Ability fits")
    gnosis: Names = Field(ANY, description="R-RT-1: by default any Ability fits")

    def fits(self, ability: str, category: Category) -> bool:
        listed = getattr(self, category.value)
        return listed == ANY or ability in listed

    def serves(self, ability: str) -> Category | None:
        """The first attribute category whose list names this Ability, if any."""
        for category in (Category.PHYSICAL, Category.SOCIAL, Category.MENTAL):
            listed = getattr(self, category.value)
            if listed != ANY and ability in listed:
                return category
        return None


ANY_FITS = {category.value: ANY for category in Category}
"""Every Ability fits every challenge: how nights played before rules version 3 ruled."""
