"""Pushing this record's entries to the event's hub and pulling everyone else's, once.

Both ways insert what is absent: the hub ignores an entry it holds, the record one it
holds, so any order and any number of syncs give every station the same record. The
cards travel too: the chronicle's key (the first to reach the hub is the event's) and
each character's card serial (the highest wins, so a reissue anywhere revokes the old
card everywhere).
"""

from dataclasses import dataclass, field
from urllib.parse import urlsplit

import psycopg

from larp.cards.keys import keep_key, stored_key
from larp.cards.serials import FIRST_SERIAL, current_serials, keep_serials
from larp.event.errors import EventError, Unreachable
from larp.event.schema import ARRIVAL_LOCK, CHANNEL, make_tables
from larp.ledger import Ledger, LedgerError
from larp.ledger.exchange import PULLED, Arrival, mark, sent, take_in, unsent

BATCH = 5000
CONNECT_SECONDS = 5


@dataclass
class Moved:
    """What one sync moved."""

    pushed: int = 0
    pulled: int = 0
    cards: list[str] = field(default_factory=list)
    """What changed about the cards, said for the Narrator."""


def shown(url: str) -> str:
    """The hub's address without its password, for messages."""
    try:
        parts = urlsplit(url)
        if parts.hostname:
            port = f":{parts.port}" if parts.port else ""
            return f"the hub at {parts.hostname}{port}"
    except ValueError:
        pass
    return "the hub"


REFUSED_LOGIN = "password authentication failed"
"""PostgreSQL's words for a wrong password: the hub answered, so it is not unreachable."""


def connect(url: str, autocommit: bool = True) -> psycopg.Connection:
    try:
        return psycopg.connect(url, autocommit=autocommit, connect_timeout=CONNECT_SECONDS)
    except psycopg.Error as error:
        if REFUSED_LOGIN in str(error):
            raise EventError(
                f"{shown(url)} refused this station's password: the hub is there, but the join line "
                "is wrong or old; ask the hub's keeper for the current one"
            ) from None
        raise unreachable(url, error) from None


def unreachable(url: str, error: Exception) -> Unreachable:
    cause = first_line(error)
    if url in cause:
        cause = "connection refused"
    return Unreachable(f"{shown(url)} can't be reached ({cause}): this station keeps its record and syncs when it can")


def first_line(error: Exception) -> str:
    said = str(error).strip().splitlines()
    return said[0] if said else type(error).__name__


def sync_once(ledger: Ledger, hub: psycopg.Connection, url: str, station: str, whole: bool = True) -> Moved:
    """Push and pull; a whole sync also makes the tables if they are new, brings the cards
    level and says the station was seen. EventError if the hub fails or refuses."""
    try:
        if whole:
            make_tables(hub)
        moved = Moved(pushed=push(ledger, hub, station, url))
        moved.pulled = pull(ledger, hub, url)
        if whole:
            moved.cards = level_cards(ledger, hub, station)
            hub.execute(
                "INSERT INTO larp_stations (name, last_sync) VALUES (%s, now()) "
                "ON CONFLICT (name) DO UPDATE SET last_sync = now()",
                (station,),
            )
    except psycopg.OperationalError as error:
        raise unreachable(url, error) from None
    except psycopg.Error as error:
        raise EventError(f"{shown(url)} refused the sync ({first_line(error)}): nothing more was moved") from None
    except LedgerError as error:
        raise EventError(str(error)) from None
    return moved


def push(ledger: Ledger, hub: psycopg.Connection, station: str, url: str) -> int:
    """Send every entry not sent yet; how many the hub did not hold."""
    total = 0
    while batch := unsent(ledger, BATCH):
        columns = [list(column) for column in zip(*[entry[1:] for entry in batch])]
        try:
            with hub.transaction():
                hub.execute("SELECT pg_advisory_xact_lock(%s)", (ARRIVAL_LOCK,))
                added = hub.execute(
                    "INSERT INTO larp_entries (chronicle, night, id, station, seq, line) "
                    "SELECT * FROM unnest(%s::text[], %s::int[], %s::text[], %s::text[], %s::int[], %s::text[]) "
                    "ON CONFLICT (id) DO NOTHING",
                    columns,
                ).rowcount
                if added:
                    hub.execute("SELECT pg_notify(%s, %s)", (CHANNEL, station))
        except psycopg.errors.UniqueViolation:
            raise EventError(
                f"{shown(url)} holds other entries under the numbers of station {station!r}: two stations "
                "call themselves by that name; give this one another (--station NAME). Nothing was sent"
            ) from None
        sent(ledger, batch[-1].seq)
        total += added
    return total


def pull(ledger: Ledger, hub: psycopg.Connection, url: str) -> int:
    """Bring in every entry the hub received since the last pull; how many were new here."""
    total = 0
    while True:
        rows = hub.execute(
            "SELECT arrived, chronicle, night, station, seq, line FROM larp_entries "
            "WHERE arrived > %s ORDER BY arrived LIMIT %s",
            (mark(ledger, PULLED), BATCH),
        ).fetchall()
        if not rows:
            return total
        total += take_in(ledger, [Arrival(*row) for row in rows], shown(url))


def level_cards(ledger: Ledger, hub: psycopg.Connection, station: str) -> list[str]:
    """The event's card key and serials for each chronicle of the record, both ways."""
    said = []
    for chronicle in sorted({night.chronicle for night in ledger.nights()}):
        said += level_key(hub, chronicle, station)
        said += level_serials(hub, chronicle, station)
    return said


def level_key(hub: psycopg.Connection, chronicle: str, station: str) -> list[str]:
    mine = stored_key(chronicle)
    if mine is not None:
        hub.execute("INSERT INTO larp_card_keys (chronicle, key) VALUES (%s, %s) ON CONFLICT DO NOTHING", (chronicle, mine))
    row = hub.execute("SELECT key FROM larp_card_keys WHERE chronicle = %s", (chronicle,)).fetchone()
    if row is None or row[0] == mine:
        return []
    keep_key(chronicle, row[0])
    if mine is None:
        return [f"the card key of chronicle {chronicle!r} came from the event: its cards scan here"]
    return [
        f"station {station} had a card key of its own for chronicle {chronicle!r}, and the event has another: "
        "the event's is kept; print again any card printed here before joining"
    ]


def level_serials(hub: psycopg.Connection, chronicle: str, station: str) -> list[str]:
    mine = current_serials(chronicle)
    if mine:
        changed = hub.execute(
            "INSERT INTO larp_card_serials (chronicle, character, serial) "
            "SELECT %s, * FROM unnest(%s::text[], %s::int[]) "
            "ON CONFLICT (chronicle, character) DO UPDATE SET serial = EXCLUDED.serial "
            "WHERE larp_card_serials.serial < EXCLUDED.serial",
            (chronicle, list(mine), list(mine.values())),
        ).rowcount
        if changed:
            hub.execute("SELECT pg_notify(%s, %s)", (CHANNEL, station))
    event = dict(hub.execute("SELECT character, serial FROM larp_card_serials WHERE chronicle = %s", (chronicle,)).fetchall())
    newer = {cid: serial for cid, serial in event.items() if serial > mine.get(cid, FIRST_SERIAL)}
    if not newer:
        return []
    keep_serials(chronicle, {**mine, **newer})
    return [f"{cid} holds card {serial} now (reissued at another station): earlier cards no longer scan" for cid, serial in sorted(newer.items())]
