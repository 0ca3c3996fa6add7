"""Post-game reconciliation: per character, her start, every change with its entry, her end.

Anomalies come first: what two stations ruling on the same sheet, or a reversal
after the fact, left for the Narrators to settle.
"""

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from larp.ledger.bulk import bulk
from larp.ledger.effects import Anomaly, Effect
from larp.ledger.ending import as_carried, ending_anomalies
from larp.ledger.entry import Entry, Kind
from larp.ledger.projection import Tonight
from larp.ledger.rows import PAYLOAD_TRIPS, Damage, fold_damage
from larp.ledger.season import as_delta
from larp.rules import CharacterState


@dataclass(frozen=True, slots=True)
class Change:
    """One entry's part in a character's night."""

    entry: Entry
    delta: Mapping[str, Any]
    """What the entry did to her, as applied (nothing, for a reversed entry)."""
    reversed_by: str | None = None
    undone: dict[str, Any] = field(default_factory=dict)
    """A reversed entry: what it had recorded for her, struck by its reversal."""
    reversal_reason: str = ""

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
            data["reversal_reason"] = self.reversal_reason
            if self.undone:
                data["undone"] = self.undone
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
    chronicle_name: str = ""
    """The chronicle's name, as the stations that opened the night give it."""
    damaged: tuple[Damage, ...] = ()
    """Entries whose payload is damaged in the record: left out of the account."""

    def to_json(self, characters: bool = True) -> dict[str, Any]:
        """The account as JSON data; with `characters` false, their object is left empty (for a
        writer that makes each character's as it writes it)."""
        with bulk():
            return self._json(characters)

    def _json(self, characters: bool) -> dict[str, Any]:
        data = {
            "chronicle": self.chronicle,
            "night": self.night,
            "stations": list(self.stations),
            "anomalies": [anomaly.to_json() for anomaly in self.anomalies],
            "characters": {cid: night.to_json() for cid, night in self.characters.items()} if characters else {},
        }
        if self.differences:
            data["differences"] = [difference.to_json() for difference in self.differences]
        return data


def reconcile(chronicle: str, night: int, entries: Iterable[Entry], reversals: dict[str, Entry] | None = None) -> Reconciliation:
    """The night's account. `entries` in any order, or, with the night's `reversals` (reversed
    entry id → reversal), already in the merged order and read one at a time: the account then
    keeps of each entry what it shows, not its payload, however long the night."""
    if reversals is None:
        entries = sorted(entries, key=lambda entry: entry.order)
        reversals = {e.reverses: e for e in entries if e.kind is Kind.REVERSAL and e.reverses}
    tonight = Tonight(reversals)
    shown: list[Entry] = []
    changes: dict[str, list[Change]] = {}
    with bulk():
        for entry in entries:
            kept = entry if entry.kind in READ_AFTER else entry.without_payload()
            shown.append(kept)
            for effect in tonight.apply(entry):
                changes.setdefault(effect.character, []).append(change_of(effect, kept, tonight))
    return account(chronicle, night, tonight, shown, changes)


def reconcile_folded(chronicle: str, night: int, entries: list[Entry], effects: list[list[Effect]], tonight: Tonight) -> Reconciliation:
    """The night's account from a fold already made (the station's own, larp.ledger.fold): each
    entry's effects as the fold found them, the night not folded again. `tonight` is the fold's
    own copy, which the account may add damage to."""
    changes: dict[str, list[Change]] = {}
    with bulk():
        for entry, found in zip(entries, effects):
            for effect in found:
                changes.setdefault(effect.character, []).append(change_of(effect, entry, tonight))
    return account(chronicle, night, tonight, entries, changes)


def account(chronicle: str, night: int, tonight: Tonight, shown: list[Entry], changes: dict[str, list[Change]]) -> Reconciliation:
    characters = {
        cid: CharacterNight(cid, state.name, tonight.starts[cid], tuple(changes.get(cid, ())), state)
        for cid, state in sorted(tonight.characters.items())
    }
    return Reconciliation(
        chronicle=chronicle,
        night=night,
        stations=tuple(sorted({entry.station for entry in shown})),
        anomalies=tuple(tonight.anomalies) + tuple(ending_anomalies(shown)),
        characters=characters,
        chronicle_name=next((name_of(e) for e in shown if e.kind is Kind.OPENED and name_of(e)), chronicle),
        damaged=tuple(tonight.damaged),
    )


