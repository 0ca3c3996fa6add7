"""Post-game reconciliation: per character, her start, every change with its entry, her end.

Anomalies come first: what two stations ruling on the same sheet, or a reversal
after the fact, left for the Narrators to settle.
"""

from dataclasses import dataclass
from typing import Any, Iterable

from larp.ledger.bulk import bulk
from larp.ledger.effects import Anomaly, Effect
from larp.ledger.entry import Entry
from larp.ledger.projection import Tonight
from larp.rules import CharacterState


@dataclass(frozen=True, slots=True)
class Change:
    """One entry's part in a character's night."""

    entry: Entry
    delta: dict[str, Any]
    reversed_by: str | None = None

    def to_json(self) -> dict[str, Any]:
        data = {
            "entry": self.entry.id,
            "kind": self.entry.kind.value,
            "station": self.entry.station,
            "narrator": self.entry.narrator,
            "game_time": self.entry.game_time,
            "wall_time": self.entry.wall_time,
            "summary": self.entry.summary,
        }
        if self.delta:
            data["delta"] = self.delta
        if self.reversed_by:
            data["reversed_by"] = self.reversed_by
        return data


@dataclass(frozen=True, slots=True)
class CharacterNight:
    id: str
    name: str
    start: CharacterState
    changes: tuple[Change, ...]
    end: CharacterState

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "start": self.start.to_json(),
            "changes": [change.to_json() for change in self.changes],
            "end": self.end.to_json(),
        }


@dataclass(frozen=True, slots=True)
class Reconciliation:
    chronicle: str
    night: int
    stations: tuple[str, ...]
    anomalies: tuple[Anomaly, ...]
    characters: dict[str, CharacterNight]
    differences: tuple[Any, ...] = ()
    """What the players' paper sheets show otherwise (`--reported`), when they were given."""

    def to_json(self) -> dict[str, Any]:
        with bulk():
            return self._json()

    def _json(self) -> dict[str, Any]:
        data = {
            "chronicle": self.chronicle,
            "night": self.night,
            "stations": list(self.stations),
            "anomalies": [anomaly.to_json() for anomaly in self.anomalies],
            "characters": {cid: night.to_json() for cid, night in self.characters.items()},
        }
        if self.differences:
            data["differences"] = [difference.to_json() for difference in self.differences]
        return data


def reconcile(chronicle: str, night: int, entries: Iterable[Entry]) -> Reconciliation:
    entries = list(entries)
    effects: list[Effect] = []
    tonight = Tonight.of(entries, effects)
    changes: dict[str, list[Change]] = {cid: [] for cid in tonight.characters}
    for effect in effects:
        changes.setdefault(effect.character, []).append(Change(effect.entry, effect.delta, effect.reversed_by))
    characters = {
        cid: CharacterNight(cid, state.name, tonight.starts[cid], tuple(changes[cid]), state)
        for cid, state in sorted(tonight.characters.items())
    }
    return Reconciliation(
        chronicle=chronicle,
        night=night,
        stations=tuple(sorted({entry.station for entry in entries})),
        anomalies=tuple(tonight.anomalies),
        characters=characters,
    )
