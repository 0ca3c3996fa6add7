"""`larp hub revoke STATION`: a station the event no longer trusts (a lost or stolen laptop).

Done by the event's owner, once, in one transaction: the station's key is marked revoked, so
that the hub takes no entry of it from then on (a trigger refuses them, whoever sends them) and
every station that syncs learns it and refuses its bundles; the station's own role can't log in
any more; and the join line's password is changed, so that the join line on the lost laptop
registers nothing. The sessions of both are ended. The other stations sync on with their own
logins; only a station joining from now on needs the new line. What the revoked station wrote
before stays, on the hub and at every station.
"""

import secrets

import psycopg
from psycopg import sql

from larp.event.errors import EventError
from larp.event.logins import end_login, end_sessions
from larp.event.schema import check_tables


def revoke_station(owner: psycopg.Connection, station: str, role: str) -> str:
    """Revoke `station` on the event `owner` is connected to (as its owner, or a superuser) and
    give the join line's `role` a new password; the password. EventError if there is no such
    station, or it was revoked already."""
    password = secrets.token_urlsafe(24)
    check_tables(owner)
    with owner.transaction():
        row = owner.execute("SELECT revoked, role FROM larp_station_keys WHERE name = %s FOR UPDATE", (station,)).fetchone()
        if row is None:
            names = [repr(name) for (name,) in owner.execute("SELECT name FROM larp_station_keys ORDER BY name")]
            raise EventError(f"no station called {station!r} joined this event (its stations: {', '.join(names) or 'none yet'})")
        if row[0] is not None:
            raise EventError(f"station {station!r} was revoked already, at {row[0]:%Y-%m-%d %H:%M %Z}")
        owner.execute("UPDATE larp_station_keys SET revoked = now() WHERE name = %s", (station,))
        end_login(owner, row[1])
        owner.execute(sql.SQL("ALTER ROLE {} PASSWORD {}").format(sql.Identifier(role), sql.Literal(password)))
    end_sessions(owner, role, row[1])
    return password
