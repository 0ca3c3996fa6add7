"""What folding the night finds: each entry's effect on a character, and the anomalies."""

from dataclasses import dataclass, field
from typing import Any

from larp.ledger.entry import Entry


@dataclass(frozen=True, slots=True)
class Anomaly:
    kind: str
    """trait-not-there, regain-twice, below-zero, reversed-relied-on, sheets-differ, unknown-reversal."""
    character: str
    entry: Entry
    message: str

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "character": self.character,
            "entry": self.entry.id,
            "station": self.entry.station,
            "narrator": self.entry.narrator,
            "game_time": self.entry.game_time,
            "message": self.message,
        }


@dataclass(frozen=True, slots=True)
class Effect:
    """What one entry did to one character: the deltas applied, or why none were."""

    character: str
    entry: Entry
    delta: dict[str, Any] = field(default_factory=dict)
    reversed_by: str | None = None
