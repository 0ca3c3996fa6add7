"""What the event's sync reads from this record and brings into it.

The record keeps two marks in its settings: how far its entries were sent to the hub
(`hub_sent`, a number of this record), and how far the hub's entries were pulled
(`hub_pulled`, a number of the hub's). Entries pulled are checked as a merged bundle's
are, whole: one that is malformed, contradicts the record or is not signed by the key its station
registered with the event (larp.ledger.signing) refuses them all, and nothing of this record
changes.
"""

from pathlib import Path
from typing import NamedTuple

from pydantic import ValidationError

from larp.ledger.bulk import bulk
from larp.ledger.entry import Kind
from larp.ledger.errors import LedgerError
from larp.ledger.signing import event_verifier, keep_signatures
from larp.ledger.store import MEMORY, Ledger, insert_rows

SENT = "hub_sent"
PULLED = "hub_pulled"
LOOKUP_CHUNK = 500


class Outgoing(NamedTuple):
    """An entry of this record, as the hub files it."""

    seq: int
    chronicle: str
    night: int
    id: str
    station: str
    station_seq: int
    line: str


class Arrival(NamedTuple):
    """An entry as the hub holds it: its number there, its night, its station and its line."""

    arrived: int
    chronicle: str
    night: int
    station: str
    seq: int
    line: str
    signature: str | None


def mark(ledger: Ledger, key: str) -> int:
    return int(ledger.setting(key) or 0)


def unsent(ledger: Ledger, limit: int) -> list[Outgoing]:
    """The record's entries not sent to the hub yet, oldest first, at most `limit`."""
    with ledger.failures("read"):
        rows = ledger.db.execute(
            "SELECT e.seq, n.chronicle, n.number, e.id, e.station, e.station_seq, e.line "
            "FROM entries e JOIN nights n ON n.id = e.night WHERE e.seq > ? ORDER BY e.seq LIMIT ?",
            (mark(ledger, SENT), limit),
        ).fetchall()
    return [Outgoing(*row) for row in rows]


def waiting(ledger: Ledger) -> int:
    """How many of the record's entries wait to be sent to the hub."""
    with ledger.failures("read"):
        return ledger.db.execute("SELECT count(*) FROM entries WHERE seq > ?", (mark(ledger, SENT),)).fetchone()[0]


def sent(ledger: Ledger, upto: int) -> None:
    ledger.remember(SENT, str(upto))


def take_in(ledger: Ledger, arrivals: list[Arrival], hub: str) -> int:
    """Add the arrivals this record does not hold yet, in one transaction, and move the pulled
    mark past them; how many were new. Refused whole (LedgerError) if any is malformed or
    contradicts the record."""
    if not arrivals:
        return 0
    with bulk():
        rows = [checked(arrival, hub) for arrival in arrivals]
    verifier = event_verifier(ledger)
    with ledger.writing(f"the entries pulled from {hub}") as db:
        refuse_other_chronicle(db, arrivals, hub)
        known = known_lines(db, [row[0] for row in rows])
        new: dict[tuple[str, int], list] = {}
        for arrival, row in zip(arrivals, rows):
            held = known.get(row[0])
            if held is None:
                if not verifier.signed(arrival.station, arrival.signature, arrival.chronicle, arrival.night, arrival.line):
                    raise refusal(
                        hub, arrival, f"is not signed by the key station {arrival.station!r} registered with the event "
                        "(changed on the hub, or put there under that station's name by another)",
                    )
                new.setdefault((arrival.chronicle, arrival.night), []).append(row)
            elif held != arrival.line:
                raise refusal(hub, arrival, "differs from the entry of the same id this record holds")
        was_sent = int(meta(db, SENT) or 0) == db.execute("SELECT COALESCE(MAX(seq), 0) FROM entries").fetchone()[0]
        for (chronicle, number), group in new.items():
            night = ledger.add_night(db, chronicle, number)  # a closed night's late entries are kept too (larp.ledger.ending)
            refuse_taken_places(db, night.id, group, arrivals, hub)
            insert_rows(db, night, group)
        keep_signatures(db, [(row[0], arrival.signature) for arrival, row in zip(arrivals, rows) if row[0] not in known])
        set_meta(db, PULLED, str(arrivals[-1].arrived))
        if was_sent:
            set_meta(db, SENT, str(db.execute("SELECT COALESCE(MAX(seq), 0) FROM entries").fetchone()[0]))
    return sum(len(group) for group in new.values())


