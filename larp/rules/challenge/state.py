"""The state of one challenge between its start and its conclusion."""

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Mapping

from larp.rules.character import CharacterState
from larp.rules.locks import FIVE_MINUTE_CATEGORIES, FIVE_MINUTE_KINDS, Lock
from larp.rules.signs import Side, Sign
from larp.sheet import Category, HouseRules
from larp.sheet.transcript import ChallengeSpec


class Phase(StrEnum):
    BLOCKED = "blocked"
    """The five-minute rule stands in the way; only a Narrator override lets it through (R-NIGHT-2)."""
    OPEN = "open"
    """Before the first throw: cite Negative Traits, declare, relent, throw."""
    DECIDED = "decided"
    """A throw has a result: its loser may retest, or the challenge may be concluded."""
    RETEST = "retest"
    """A retest was called: the opponent may cancel an Ability retest, then both throw again."""
    OVER = "over"
    """Concluded: the outcome stands."""


class Result(StrEnum):
    """The result of the latest throw, after ties are settled."""

    CHALLENGER = "challenger"
    DEFENDER = "defender"
    DRAW = "draw"
    """An equal tie under `equal_tie = "both-lose"`: both sides lost the throw (R-TIE-4)."""

    @classmethod
    def won_by(cls, side: Side) -> "Result":
        return _WON_BY[side]

    def lost_by(self, side: Side) -> bool:
        """Whether `side` lost the throw: the other side won it, or both lost a draw."""
        return self is not _WON_BY[side]


_WON_BY = {Side.CHALLENGER: Result.CHALLENGER, Side.DEFENDER: Result.DEFENDER}


@dataclass(frozen=True)
class SideState:
    """One side of a challenge: a character, or a static difficulty."""

    side: Side
    character: str | None
    """The character's id; None for a static difficulty."""
    name: str
    """How the station calls this side: the character's name, or "static 7"."""
    bid: str | None = None
    ability: str | None = None
    true_total: int = 0
    """The total this side could declare (R-TIE-1, R-TIE-2), fixed at the start (R-TIE-5)."""
    made_of: tuple[tuple[str, int], ...] = ()
    """What the true total adds up: the category's Traits, the named Ability, a bonus (R-TIE-2)."""
    declared: int | None = None
    """The figure this side declared; it stands for the rest of the challenge (R-TIE-3)."""
    fixed_by_tie: bool = False
    """The figure was not declared but fixed at the true total when a tie was settled (R-TIE-3)."""
    at_risk_extra: tuple[str, ...] = ()
    """Traits put at risk beyond the bid: by Negative Traits (R-NEG-1) and overbids (R-RT-3)."""
    crossed: tuple[str, ...] = ()
    """Traits crossed off at once, whatever the outcome: failed overbids (R-RT-3)."""
    ability_retests: int = 0
    ability_cancels: int = 0
    overbid_used: bool = False
    willpower_used: bool = False
    others_used: frozenset[str] = frozenset()
    spent_abilities: Mapping[str, int] = field(default_factory=dict)
    spent_willpower: int = 0
    cited: Mapping[str, int] = field(default_factory=dict)
    """Negative Traits this side cited, with how many times (R-NEG-1)."""
    bomb: bool = False
    """This side may throw the bomb (R-CH-4)."""

    @property
    def is_static(self) -> bool:
        return self.character is None

    @property
    def at_risk(self) -> tuple[str, ...]:
        """What this side crosses off if it loses a contested challenge (R-LOSS-1)."""
        return ((self.bid,) if self.bid else ()) + self.at_risk_extra

    @property
    def said_figure(self) -> str:
        """The figure this side counts, and what it adds up: `9 (7 Social Traits + Expression 2)`."""
        if self.declared is not None and not self.fixed_by_tie:
            return f"{self.declared} (declared)"
        if len(self.made_of) < 2:
            return str(self.true_total)
        (first, count), more = self.made_of[0], self.made_of[1:]
        added = "".join(f" {'-' if n < 0 else '+'} {name} {abs(n)}" for name, n in more)
        return f"{self.true_total} ({count} {first}{added})"

    @property
    def figure_stands(self) -> str:
        """Why this side's figure can't change any more, for a refusal or an offer (R-TIE-3)."""
        if self.fixed_by_tie:
            return f"the settled tie fixed {self.name}'s figure at {self.declared}, the true total, and it stands"
        return f"{self.name} declared {self.declared} already, and that figure stands"

    @property
    def figure(self) -> int:
        """What this side counts in a tie or an overbid: its declaration, else its true total."""
        return self.true_total if self.declared is None else self.declared


