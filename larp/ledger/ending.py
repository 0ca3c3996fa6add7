"""The event's close of a night, as the record reads it: one `night-ended` entry, written at the
station that ran `larp close-night` and synced like any entry.

It carries every character's starting state for the next night and, per station, the number of
the last entry of the night it read. Every record that holds it starts the next night from it,
whichever station opens it. An entry of the night past those numbers was written at a station
that had not heard of the close yet: it is *late*, kept in its night and flagged (`late-entry`),
and changes nothing of the next night's start until a Narrator carries it there (`larp carry`,
a `carried` entry holding it whole). Two closes of one night (two stations, each offline from
the other) are one: the one that read the fewest entries, then by station, stands (never the
earlier by a laptop's clock), the other is flagged (`closed-twice`). A close whose sheets are not
the fold of what it read is flagged `close-differs` and the next night starts from the fold.
"""

from dataclasses import replace
from typing import Iterable

from larp.ledger.effects import Anomaly
from larp.ledger.entry import Entry, Kind

CARRIABLE = (Kind.ADJUDICATION, Kind.REGAIN, Kind.ADDED, Kind.CHANGED, Kind.ROLL, Kind.HEALTH, Kind.EXPERIENCE, Kind.BETWEEN)
"""The entries that change characters, which a close reads: late if it did not (a reversal too),
and carried into another night whole. A late operation on a character (an experience line, a
purchase, a sheet change) counts in the next night's start by itself when it reaches the station
that opens that night before it opens (larp.desk.carried): only one heard after needs carrying."""
COUNTED_LATE = (Kind.EXPERIENCE, Kind.BETWEEN)
"""The late entries the next night's start counts by itself, heard before it opens."""


FLAGGED_LATE = (*CARRIABLE, Kind.CHECKIN)
"""What is flagged when a close did not read it: the entries carried, and a check-in (the door
kept open after the close: its attendance award is the Narrator's call)."""
LINE_CARRIED = " unless it reached the station that opened that night before it opened"


def closes(entries: Iterable[Entry]) -> list[Entry]:
    """The night's closes, the one that stands first: the one that read the fewest entries, then
    by station (larp.ledger.night_ends.first_close: never a laptop's clock)."""
    return sorted((e for e in entries if e.kind is Kind.ENDED), key=lambda e: (sum(e.payload["read"].values()), e.station, e.seq))


def late_entries(entries: Iterable[Entry]) -> list[Entry]:
    """The entries of a closed night its close did not read, in the night's order."""
    entries = list(entries)
    found = closes(entries)
    if not found:
        return []
    read = found[0].payload["read"]
    return [e for e in entries if (e.kind in FLAGGED_LATE or e.kind is Kind.REVERSAL) and e.seq > read.get(e.station, 0)]


def ending_anomalies(entries: Iterable[Entry]) -> list[Anomaly]:
    """`late-entry` for each late entry, `closed-twice` for each close after the first."""
    entries = list(entries)
    found = closes(entries)
    if not found:
        return []
    close = found[0]
    number = close.night
    flagged = [
        Anomaly(
            "late-entry",
            entry.character_ids[0] if entry.character_ids else "",
            entry,
            f"entry {entry.short_id} ({entry.summary}) was written at station {entry.station} after station "
            f"{close.station} closed night {number} for the event (it had not heard yet): kept here, and left out of "
            f"night {number + 1}'s start{LINE_CARRIED if entry.kind in COUNTED_LATE else ''}; larp carry "
            f"{entry.short_id} brings it into the night under way",
            close,
        )
        for entry in late_entries(entries)
    ]
    flagged += [
        Anomaly(
            "closed-twice",
            "",
            other,
            f"station {other.station} closed night {number} too (entry {other.short_id}), not having heard that station "
            f"{close.station} had (entry {close.short_id}): every station starts night {number + 1} from the first",
            close,
        )
        for other in found[1:]
    ]
    return flagged


def as_carried(entry: Entry) -> Entry:
    """A `carried` entry as the entry it carries, under the carrying entry's id, station and time."""
    if entry.kind is not Kind.CARRIED:
        return entry
    return replace(entry, kind=Kind(entry.payload["kind"]), payload=entry.payload["payload"])


def carried_payload(late: Entry) -> dict:
    """What a `carried` entry holds of a late entry: all of it, an adjudication without its lock."""
    payload = dict(late.payload)
    if late.kind is Kind.ADJUDICATION:
        payload["lock"] = None
    return {"entry": late.id, "night": late.night, "kind": late.kind.value, "payload": payload}
