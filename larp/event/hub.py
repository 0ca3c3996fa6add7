"""`larp hub start|stop|status`: the event's PostgreSQL on this laptop; `larp hub init`: the
event's tables on a PostgreSQL the chronicle already runs.

The first start makes the cluster (initdb) in its folder, then the event's owner role (which
can't log in: its tables are made through the server's own socket), the stations' role with
a password of its own, and the event's database; every start prints the line other stations
join by. What the hub needs again (port, address, password) is kept in `larp-hub.json` in
the cluster's folder, readable by its owner only. What the stations' role may do: schema.py.
"""

import ipaddress
import json
import os
import secrets
import socket
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import psycopg
from psycopg import sql

from larp.event.cluster import admin_url, is_cluster, is_running, make_cluster, start_cluster, stop_cluster
from larp.event.errors import EventError
from larp.event.logins import ARRIVAL_LOCK, close_catalog
from larp.event.revoking import revoke_station
from larp.event.schema import make_event
from larp.ledger.signing import fingerprint

SETTINGS_FILE = "larp-hub.json"
ROLE = "larp_station"
OWNER = "larp_owner"
DATABASE = "larp_event"
DEFAULT_PORT = 5433
LOOPBACK = "127.0.0.1"


@dataclass(frozen=True)
class HubSettings:
    port: int
    listen: str
    password: str

    def join_url(self) -> str:
        return f"postgresql://{ROLE}:{quote(self.password, safe='')}@{reachable_host(self.listen)}:{self.port}/{DATABASE}"


def is_loopback(listen: str) -> bool:
    names = [name.strip() for name in listen.split(",")]
    try:
        return all(name == "localhost" or ipaddress.ip_address(name).is_loopback for name in names)
    except ValueError:
        return False


def reachable_host(listen: str) -> str:
    """The address other stations reach the hub at: the one it listens on, or this laptop's
    own address on the network when it listens on every address."""
    first = listen.split(",")[0].strip()
    if first not in ("*", "0.0.0.0", "::"):
        return f"[{first}]" if ":" in first else first
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing address
            return probe.getsockname()[0]
        except OSError:
            return socket.gethostname()


def read_settings(folder: Path) -> HubSettings | None:
    try:
        return HubSettings(**json.loads((folder / SETTINGS_FILE).read_text()))
    except FileNotFoundError:
        return None
    except (ValueError, TypeError) as error:
        raise EventError(f"{folder / SETTINGS_FILE} is damaged ({error}): stop the hub and remove it to start afresh") from None


def write_settings(folder: Path, settings: HubSettings) -> None:
    path = folder / SETTINGS_FILE
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as out:
        out.write(json.dumps(settings.__dict__, indent=2) + "\n")
    path.chmod(0o600)


def start_hub(folder: Path, listen: str | None = None, port: int | None = None) -> HubSettings:
    """Make the hub if it is new, start it, make its role and database; its settings."""
    folder = Path(folder).absolute()
    known = read_settings(folder) if is_cluster(folder) else None
    settings = HubSettings(
        port=port or (known.port if known else DEFAULT_PORT),
        listen=listen or (known.listen if known else LOOPBACK),
        password=known.password if known else secrets.token_urlsafe(24),
    )
    if not is_cluster(folder):
        if folder.exists() and any(folder.iterdir()):
            raise EventError(f"{folder} is not empty and holds no hub: give --dir an empty or new folder")
        make_cluster(folder)
    if is_running(folder):
        raise EventError(f"the hub in {folder} is already running: larp hub status tells more")
    start_cluster(folder, settings.listen, settings.port)
    try:
        prepare_database(folder, settings)
    except BaseException:
        stop_cluster(folder)
        raise
    write_settings(folder, settings)
    return settings


def prepare_database(folder: Path, settings: HubSettings) -> None:
    """The event's owner, the stations' role (its password as the settings say), the event's
    database and its tables."""
    with psycopg.connect(admin_url(folder, settings.port), autocommit=True) as admin:
        make_role(admin, OWNER, "NOLOGIN CREATEROLE")
        make_role(admin, ROLE, sql.SQL("LOGIN NOCREATEDB NOCREATEROLE PASSWORD {}").format(sql.Literal(settings.password)))
        if not admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", (DATABASE,)).fetchone():
            admin.execute(sql.SQL("CREATE DATABASE {} OWNER {}").format(sql.Identifier(DATABASE), sql.Identifier(OWNER)))
        admin.execute(sql.SQL("ALTER DATABASE {} OWNER TO {}").format(sql.Identifier(DATABASE), sql.Identifier(OWNER)))
    prepare_event(folder, settings.port, DATABASE)