@dataclass(frozen=True)
class Retest:
    """A retest just called, which an Ability may still cancel (R-RT-1)."""

    side: Side
    source: str
    name: str | None


@dataclass(frozen=True)
class ChallengeState:
    spec: ChallengeSpec
    rules: HouseRules
    category: Category
    kind: str
    """The spec's kind: contested, static, simple, streak or race."""
    challenger: SideState
    defender: SideState
    characters: Mapping[str, CharacterState]
    """The challenge's characters as they stood at its start, by id."""
    clock: float
    noting: bool = True
    """Whether each step says what happened (the notes of `apply`): see `Night.noting`."""
    phase: Phase = Phase.OPEN
    lock: Lock | None = None
    """The lock that blocks this challenge, or that a Narrator overrode."""
    override: str | None = None
    """The reason a Narrator gave for letting the challenge through (R-NIGHT-2)."""
    signs: tuple[Sign, Sign] | None = None
    """What each side threw on the latest throw."""
    tie_open: bool = False
    """The latest throw tied and the totals are not yet settled (R-TIE-1)."""
    result: Result | None = None
    retest: Retest | None = None
    throws: int = 0
    wins: tuple[int, int] = (0, 0)
    """Throws won by challenger and defender in rounds already closed (streak, race)."""
    ended_by: str | None = None
    """"relent" or "exhausted" when the challenge ended without a throw."""
    steps: tuple = ()

    def side(self, side: Side) -> SideState:
        return self.challenger if side is Side.CHALLENGER else self.defender

    @property
    def contested(self) -> bool:
        return self.kind == "contested"

    @property
    def five_minute(self) -> bool:
        """Whether the five-minute rule covers this challenge (R-NIGHT-2): a race too, since rules
        version 3; a streak never."""
        if self.category not in FIVE_MINUTE_CATEGORIES:
            return False
        return self.kind in FIVE_MINUTE_KINDS or (self.kind == "race" and self.rules.mended)

    @property
    def risks_bids(self) -> bool:
        """Whether the overall loser crosses off what she put at risk (R-LOSS-1): a contested
        Physical, Social or Mental challenge, or, since rules version 3, a race against a
        character (R-EXT-2)."""
        if not self.category.is_attribute:
            return False
        if self.kind == "contested":
            return True
        return self.kind == "race" and self.rules.mended and not self.defender.is_static

    def lock_until(self, until: float) -> Lock:
        """The lock on trying this same challenge again before `until`."""
        target = self.defender.character or f"static:{self.defender.true_total}"
        return Lock(self.challenger.character, target, self.category.value, self.spec.effect.strip(), until)

    @property
    def available(self) -> Mapping[str, Mapping[str, int]]:
        """Each character's unlost Traits of the category at the start, by id."""
        return {cid: c.available(self.category) for cid, c in self.characters.items()}

    @property
    def abilities(self) -> Mapping[str, Mapping[str, int]]:
        """Each character's current Abilities at the start, by id."""
        return {cid: c.abilities for cid, c in self.characters.items()}

    @property
    def willpower(self) -> Mapping[str, int]:
        return {cid: c.willpower for cid, c in self.characters.items()}
