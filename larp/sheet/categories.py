"""The categories a challenge is made in (R-TRAIT-1, R-TRAIT-2)."""

from enum import StrEnum


class Category(StrEnum):
    PHYSICAL = "physical"
    SOCIAL = "social"
    MENTAL = "mental"
    WILLPOWER = "willpower"
    RAGE = "rage"
    GNOSIS = "gnosis"

    def __init__(self, value: str) -> None:
        self.is_attribute = value in ("physical", "social", "mental")
        """Physical, Social and Mental: Traits are named one by one and can be lost. Kept on
        each member rather than worked out at each asking: a replayed night asks often."""


ATTRIBUTES: tuple[Category, ...] = (Category.PHYSICAL, Category.SOCIAL, Category.MENTAL)
STANDALONE: tuple[Category, ...] = (Category.WILLPOWER, Category.RAGE, Category.GNOSIS)
