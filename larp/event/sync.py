"""Pushing this record's entries to the event's hub and pulling everyone else's, once.

Both ways insert what is absent: the hub ignores an entry it holds, the record one it
holds, so any order and any number of syncs give every station the same record. The
cards travel too: the chronicle's key (the first to reach the hub is the event's) and
each character's card serial (the highest wins, so a reissue anywhere revokes the old
card everywhere).

Each entry travels with its station's signature: this station signs its own as it pushes
them, and a pull takes in only entries signed by the key their station registered with the
event (brought from the hub into the record: larp.ledger.signing). A station registers its
name and key on its first sync; a name another station holds is refused.
"""

import re
from datetime import datetime
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from urllib.parse import quote, urlsplit

import psycopg

from larp.cards.keys import keep_key, stored_key
from larp.cards.serials import FIRST_SERIAL, current_serials, keep_serials
from larp.event.errors import EventError, Unreachable
from larp.event.schema import CHANNEL, check_tables
from larp.ledger import Ledger, LedgerError
from larp.ledger.exchange import PULLED, Arrival, keep_hub, mark, sent, unsent
from larp.ledger.pulling import Taken, take_in
from larp.ledger.signing import EVENT, REVOKED, SELF, own_key, public_text, signed_outgoing, signing_key, trust_event_keys, trusted

BATCH = 5000
CONNECT_SECONDS = 5


@dataclass
class Moved:
    """What one sync moved."""

    pushed: int = 0
    pulled: int = 0
    cards: list[str] = field(default_factory=list)
    """What changed about the cards, said for the Narrator."""
    closes: list[str] = field(default_factory=list)
    """Nights the event closed, and late entries, learnt by this sync (said by the desk)."""
    aside: list[str] = field(default_factory=list)
    """Entries of the hub set aside, each with its reason (larp.ledger.pulling)."""
    hub_time: datetime | None = None
    """The hub's clock at the sync: a laptop's far from it is told (`skew`)."""
    skew: str = ""
    """This laptop's clock against the hub's, said when more than a minute off."""


SKEW_SECONDS = 60


def skew(hub_time: datetime | None, here: datetime) -> str:
    """What a Narrator is told when this laptop's clock is more than a minute off the hub's
    (the game clock and the five-minute rule read the laptop's): nothing otherwise."""
    if hub_time is None:
        return ""
    off = (here - hub_time).total_seconds()
    if abs(off) <= SKEW_SECONDS:
        return ""
    minutes = abs(off) / 60
    amount = f"{minutes / 60:.1f} hours" if minutes >= 90 else f"{minutes:.0f} minutes"
    return f"this laptop's clock is {amount} {'ahead of' if off > 0 else 'behind'} the hub's: set it right (the game clock and the five-minute rule read it)"


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
ENDED_LOGIN = "is not permitted to log in"
"""PostgreSQL's words for a role that can't log in: a station the event's owner revoked."""


OWN_LOGIN = re.compile(r"larp_station_[0-9a-f]{16}")
"""A station's own role, as the hub names it (larp.event.logins)."""
CARD_KEY = re.compile(r"[0-9a-f]{64}")
"""A chronicle's card key as larp makes it (larp.cards.keys): 32 random bytes in hex."""
SESSION = (
    "-c lock_timeout=10s -c statement_timeout=60s -c idle_in_transaction_session_timeout=60s "
    "-c default_transaction_read_only=off -c client_encoding=UTF8 -c search_path=public"
)
"""Every sync's session says its own settings, which outrank whatever the stations' role was
made to say for everyone (`ALTER ROLE … SET`): a lock held elsewhere is waited on 10 s at most."""


def connect(url: str, autocommit: bool = True) -> psycopg.Connection:
    try:
        return psycopg.connect(url, autocommit=autocommit, connect_timeout=CONNECT_SECONDS, options=SESSION)
    except psycopg.Error as error:
        if ENDED_LOGIN in str(error):
            raise EventError(
                f"{shown(url)} refused this station's login: the event's owner revoked it (larp hub revoke). "
                "What it recorded stays here; it syncs no more"
            ) from None
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
    """Push and pull; a whole sync also registers the station (refused if its name is taken),
    brings the stations' keys and the cards level and says the station was seen. EventError if
    the hub fails or refuses."""
    with refusals(url):
        if whole:
            register(ledger, hub, station, url)
        moved = Moved(pushed=push(ledger, hub, station, url))
        moved.pulled, moved.aside = pull(ledger, hub, url)
        if whole:
            moved.hub_time = hub.execute("SELECT now()").fetchone()[0]
            moved.cards = level_cards(ledger, hub, station)
            hub.execute("SELECT larp_station_seen()")
    return moved


