"""`larp hub init`: an event on a PostgreSQL the chronicle already runs (and `larp hub revoke` there).

Its owner's address is used once: the event's tables are made in that database, owned by the
owner's role (which needs CREATEROLE: each station gets a role of its own as it joins), and the
join line's role (made, or given a new password) may only register stations (larp.event.logins).
An owner who is a superuser also takes the large objects and advisory locks from everyone in
that database; another can't (then a station's role can still take an advisory lock: a push
waits 10 s at most for it, and says so). The owner's password is never kept.
"""

import secrets
from typing import NamedTuple
from urllib.parse import quote

import psycopg
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict

from larp.event.errors import EventError
from larp.event.hub import ROLE, make_role, reachable_host
from larp.event.logins import close_catalog
from larp.event.revoking import revoke_station
from larp.event.schema import make_event
from larp.event.sync import connect, first_line, shown


class Made(NamedTuple):
    line: str
    """The line stations join by, with the join role's new password."""
    again: bool
    """The event's tables were there already (an init before): kept, every entry and login with them."""


def init_hub(owner_url: str, host: str | None = None, role: str = ROLE) -> Made:
    """The event's tables and the stations' role on the database at `owner_url`, made or, made
    before, kept as they are (the join role given a new password). EventError if the owner may not."""
    password = secrets.token_urlsafe(24)
    try:
        with connect(owner_url) as owner:
            may = owner.execute("SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user").fetchone()
            if not may or not may[0]:
                raise EventError(
                    f"the role {owner.info.user!r} may not make roles on {shown(owner_url)}: give the address of "
                    "a role with CREATEROLE that owns the event's database"
                )
            if owner.info.user == role:
                raise EventError(f"the owner's role can't be {role!r}, the stations' role: give another")
            joining_role(owner, owner_url, role, password)
            if owner.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user").fetchone()[0]:
                close_catalog(owner, owner.info.user)
            again = owner.execute("SELECT to_regclass('larp_station_keys') IS NOT NULL").fetchone()[0]
            make_event(owner, role)
            return Made(join_line(owner, owner_url, role, password, host), again)
    except psycopg.Error as error:
        raise EventError(f"{shown(owner_url)} refused (larp hub init): {first_line(error)}") from None


def joining_role(owner: psycopg.Connection, owner_url: str, role: str, password: str) -> None:
    """The join line's role made (never a superuser: CREATE ROLE's default), or, made by an init
    before, given `password`; EventError if a role of that name is a superuser (no station may
    be one, and only a superuser may change one)."""
    made = owner.execute("SELECT rolsuper FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
    if made and made[0]:
        raise EventError(
            f"the role {role!r} on {shown(owner_url)} is a superuser, and the join line's role must not be: "
            "give the stations a role of their own (--role NAME). Nothing was changed"
        )
    make_role(owner, role, sql.SQL("LOGIN NOCREATEDB NOCREATEROLE PASSWORD {}").format(sql.Literal(password)))


def revoke_on_server(owner_url: str, station: str, role: str = ROLE, host: str | None = None) -> str:
    """`larp hub revoke` on an event made by `larp hub init`: the new line stations join by."""
    try:
        with connect(owner_url) as owner:
            password = revoke_station(owner, station, role)
            return join_line(owner, owner_url, role, password, host)
    except psycopg.Error as error:
        raise EventError(f"{shown(owner_url)} refused (larp hub revoke): {first_line(error)}") from None


def join_line(owner: psycopg.Connection, owner_url: str, role: str, password: str, host: str | None) -> str:
    """The address stations join by: the stations' role and password on the owner's database,
    at `host` (default: the server the owner reached, or this laptop's address on its socket)."""
    info = owner.info
    if host is None:
        host = reachable_host("*") if info.host.startswith("/") else info.host
    where = f"[{host}]" if ":" in host else host
    tls = conninfo_to_dict(owner_url).get("sslmode")
    query = f"?sslmode={tls}" if tls else ""
    return f"postgresql://{quote(role, safe='')}:{quote(password, safe='')}@{where}:{info.port}/{quote(info.dbname, safe='')}{query}"
