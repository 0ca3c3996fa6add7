"""An entry row of the record, read: the entry, or the damage that keeps it from being read.

The one place where the record's rows become entries (`entry_of_row`): a row a disk, a
crash or a hand changed (cut short, not text, a key missing, a value of the wrong kind) is a
`Damage` naming the row and what is wrong, never an exception halfway through a night. A
record with a damaged row is read, all of it that can be, and takes no new entry (`larp
doctor` copies what is readable into a new record).
"""

import json
import math
from sys import intern
from dataclasses import dataclass
from typing import Any

from larp.ledger.entry import Entry, Kind
from larp.ledger.errors import LedgerError
from larp.sheet.strict_json import LONGEST_LINE, BadJson, loads_kept, sized

FIELDS: dict[str, type | tuple[type, ...]] = {
    "id": str,
    "station": str,
    "seq": int,
    "narrator": str,
    "kind": str,
    "game_time": (int, float),
    "wall_time": str,
    "summary": str,
    "characters": list,
    "reverses": (str, type(None)),
    "payload": dict,
}
"""Each key of an entry's line, and the JSON kinds its value may be."""


@dataclass(frozen=True, slots=True)
class Damage:
    """A row of the record that can't be read: an entry, or a setting."""

    place: str
    """`entry 1a2b3c4d (row 17)`, `the setting station`."""
    what: str
    entry: str = ""
    """The damaged entry's id, where the damage is an entry's."""

    def __str__(self) -> str:
        return f"{self.place} is damaged: {self.what}"


def entry_damage(row: int, entry_id: Any, what: str) -> Damage:
    named = entry_id[:8] if isinstance(entry_id, str) and entry_id else "?"
    return Damage(f"entry {named} (row {row})", what)


def entry_of_row(row: int, entry_id: str, line: Any, night: int) -> Entry | Damage:
    """The entry a row holds, or what damage keeps it from being read."""
    if not isinstance(line, str):
        return entry_damage(row, entry_id, f"its line is {type(line).__name__}, not text")
    try:
        data = loads_kept(line)
    except BadJson as error:
        return entry_damage(row, entry_id, error.what)
    if not isinstance(data, dict):
        return entry_damage(row, entry_id, "its line is not a JSON object")
    for key, kinds in FIELDS.items():
        if key not in data:
            return entry_damage(row, entry_id, f"its line has no {key!r}")
        value = data[key]
        if not isinstance(value, kinds) or (isinstance(value, bool) and kinds is not bool):
            return entry_damage(row, entry_id, f"its {key!r} is not of the right kind")
    if not math.isfinite(data["game_time"]):
        return entry_damage(row, entry_id, "its game time is not a number of minutes")
    if data["kind"] not in Kind._value2member_map_:
        return entry_damage(row, entry_id, f"its kind {data['kind']!r} is not a kind of entry this larp knows")
    if data["id"] != entry_id or not all(isinstance(c, str) for c in data["characters"]):
        return entry_damage(row, entry_id, "its line does not match the row it is filed in")
    return Entry.from_json(data, night)


HEADLINE_KEYS = ("id", "station", "seq", "narrator", "kind", "game_time", "wall_time", "summary", "characters", "reverses")
"""Every key of `FIELDS` but the payload, in the order `headline_of_row` takes them."""
HEADLINE_KINDS = tuple(FIELDS[key] for key in HEADLINE_KEYS)
HEADLINE = (
    "CASE WHEN json_valid(line) THEN json_extract(line, "
    + ", ".join(f"'$.{key}'" for key in HEADLINE_KEYS)
    + ") END, CASE WHEN json_valid(line) THEN json_type(line, '$.reverses') || ' ' || json_type(line, '$.payload') END"
)
"""What a row's line holds but its payload, read by the record itself (its JSON parsed in C, the
payload never made into Python's objects): the values of `HEADLINE_KEYS` as a JSON array; then
the JSON kinds of the line's `reverses` and `payload` (NULL where one is missing)."""
_WHOLE_LINE = ("null object", "text object")
_KINDS = Kind._value2member_map_


def headline_of_row(entry_id: str, fields: str | None, kinds: str | None, night: int) -> Entry | None:
    """The entry a row holds, its payload left out (`Entry.without_payload`), from what `HEADLINE`
    read of its line; None where `entry_of_row` must read the line to name what is wrong."""
    if fields is None or kinds not in _WHOLE_LINE:
        return None
    values = json.loads(fields)
    for value, kinds_of in zip(values, HEADLINE_KINDS):
        if value.__class__ is bool or not isinstance(value, kinds_of):
            return None
    found, station, seq, narrator, kind, game_time, wall_time, summary, characters, reverses = values
    if found != entry_id or kind not in _KINDS or not math.isfinite(game_time) or not all(isinstance(c, str) for c in characters):
        return None
    return Entry(found, night, intern(station), seq, intern(narrator), _KINDS[kind], game_time, wall_time, summary,
                 tuple(map(intern, characters)), reverses, {})


def line_fault(data: Any) -> str | None:
    """What a bundle's check finds wrong in an entry's line, its payload by its kind
    (`payload.challenge: Input should be a valid dictionary`), or None. Looked at only where
    an entry could not be read: it costs what the check of a bundle costs."""
    from pydantic import ValidationError

    from larp.ledger.payloads import ENTRY_LINE

    try:
        ENTRY_LINE.validate_python(data)
    except ValidationError as error:
        detail = error.errors(include_url=False)[0]
        place = ".".join(str(part) for part in detail["loc"][1:])
        return f"{place}: {detail['msg']}"
    return None


PAYLOAD_TRIPS = (KeyError, TypeError, ValueError, AttributeError, IndexError)
"""What reading a damaged payload raises: a key missing, a value of another kind."""


def fold_damage(entry: Entry, error: Exception) -> Damage:
    """An entry the fold could not apply: what its line holds that a bundle's check refuses, else
    what the fold tripped on (a value of the right kind where the fold needs another)."""
    what = line_fault(entry.to_json()) or f"its payload can't be folded ({type(error).__name__}: {error})"
    return Damage(f"entry {entry.short_id} of station {entry.station}", what, entry.id)


Row = tuple[str, str, int, str, str | None, str]
"""An entry as the record files it: id, station, number, kind, the entry it reverses, its line."""


def row_of(entry: Entry) -> Row:
    """The entry as the record files it; refused (nothing written) past the longest line a
    bundle carries (in UTF-8 bytes, as a bundle, a pull and the hub count it), so that everything
    recorded can reach every station."""
    line = entry.line()
    size = len(line.encode("utf-8", "surrogatepass")) if len(line) * 4 > LONGEST_LINE else len(line)
    if size > LONGEST_LINE:
        raise LedgerError(
            f"{entry.summary[:60]}: this entry would take {size / 2**20:.1f} MB, and an entry holds at most "
            f"{sized(LONGEST_LINE)} (a bundle must carry it to every station): nothing was written"
        )
    return (entry.id, entry.station, entry.seq, entry.kind.value, entry.reverses, line)
