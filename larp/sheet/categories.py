"""The categories a challenge is made in (R-TRAIT-1, R-TRAIT-2)."""

from enum import StrEnum


class Category(StrEnum):
    PHYSICAL = "physical"
    SOCIAL = "social"
    MENTAL = "mental"
    WILLPOWER = "willpower"
    RAGE = "rage"
    GNOSIS = "gnosis"

    @property
    def is_attribute(self) -> bool:
        """Physical, Social and Mental: Traits are named one by one and can be lost."""
        return self in ATTRIBUTES


ATTRIBUTES: tuple[Category, ...] = (Category.PHYSICAL, Category.SOCIAL, Category.MENTAL)
STANDALONE: tuple[Category, ...] = (Category.WILLPOWER, Category.RAGE, Category.GNOSIS)