def checked(arrival: Arrival, hub: str) -> tuple[str, str, int, str, str | None, str]:
    """The arrival as the record files it (id, station, number, kind, reverses, line), checked
    whole and its payload by its kind."""
    from larp.ledger.payloads import ENTRY_LINE  # the checks of every kind: built only when an entry arrives

    try:
        entry = ENTRY_LINE.validate_json(arrival.line)
    except ValidationError as error:
        detail = error.errors(include_url=False)[0]
        place = ".".join(str(part) for part in detail["loc"])
        raise refusal(hub, arrival, f"is malformed ({place + ': ' if place else ''}{detail['msg']})") from None
    if (entry.kind == Kind.REVERSAL) != (entry.reverses is not None):
        raise refusal(hub, arrival, "is malformed (only a reversal names an entry it reverses, and it must)")
    if (entry.station, entry.seq) != (arrival.station, arrival.seq):
        raise refusal(hub, arrival, f"says it is entry {entry.seq} of station {entry.station!r}, and the hub files it otherwise")
    return (entry.id, entry.station, entry.seq, entry.kind, entry.reverses, arrival.line)


def refuse_other_chronicle(db, arrivals: list[Arrival], hub: str) -> None:
    chronicles = {chronicle for (chronicle,) in db.execute("SELECT DISTINCT chronicle FROM nights")}
    for arrival in arrivals:
        if chronicles and arrival.chronicle not in chronicles:
            names = ", ".join(repr(c) for c in sorted(chronicles))
            raise refusal(hub, arrival, f"is of chronicle {arrival.chronicle!r}, and this record holds chronicle {names}")


def refuse_taken_places(db, night_id: int, group: list, arrivals: list[Arrival], hub: str) -> None:
    """A new entry under a station's number this record holds another entry under (looked up
    one by one: the night's index answers each at once, however long the night)."""
    for eid, station, seq, *_ in group:
        taken = db.execute(
            "SELECT id FROM entries WHERE night = ? AND station = ? AND station_seq = ?", (night_id, station, seq)
        ).fetchone()
        if taken:
            arrival = next(a for a in arrivals if a.station == station and a.seq == seq)
            raise refusal(
                hub, arrival,
                f"takes the place of entry {taken[0][:8]} of this record (two stations call themselves {station!r})",
            )


def known_lines(db, ids: list[str]) -> dict[str, str]:
    known = {}
    for start in range(0, len(ids), LOOKUP_CHUNK):
        chunk = ids[start : start + LOOKUP_CHUNK]
        marks = ",".join("?" * len(chunk))
        known.update(db.execute(f"SELECT id, line FROM entries WHERE id IN ({marks})", chunk).fetchall())
    return known


def meta(db, key: str) -> str | None:
    row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return row and row[0]


def set_meta(db, key: str, value: str) -> None:
    db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))


def refusal(hub: str, arrival: Arrival, what: str) -> LedgerError:
    short = arrival.line[7:15] if arrival.line.startswith('{"id":"') else f"number {arrival.arrived}"
    return LedgerError(
        f"the entry {short} of station {arrival.station!r} on {hub} {what}: nothing was pulled, "
        "this record is unchanged; tell the Narrator at that station"
    )


def keep_private(ledger: Ledger) -> None:
    """The record holds the hub's password once joined: readable by its owner only."""
    if ledger.where == MEMORY:
        return
    for suffix in ("", "-wal", "-shm"):
        path = Path(ledger.where + suffix)
        if path.exists():
            path.chmod(0o600)
