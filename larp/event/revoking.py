"""`larp hub revoke STATION`: a station the event no longer trusts (a lost or stolen laptop).

Done by the event's owner, once, in one transaction: the station's key is marked revoked, so
that the hub takes no entry of it from then on (a trigger refuses them, whoever sends them) and
every station that syncs learns it and refuses its bundles; and the stations' password is
changed, so that the join line on the lost laptop opens nothing. Connections open with the old
password are closed. Every other station joins again with the new line; what the revoked
station wrote before stays, on the hub and at every station.
"""

import secrets

import psycopg
from psycopg import sql

from larp.event.errors import EventError
from larp.event.schema import check_tables


def revoke_station(owner: psycopg.Connection, station: str, role: str) -> str:
    """Revoke `station` on the event `owner` is connected to (as its owner, or a superuser) and
    give the stations' `role` a new password; the password. EventError if there is no such
    station, or it was revoked already."""
    password = secrets.token_urlsafe(24)
    check_tables(owner)
    with owner.transaction():
        row = owner.execute("SELECT revoked FROM larp_station_keys WHERE name = %s FOR UPDATE", (station,)).fetchone()
        if row is None:
            names = [name for (name,) in owner.execute("SELECT name FROM larp_station_keys ORDER BY name")]
            raise EventError(f"no station called {station!r} joined this event (its stations: {', '.join(names) or 'none yet'})")
        if row[0] is not None:
            raise EventError(f"station {station!r} was revoked already, at {row[0]:%Y-%m-%d %H:%M %Z}")
        owner.execute("UPDATE larp_station_keys SET revoked = now() WHERE name = %s", (station,))
        owner.execute(sql.SQL("ALTER ROLE {} PASSWORD {}").format(sql.Identifier(role), sql.Literal(password)))
    try:
        owner.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s", (role,))
    except psycopg.Error:
        pass  # an owner who may not close others' connections: those open now end when their station stops
    return password