NOTHING: Mapping[str, Any] = MappingProxyType({})
"""What most entries did to one of the characters they name (the winner of a challenge): one
for them all, on a night of tens of thousands of changes."""
READ_AFTER = (Kind.OPENED, Kind.ENDED, Kind.REVERSAL)
"""The kinds whose payload the account reads once the night is folded (the chronicle's name,
the close's reading of each station, a reversal's reason): the others' are let go."""


def change_of(effect: Effect, shown: Entry, tonight: Tonight) -> Change:
    """An entry's part in a character's night, as the account shows it."""
    return Change(shown, *part_of(effect, tonight)[1:])


def part_of(effect: Effect, tonight: Tonight) -> tuple:
    """What an effect shows in the account, but its entry: the character, the delta, and for a
    reversed entry its reversal's id, what it had recorded and the reversal's reason."""
    if not effect.reversed_by:
        return effect.character, effect.delta or NOTHING, None, NOTHING, ""
    reversal = tonight.reversals[effect.entry.id]
    try:
        recorded = as_recorded(effect.entry, effect.character)
    except PAYLOAD_TRIPS as error:
        tonight.damaged.append(fold_damage(effect.entry, error))
        recorded = {}
    return effect.character, effect.delta, effect.reversed_by, recorded, str(reversal.payload.get("reason", ""))


def parts_of(effects: list[Effect], tonight: Tonight) -> tuple[tuple, ...]:
    """What an entry's effects show in the account (`part_of` each): kept with a fold."""
    return tuple(part_of(effect, tonight) for effect in effects)


def reconcile_parts(chronicle: str, night: int, parts: list[tuple[Entry, tuple[tuple, ...]]], tonight: Tonight, whole: dict[str, Entry]) -> Reconciliation:
    """The night's account from what a fold kept of each entry (`LiveFold.parts`, the entries
    in the merged order without their payloads); `whole`, by id, the entries of the kinds of
    `READ_AFTER`, whose payloads the account reads."""
    shown: list[Entry] = []
    changes: dict[str, list[Change]] = {}
    with bulk():
        for entry, found in parts:
            entry = whole.get(entry.id, entry)
            shown.append(entry)
            for cid, delta, reversed_by, undone, reason in found:
                changes.setdefault(cid, []).append(Change(entry, delta, reversed_by, undone, reason))
    return account(chronicle, night, tonight, shown, changes)


def name_of(opening: Entry) -> str:
    """The chronicle's name an opening gives ("" where its payload is damaged)."""
    chronicle = opening.payload.get("chronicle")
    name = chronicle.get("name") if isinstance(chronicle, dict) else None
    return name if isinstance(name, str) else ""


def as_recorded(entry: Entry, cid: str) -> dict[str, Any]:
    """What an entry recorded for a character, as a delta: a reversed entry's, never applied."""
    entry = as_carried(entry)
    payload = entry.payload
    if entry.kind is Kind.CHANGED:
        return {"sheet": "changed"}
    if entry.kind is Kind.EXPERIENCE:
        return as_delta(payload["line"])
    if entry.kind is Kind.CHECKIN:
        return {"present": True}
    delta: dict[str, Any] = {}
    if entry.kind in (Kind.ROLL, Kind.HEALTH):
        if payload.get("willpower_spent") and payload.get("character") == cid:
            delta["spent"] = {"willpower": payload["willpower_spent"]}
        damage = payload.get("damage")
        if damage and damage["target"] == cid:
            delta["health"] = {damage["kind"]: damage["amount"]}
        wound = payload.get("wound")
        if wound and wound["target"] == cid:
            delta["health"] = {"wounds": wound["boxes"]}
        return delta
    result = payload.get("result", {})
    category = payload["challenge"]["category"] if entry.kind is Kind.ADJUDICATION else payload.get("category", "")
    for what in ("regained", "lost"):
        if cid in result.get(what, {}):
            delta[what] = {category: result[what][cid]}
    if cid in result.get("spent", {}):
        delta["spent"] = result["spent"][cid]
    return delta
