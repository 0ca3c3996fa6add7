"""Which Abilities fit which challenges (R-RT-1: "an appropriate Ability"): the chronicle's
`[house_rules.abilities]`, by default the usual lists of Mind's Eye Theatre and Grapevine."""

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

Names = tuple[Name, ...] | None


class AbilityFit(Frozen):
    """The Abilities that fit a challenge of each category; a category given no list (None)
    takes any Ability on the sheet."""

    physical: Names = Field(PHYSICAL, description="R-RT-1: Abilities that fit a Physical challenge")
    social: Names = Field(SOCIAL, description="R-RT-1: Abilities that fit a Social challenge")
    mental: Names = Field(MENTAL, description="R-RT-1: Abilities that fit a Mental challenge")
    willpower: Names = Field(None, description="R-RT-1: none given, any Ability fits")
    rage: Names = Field(None, description="R-RT-1: none given, any Ability fits")
    gnosis: Names = Field(None, description="R-RT-1: none given, any Ability fits")

    def fits(self, ability: str, category: Category) -> bool:
        listed = getattr(self, category.value)
        return listed is None or ability in listed

    def serves(self, ability: str) -> Category | None:
        """The first attribute category whose list names this Ability, if any."""
        for category in (Category.PHYSICAL, Category.SOCIAL, Category.MENTAL):
            listed = getattr(self, category.value)
            if listed is not None and ability in listed:
                return category
        return None


ANY_FITS = AbilityFit(physical=None, social=None, mental=None)
"""Every Ability fits every challenge: how nights played before rules version 3 ruled."""
