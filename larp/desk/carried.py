"""Between games: the sheets the record carries into the next night, and what the chronicle
folder says differently.

The record carries each character's starting state: as `close-night` left her (or as the
station that opened the night first started her), then every between-games entry written
since. The folder is read against what this record last took from it (a fingerprint per
sheet, kept with the record's settings): only what was edited in the folder since is a
difference, so that a change the record made (a retirement, an experience purchase) is not
undone by a folder that has not heard of it yet.
"""

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from larp.ledger import Entry, Kind, Ledger, NightRow, starting_data
from larp.ledger.conflicts import Conflict, bought_nothing, conflicts, overspent
from larp.ledger.effects import Anomaly
from larp.ledger.ending import COUNTED_LATE, late_entries
from larp.ledger.heard_late import first_of, opened_season
from larp.ledger.operations import Operation, fields_changed
from larp.ledger.registers import Registers
from larp.sheet import ANY_SHEET, Chronicle
from larp.sheet.differences import said

SEEN_SETTING = "folder_seen"
"""The fingerprints of the folder's sheets as this record last took them, by chronicle."""
GONE = "the sheet file was removed from the chronicle folder"
NEW = "new"


@dataclass(frozen=True)
class FolderDifference:
    """One character whose file in the folder says otherwise than the record."""

    character: str
    name: str
    said: str
    """`Social +Commanding; Subterfuge 1 → 2`, `new`, `file gone`."""
    start: dict
    """The starting state the difference, applied, gives her."""
    file: str

    def line(self) -> str:
        return f"{self.name}: {self.said}"

    @property
    def sheet(self):
        """Her sheet, the difference applied."""
        return ANY_SHEET.validate_python(self.start["sheet"])

    @property
    def is_new(self) -> bool:
        return self.said == NEW


def first_opening(ledger: Ledger, night: NightRow) -> Entry | None:
    """The night's first opening in the season's order (larp.ledger.heard_late.first_of)."""
    return first_of(ledger.entries(night, kind=Kind.OPENED.value))


@dataclass(frozen=True)
class SeasonNow:
    """The night to come as the record carries it: each starting state, the operations it holds,
    and what they leave for staff to settle."""

    registers: Registers
    operations: list[Operation]

    @property
    def starts(self) -> dict[str, dict]:
        return dict(sorted(self.registers.starts.items()))

    def conflicts(self) -> list[Conflict]:
        return conflicts(self.operations, self.registers)

    def anomalies(self, debt: bool) -> list[Anomaly]:
        return [c.anomaly() for c in self.conflicts()] + overspent(self.operations, self.registers, debt) + bought_nothing(self.registers)

    def opening_payload(self) -> dict:
        """What an opening says it heard: every operation folded in, and which set each field."""
        written = [[cid, path, *key] for (cid, path), key in sorted(self.registers.written.items())]
        short = sorted([op.entry.id, path] for op, path in self.registers.short)
        return {"heard": sorted(op.entry.id for op in self.operations), "written": written, **({"short": short} if short else {})}


def season_now(ledger: Ledger, night: NightRow | None, chronicle: Chronicle) -> SeasonNow:
    """Each character's starting state for the night: `close-night`'s states (the chronicle's
    sheets, for a night that follows none) and every between-games operation of the night,
    wherever and whenever it was written; once the night is under way, its first opening's
    states and every operation it had not heard."""
    base = {cid: starting_data(sheet) for cid, sheet in chronicle.characters.items()}
    if night is None:
        return SeasonNow(Registers(base), [])
    reversed_ids = {e.reverses for e in ledger.entries(night, kind=Kind.REVERSAL.value)}
    held = [Operation.of(e).held() for e in ledger.each_entry(night, kind=Kind.BETWEEN.value)]  # read in batches, payloads let go
    ops = sorted((op for op in held if op.entry.id not in reversed_ids), key=lambda op: op.key)
    opening = first_opening(ledger, night)
    if opening is None:
        ops = late_lines(ledger, night) + ops
        registers = Registers(ledger.starting_states(night) or base)
        for op in ops:
            registers.apply(op)
        return SeasonNow(registers, ops)
    registers = opened_season(opening, ops, [op for op in held if op.entry.id in reversed_ids])
    return SeasonNow(registers, ops)


def late_lines(ledger: Ledger, night: NightRow) -> list[Operation]:
    """The operations on characters of the night before written after its close (at a station
    that had not heard of it), not reversed, in the season's order: each counts in this night's
    start, as a between-games one would (an older record's experience line too)."""
    before = ledger.night(night.chronicle, night.number - 1)
    if before is None:
        return []
    entries = [e for kind in (*COUNTED_LATE, Kind.REVERSAL, Kind.ENDED) for e in ledger.entries(before, kind=kind.value)]
    undone = {e.reverses for e in entries if e.kind is Kind.REVERSAL}
    late = [e for e in late_entries(entries) if e.kind in COUNTED_LATE and e.id not in undone]
    return sorted(
        (Operation.of(e) if e.kind is Kind.BETWEEN else Operation(e, e.payload["character"], e.payload["line"], {}, False, None, 0, {}) for e in late),
        key=lambda op: op.key,
    )


