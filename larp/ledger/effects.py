"""What folding the night finds: each entry's effect on a character, and the anomalies."""

from dataclasses import dataclass, field
from typing import Any

from larp.ledger.entry import Entry


@dataclass(frozen=True, slots=True)
class Anomaly:
    kind: str
    """trait-not-there, regain-twice, lock-broken, below-zero, health-overrun, reversed-relied-on, sheets-differ,
    rosters-differ, unknown-reversal, late-entry, closed-twice."""
    character: str
    entry: Entry
    message: str
    earlier: Entry | None = None
    """The entry this one breaks a rule against, where there is one (another station's, often)."""

    def to_json(self) -> dict[str, Any]:
        data = {
            "kind": self.kind,
            "character": self.character,
            "entry": self.entry.id,
            "station": self.entry.station,
            "narrator": self.entry.narrator,
            "game_time": self.entry.game_time,
            "message": self.message,
        }
        if self.earlier is not None:
            data["earlier_entry"] = self.earlier.id
            data["earlier_station"] = self.earlier.station
        return data


@dataclass(frozen=True, slots=True)
class Effect:
    """What one entry did to one character: the deltas applied, or why none were."""

    character: str
    entry: Entry
    delta: dict[str, Any] = field(default_factory=dict)
    reversed_by: str | None = None