def make_role(admin: psycopg.Connection, role: str, options) -> None:
    exists = admin.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
    verb = sql.SQL("ALTER" if exists else "CREATE")
    admin.execute(sql.SQL("{} ROLE {} {}").format(verb, sql.Identifier(role), sql.SQL(options) if isinstance(options, str) else options))


def prepare_event(folder: Path, port: int, database: str) -> None:
    """In `database`: everything the stations' role owned is the owner's (a hub made by an older
    larp gave it all), no large objects nor advisory locks for anyone but the owner, and the
    event's tables are made as the owner, with the stations' grants."""
    with psycopg.connect(admin_url(folder, port, database), autocommit=True) as admin:
        admin.execute(sql.SQL("REASSIGN OWNED BY {} TO {}").format(sql.Identifier(ROLE), sql.Identifier(OWNER)))
        close_catalog(admin, OWNER)
        admin.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(OWNER)))
        make_event(admin, ROLE)


def running_hub(folder: Path, if_none: str) -> tuple[Path, HubSettings]:
    """The hub in `folder` (made absolute) and its settings; EventError if there is none (saying
    `if_none`) or it is stopped."""
    folder = Path(folder).absolute()
    settings = read_settings(folder) if is_cluster(folder) else None
    if settings is None:
        raise EventError(f"there is no hub in {folder}: {if_none}")
    if not is_running(folder):
        raise EventError(f"the hub in {folder} is stopped: start it again (larp hub start)")
    return folder, settings


def revoke_on_laptop(folder: Path, station: str) -> HubSettings:
    """`larp hub revoke` on the hub in `folder`: its settings with the stations' new password."""
    folder, settings = running_hub(folder, "give the hub's folder (--dir), or its owner's address (--owner)")
    with psycopg.connect(admin_url(folder, settings.port, DATABASE), autocommit=True) as admin:
        renewed = HubSettings(settings.port, settings.listen, revoke_station(admin, station, ROLE))
    write_settings(folder, renewed)
    return renewed


def stop_hub(folder: Path) -> None:
    folder = Path(folder).absolute()
    if not is_cluster(folder):
        raise EventError(f"there is no hub in {folder}")
    if not is_running(folder):
        raise EventError(f"the hub in {folder} is not running")
    stop_cluster(folder)


@dataclass(frozen=True)
class StationSeen:
    name: str
    entries: int
    last_sync: str | None
    key: str | None
    """The fingerprint of the key the station registered (None: an entry under a name never registered)."""
    revoked: str | None = None
    """When the event's owner revoked it (larp hub revoke)."""
    holding: bool = False
    """Whether a session of its login holds the hub's arrival lock (every push waits on it)."""


def hub_status(folder: Path) -> tuple[HubSettings, list[StationSeen]]:
    """The hub's settings and the stations it has seen: entries, last sync of each."""
    folder, settings = running_hub(folder, "start one (larp hub start)")
    with psycopg.connect(admin_url(folder, settings.port, DATABASE)) as hub:
        rows = hub.execute(
            "SELECT name, COALESCE(counted, 0), last_sync, public_key, revoked, EXISTS (SELECT 1 FROM pg_locks l "
            "JOIN pg_stat_activity a ON a.pid = l.pid WHERE a.usename = k.role AND l.locktype = 'advisory' AND l.objid = %s AND l.granted) "
            "FROM larp_station_keys k "
            "FULL JOIN larp_stations s USING (name) "
            "FULL JOIN (SELECT station AS name, count(*) AS counted FROM larp_entries GROUP BY station) e "
            "USING (name) ORDER BY name",
            (ARRIVAL_LOCK,),
        ).fetchall()
    return settings, [
        StationSeen(name, count, at and at.isoformat(timespec="seconds"), key and fingerprint(key), revoked and revoked.isoformat(timespec="seconds"), holding)
        for name, count, at, key, revoked, holding in rows
    ]