def carried_starts(ledger: Ledger, night: NightRow | None, chronicle: Chronicle) -> dict[str, dict]:
    """Each character's starting state for the night, as the record carries it (`season_now`)."""
    return season_now(ledger, night, chronicle).starts


def changed_start(known: dict | None, sheet) -> dict:
    """The starting state a changed sheet gives: her Willpower moves with its rating (a dot
    bought between games is a dot she has), never above it; her wounds as they were."""
    if known is None:
        return starting_data(sheet)
    rating = known["sheet"].get("willpower", 0)
    willpower = known.get("willpower", rating) + sheet.willpower - rating
    return starting_data(sheet, max(0, min(willpower, sheet.willpower)), known.get("wounds", 0))


def playing(starts: list[dict]) -> str:
    """`15 characters` (`and 2 retired or dead`, where some are)."""
    kept = sum(1 for data in starts if data["sheet"].get("status", "active") in ("retired", "dead"))
    said = f"{len(starts) - kept} character{'' if len(starts) - kept == 1 else 's'}"
    return said + (f" and {kept} retired or dead" if kept else "")


ADDED_SINCE = ("lists", "attributes")
"""Sheet fields newer than the fingerprints a record may hold: left out where empty, so that a
sheet without them prints as it did (the folder not taken for edited by an upgrade)."""


def fingerprint(sheet) -> str:
    data = sheet.model_dump(mode="json")
    text = json.dumps({k: v for k, v in data.items() if k not in ADDED_SINCE or v}, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def seen_prints(ledger: Ledger, chronicle: str) -> dict[str, str] | None:
    """What this record last took from the folder (None: it never said)."""
    text = ledger.setting(f"{SEEN_SETTING}:{chronicle}")
    return None if text is None else json.loads(text)


def remember_seen(ledger: Ledger, chronicle: Chronicle, only: str | None = None, leaving=frozenset()) -> None:
    """The folder's sheets (or `only` that character's) as the record now takes them, but those
    `leaving` (edited by hand, not taken)."""
    prints = {cid: fingerprint(sheet) for cid, sheet in sorted(chronicle.characters.items()) if only in (None, cid) and cid not in leaving}
    if only is not None or leaving:
        before = seen_prints(ledger, chronicle.id) or {}
        prints = {**{cid: print_ for cid, print_ in before.items() if cid in leaving or only is not None}, **prints}
    ledger.remember(f"{SEEN_SETTING}:{chronicle.id}", json.dumps(prints, sort_keys=True))


def folder_differences(carried: dict[str, dict], chronicle: Chronicle, folder: Path | None, seen: dict[str, str] | None) -> list[FolderDifference]:
    """What the folder says otherwise than the record, among what was edited in it since the
    record last took it (everything, for a record that never took it)."""
    differences = []
    for cid, sheet in chronicle.characters.items():
        if seen is not None and seen.get(cid) == fingerprint(sheet):
            continue  # not edited in the folder since: the record's word stands
        known = carried.get(cid)
        if known is None:
            differences.append(FolderDifference(cid, sheet.display_name, NEW, starting_data(sheet), file_of(folder, cid)))
            continue
        if fields_changed(known["sheet"], sheet.model_dump(mode="json")):  # experience is the record's alone
            old = ANY_SHEET.validate_python(known["sheet"])
            sheet = sheet.model_copy(update={"experience": old.experience})
            differences.append(FolderDifference(cid, sheet.display_name, said(old, sheet), changed_start(known, sheet), file_of(folder, cid)))
    for cid, known in carried.items():
        if cid in chronicle.characters or (seen is not None and cid not in seen):
            continue  # in the folder, or never was (joined from a file elsewhere)
        old = ANY_SHEET.validate_python(known["sheet"])
        if not old.plays:
            continue
        retired = old.model_copy(update={"status": "retired", "status_reason": GONE})
        start = starting_data(retired, known.get("willpower"))
        differences.append(FolderDifference(cid, old.display_name, "file gone", start, file_of(folder, cid)))
    return sorted(differences, key=lambda difference: difference.name.casefold())


def file_of(folder: Path | None, character_id: str) -> str:
    """The file a sheet was read from, as a Narrator names it (a sheet's file is named for its id, mostly)."""
    if folder is None:
        return ""
    for path in sorted(folder.glob("*.toml")):
        if path.stem == character_id:
            return str(path)
    return str(folder / f"{character_id}.toml")
