"""A character's state tonight: her sheet less what she lost and spent (R-TRAIT-1 to 3)."""

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from larp.rules.evolve import MEMO, evolve
from larp.sheet import ATTRIBUTES, STANDALONE, Category, Sheet


@dataclass(frozen=True)
class CharacterState:
    sheet: Sheet
    lost: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Per attribute category, the Traits crossed off tonight, in order (a name twice for `x2`)."""
    abilities: Mapping[str, int] = field(default_factory=dict)
    """Current value of each Ability."""
    willpower: int = 0
    rage: int = 0
    gnosis: int = 0
    regained: frozenset[str] = frozenset()
    """Attribute categories regained tonight (R-NIGHT-1)."""

    @classmethod
    def fresh(cls, sheet: Sheet) -> "CharacterState":
        return cls(
            sheet=sheet,
            abilities=dict(sheet.abilities),
            willpower=sheet.willpower,
            rage=sheet.rage,
            gnosis=sheet.gnosis,
        )

    @property
    def id(self) -> str:
        return self.sheet.id

    @property
    def name(self) -> str:
        return self.sheet.display_name

    def available(self, category: Category) -> Mapping[str, int]:
        """The Traits of an attribute category not crossed off, with how many of each remain."""
        memo = self.__dict__.get(MEMO)
        if memo is None:
            memo = {}
            object.__setattr__(self, MEMO, memo)
        found = memo.get(category)
        if found is None:
            remaining = dict(self.sheet.traits.of(category))
            for name in self.lost.get(category, ()):
                remaining[name] -= 1
            found = memo[category] = MappingProxyType({n: c for n, c in remaining.items() if c > 0})
        return found

    def total(self, category: Category) -> int:
        """The current total of a category (R-TRAIT-1), or a standalone's current value."""
        if category in ATTRIBUTES:
            return sum(self.available(category).values())
        return getattr(self, category)

    def current(self, category: Category) -> int:
        return getattr(self, category)

    def losing(self, category: Category, names: tuple[str, ...]) -> "CharacterState":
        lost = dict(self.lost)
        lost[category.value] = lost.get(category, ()) + names
        return evolve(self, lost=lost)

    def spending(self, abilities: Mapping[str, int], willpower: int) -> "CharacterState":
        """Abilities and Willpower spent (R-TRAIT-3)."""
        current = dict(self.abilities)
        for name, points in abilities.items():
            current[name] = current.get(name, 0) - points
        return evolve(self, abilities=current, willpower=self.willpower - willpower)

    def regaining(self, category: Category) -> "CharacterState":
        """One Willpower spent, every Trait lost in the category back (R-NIGHT-1)."""
        lost = dict(self.lost)
        lost[category.value] = ()
        return evolve(
            self, lost=lost, willpower=self.willpower - 1, regained=self.regained | {category.value}
        )

    def to_json(self) -> dict:
        """The character as `larp resolve` prints her (TRANSCRIPT.md, output)."""
        return {
            "totals": {c.value: self.total(c) for c in ATTRIBUTES},
            "lost": {c.value: list(self.lost.get(c.value, ())) for c in ATTRIBUTES},
            "abilities": dict(self.abilities),
            **{c.value: self.current(c) for c in STANDALONE},
            "regained": sorted(self.regained),
        }
