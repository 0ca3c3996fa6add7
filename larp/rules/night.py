"""The night: every character's state, the game clock and the five-minute locks.

What the events of a night do to it is `larp.rules.events`.
"""

from dataclasses import dataclass
from typing import Iterable

from larp.rules.cast import Cast
from larp.rules.character import CharacterState
from larp.rules.evolve import evolve
from larp.rules.locks import Lock, Locks
from larp.sheet import HouseRules, Sheet


@dataclass(frozen=True)
class Night:
    rules: HouseRules
    characters: Cast
    clock: float = 0.0
    """Game time in minutes since the night opened."""
    locks: Locks = Locks()
    noting: bool = True
    """Whether each step and event says what happened, and by which rule (`Note`): the station,
    the night record and `--explain` read the notes; `larp resolve` prints none, and a replay
    without them is faster."""

    @classmethod
    def begin(
        cls, sheets: Iterable[Sheet], rules: HouseRules | None = None, clock: float = 0.0, noting: bool = True
    ) -> "Night":
        return cls(
            rules=rules or HouseRules(),
            characters=Cast({sheet.id: CharacterState.fresh(sheet) for sheet in sheets}),
            clock=clock,
            noting=noting,
        )

    def at(self, clock: float) -> "Night":
        """The night with its game clock set (the station's clock runs on its own)."""
        return evolve(self, clock=clock)

    def locks_on(self, character_id: str) -> list[Lock]:
        """The five-minute locks that still hold challenges by this character."""
        return self.locks.on(character_id, self.clock)

    def to_json(self) -> dict:
        return {cid: state.to_json() for cid, state in self.characters.items()}
