"""What the event's sync reads from this record and brings into it.

The record keeps two marks in its settings: how far its entries were sent to the hub
(`hub_sent`, a number of this record), and how far the hub's entries were pulled
(`hub_pulled`, a number of the hub's). Entries pulled are checked one
by one, as strictly as a bundle's (larp.ledger.pulling): one refused is set aside and said, and
the rest are taken.
"""

from pathlib import Path
from typing import NamedTuple

from larp.ledger.store import HUB_SETTING, MEMORY, Ledger

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
    """A mark as kept; one damaged (not a number) is read as none: the sync starts over, and
    what it holds already is known by its ids."""
    text = ledger.setting(key) or "0"
    return int(text) if text.isdigit() else 0


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


def keep_hub(ledger: Ledger, url: str) -> None:
    """The record joins the event at `url` (its station's own login): kept, owner-only."""
    ledger.remember(HUB_SETTING, url)
    keep_private(ledger)


def keep_private(ledger: Ledger) -> None:
    """The record holds the hub's password once joined: readable by its owner only."""
    if ledger.where == MEMORY:
        return
    for suffix in ("", "-wal", "-shm"):
        path = Path(ledger.where + suffix)
        if path.exists():
            path.chmod(0o600)