def enlist(ledger: Ledger, hub: psycopg.Connection, url: str, station: str) -> str:
    """The station registered with the event, as it joins: the address it syncs by from now on,
    its own login (larp.event.logins) when `url` is the event's join line. EventError if its
    name is taken, or if the event is another chronicle's."""
    with refusals(url):
        check_tables(hub)
        if is_own_login(hub.info.user):
            refuse_other_event(ledger, hub, url)
            register(ledger, hub, station, url)
            return url
        chronicles = sorted({night.chronicle for night in ledger.nights()})
        key = public_text(signing_key(ledger))
        row = hub.execute("SELECT login, password FROM larp_join_station(%s, %s, %s::text[])", (station, key, chronicles)).fetchone()
        if row is None:
            raise NameTaken(
                f"{shown(url)} has another station called {station!r} already: give this one a name of its own "
                "(--station NAME). Nothing was sent"
            )
        own = login_url(url, *row)
    with refusals(url), connect(own) as mine:
        register(ledger, mine, station, own)
    return own


def own_login(ledger: Ledger, hub: psycopg.Connection, url: str, station: str) -> str | None:
    """None when `hub` is connected by this station's own login. Else the record holds the
    event's join line (it joined while the hub was out of reach): the station registers now,
    and its own login is kept in the record and returned."""
    if is_own_login(hub.info.user):
        return None
    try:
        own = enlist(ledger, hub, url, station)
    except NameTaken:
        raise EventError(
            f"this record keeps the join line of {shown(url)}, which has a station called {station!r} already: if that is "
            "this station, it joined before each station had a login of its own, and the join line can't give it one now. "
            "Nothing was sent; what it recorded stays here. Join again as a new record under a new name "
            "(larp join FILE --station NAME --db NEW), or carry its bundle (larp export)"
        ) from None
    keep_hub(ledger, own)
    return own


class NameTaken(EventError):
    """The join line refused a name registered already."""


def is_own_login(user: str | None) -> bool:
    """Whether the role `user` is a station's own login (else the event's join line, which can
    only register stations): told by its name, which no grant can change."""
    return OWN_LOGIN.fullmatch(user or "") is not None


def login_url(url: str, login: str, password: str) -> str:
    """`url` (the join line) with a station's own role and password."""
    parts = urlsplit(url)
    where = parts.netloc.rsplit("@", 1)[-1]
    return parts._replace(netloc=f"{quote(login, safe='')}:{quote(password, safe='')}@{where}").geturl()


def same_event(one: str, other: str) -> bool:
    """Whether two addresses reach the same event (server, port and database)."""
    try:
        a, b = urlsplit(one), urlsplit(other)
        return (a.hostname, a.port, a.path) == (b.hostname, b.port, b.path)
    except ValueError:
        return False


@contextmanager
def refusals(url: str) -> Iterator[None]:
    """The hub's and the record's failures, as EventErrors said for a Narrator."""
    try:
        yield
    except psycopg.errors.LockNotAvailable:
        raise EventError(
            f"{shown(url)} is held by another session (a lock not let go for 10 s): nothing more was moved; this "
            "station syncs again by itself, and larp hub status tells the hub's keeper who holds it"
        ) from None
    except psycopg.errors.RaiseException as error:
        raise EventError(f"{shown(url)} refused: {error.diag.message_primary}") from None
    except psycopg.errors.InsufficientPrivilege:
        raise EventError(
            f"{shown(url)} refused this login what a station does: the address kept is not a station's own; "
            "join again (larp join FILE) with the line the hub's keeper gives"
        ) from None
    except psycopg.errors.QueryCanceled:
        raise EventError(f"{shown(url)} took longer than a minute to answer: nothing more was moved; this station tries again") from None
    except psycopg.OperationalError as error:
        raise unreachable(url, error) from None
    except psycopg.Error as error:
        raise EventError(f"{shown(url)} refused the sync ({first_line(error)}): nothing more was moved") from None
    except LedgerError as error:
        raise EventError(str(error)) from None


