"""A character's state tonight: her sheet less what she lost and spent (R-TRAIT-1 to 3)."""

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from larp.rules.evolve import MEMO, evolve
from larp.sheet import ATTRIBUTES, STANDALONE, Category, Sheet


NO_MEMO: Mapping = MappingProxyType({})
NO_TRAITS: Mapping[str, int] = MappingProxyType({})


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
    wounds: int = 0
    """Health boxes filled tonight (R-HEALTH-2; larp.rules.wounds reads them on her track)."""

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
        return self.standing(category)[0]

    def total(self, category: Category) -> int:
        """The current total of a category (R-TRAIT-1), or a standalone's current value."""
        return self.standing(category)[1]

    def standing(self, category: Category) -> tuple[Mapping[str, int], int]:
        """What she has left of a category: the Traits not crossed off, with how many of each
        remain (none for a standalone), and the current total. Kept under `MEMO` for an
        attribute category, since a challenge asks for them again and again."""
        if category not in ATTRIBUTES:
            return NO_TRAITS, getattr(self, category)
        memo = self.__dict__.get(MEMO)
        if memo is None:
            memo = {}
            object.__setattr__(self, MEMO, memo)
        found = memo.get(category)
        if found is None:
            remaining = dict(self.sheet.traits.of(category))
            for name in self.lost.get(category, ()):
                remaining[name] -= 1
            found = memo[category] = _standing({n: c for n, c in remaining.items() if c > 0})
        return found

    def current(self, category: Category) -> int:
        return getattr(self, category)

    def losing(self, category: Category, names: tuple[str, ...]) -> "CharacterState":
        lost = dict(self.lost)
        lost[category.value] = lost.get(category, ()) + names
        after = evolve(self, lost=lost)
        known = self.__dict__.get(MEMO, NO_MEMO).get(category)
        if known is not None:  # what remains follows from what remained, however long the night's losses
            remaining = known[0].copy()
            for name in names:
                if name in remaining:
                    remaining[name] -= 1
                    if not remaining[name]:
                        del remaining[name]
            object.__setattr__(after, MEMO, {category: _standing(remaining)})
        return after

    def spending(self, abilities: Mapping[str, int], willpower: int) -> "CharacterState":
        """Abilities and Willpower spent (R-TRAIT-3); the Traits that remain stay as they were."""
        current = dict(self.abilities)
        for name, points in abilities.items():
            current[name] = current.get(name, 0) - points
        after = evolve(self, abilities=current, willpower=self.willpower - willpower)
        if MEMO in self.__dict__:
            object.__setattr__(after, MEMO, self.__dict__[MEMO])
        return after

    def regaining(self, category: Category) -> "CharacterState":
        """One Willpower spent, every Trait lost in the category back (R-NIGHT-1)."""
        lost = dict(self.lost)
        lost[category.value] = ()
        return evolve(
            self, lost=lost, willpower=self.willpower - 1, regained=self.regained | {category.value}
        )

    def to_json(self) -> dict:
        """The character as `larp resolve` prints her (docs/transcript.md, output)."""
        return {
            "totals": {c.value: self.total(c) for c in ATTRIBUTES},
            "lost": {c.value: list(self.lost.get(c.value, ())) for c in ATTRIBUTES},
            "abilities": dict(self.abilities),
            **{c.value: self.current(c) for c in STANDALONE},
            "regained": sorted(self.regained),
            "wounds": self.wounds,
        }


def _standing(remaining: dict[str, int]) -> tuple[Mapping[str, int], int]:
    return MappingProxyType(remaining), sum(remaining.values())