def push(ledger: Ledger, hub: psycopg.Connection, station: str, url: str) -> int:
    """Send every entry of this station not sent yet, signed; how many the hub did not hold.
    Another station's entries reach the hub from that station's own login only."""
    total = 0
    while batch := unsent(ledger, BATCH):
        signed = signed_outgoing(ledger, batch, station)
        if not signed:
            sent(ledger, batch[-1].seq)
            continue
        columns = [list(column) for column in zip(*[(*entry[1:], signature) for entry, signature in signed])]
        try:
            with hub.transaction():
                hub.execute("SELECT larp_arrival_lock()")
                added = hub.execute(
                    "INSERT INTO larp_entries (chronicle, night, id, station, seq, line, signature) "
                    "SELECT * FROM unnest(%b::text[], %b::int[], %b::text[], %b::text[], %b::int[], %b::text[], %b::text[]) "
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


def pull(ledger: Ledger, hub: psycopg.Connection, url: str) -> Taken:
    """Bring in every entry of this record's chronicle the hub received since the last pull (a
    station of another chronicle on the hub is nobody's business here), and try again those set
    aside before; how many were new, and what is set aside (larp.ledger.pulling)."""
    total = 0
    chronicles = sorted({night.chronicle for night in ledger.nights()})
    while True:
        rows = hub.execute(
            "SELECT arrived, chronicle, night, station, seq, line, signature FROM larp_entries "
            "WHERE arrived > %s AND (cardinality(%s::text[]) = 0 OR chronicle = ANY(%s::text[])) ORDER BY arrived LIMIT %s",
            (mark(ledger, PULLED), chronicles, chronicles, BATCH),
        ).fetchall()
        keys = trusted(ledger)
        if any(keys.get(row[3], ("", ""))[1] not in (EVENT, SELF, REVOKED) for row in rows):
            bring_keys(ledger, hub)  # a station registered since this record last looked
        taken = take_in(ledger, [Arrival(*row) for row in rows], shown(url))
        total += taken.new
        if not rows:
            return Taken(total, taken.aside)


def register(ledger: Ledger, hub: psycopg.Connection, station: str, url: str) -> None:
    """This login's station checked against the record (its name and key), and the keys of every
    station of the event brought into the record."""
    check_tables(hub)
    row = hub.execute("SELECT name, public_key, revoked IS NOT NULL FROM larp_station_keys WHERE role = session_user").fetchone()
    if row is None or row[0] != station:
        said = f"station {row[0]!r}'s" if row else "no station's"
        raise EventError(f"the address this record keeps is {said} login on {shown(url)}, not {station!r}'s: join again (larp join FILE). Nothing was sent")
    if row[2]:
        raise EventError(f"station {station!r} was revoked by the event's owner (larp hub revoke): it joins no more. Nothing was sent")
    if row[1] != public_text(signing_key(ledger)):
        raise EventError(f"{shown(url)} registered another key for station {station!r}: this record is not that station's. Nothing was sent")
    own_key(ledger, station)
    bring_keys(ledger, hub)


def refuse_other_event(ledger: Ledger, hub: psycopg.Connection, url: str) -> None:
    """A record of one chronicle joins the event of that chronicle, not another's."""
    mine = {night.chronicle for night in ledger.nights()}
    theirs = {chronicle for (chronicle,) in hub.execute("SELECT DISTINCT chronicle FROM larp_entries").fetchall()}
    if mine and theirs and not mine & theirs:
        raise EventError(
            f"{shown(url)} is the event of chronicle {', '.join(map(repr, sorted(theirs)))}, and this record holds "
            f"{', '.join(map(repr, sorted(mine)))}: join the event of its own chronicle. Nothing was sent"
        )


def bring_keys(ledger: Ledger, hub: psycopg.Connection) -> None:
    trust_event_keys(ledger, hub.execute("SELECT name, public_key, revoked IS NOT NULL FROM larp_station_keys").fetchall())


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
        hub.execute("SELECT larp_offer_card_key(%s, %s)", (chronicle, mine))
    row = hub.execute("SELECT key FROM larp_card_keys WHERE chronicle = %s", (chronicle,)).fetchone()
    if row is None or row[0] == mine:
        return []
    if not CARD_KEY.fullmatch(row[0] or ""):
        return [f"the event's card key of chronicle {chronicle!r} is not a key (64 hex digits): not taken; tell the hub's keeper"]
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
            "SELECT larp_raise_serials(%s, %s::text[], %s::int[])", (chronicle, list(mine), list(mine.values()))
        ).fetchone()[0]
        if changed:
            hub.execute("SELECT pg_notify(%s, %s)", (CHANNEL, station))
    event = dict(hub.execute("SELECT character, serial FROM larp_card_serials WHERE chronicle = %s", (chronicle,)).fetchall())
    newer = {cid: serial for cid, serial in event.items() if serial > mine.get(cid, FIRST_SERIAL)}
    if not newer:
        return []
    keep_serials(chronicle, {**mine, **newer})
    return [f"{cid} holds card {serial} now (reissued at another station): earlier cards no longer scan" for cid, serial in sorted(newer.items())]
