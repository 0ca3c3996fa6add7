"""`larp hub start|stop|status`: the event's PostgreSQL on this laptop.

The first start makes the cluster (initdb) in its folder, then a role with a password
of its own and the event's database; every start prints the line other stations paste to
join. What the hub needs again (port, address, password) is kept in `larp-hub.json` in
the cluster's folder, readable by its owner only.
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
from larp.event.schema import make_tables

SETTINGS_FILE = "larp-hub.json"
ROLE = "larp_station"
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
    """The event's role (its password as the settings say) and database, and their tables."""
    with psycopg.connect(admin_url(folder, settings.port), autocommit=True) as admin:
        exists = admin.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (ROLE,)).fetchone()
        verb = "ALTER" if exists else "CREATE"
        admin.execute(
            sql.SQL("{} ROLE {} LOGIN PASSWORD {}").format(
                sql.SQL(verb), sql.Identifier(ROLE), sql.Literal(settings.password)
            )
        )
        if not admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", (DATABASE,)).fetchone():
            admin.execute(
                sql.SQL("CREATE DATABASE {} OWNER {}").format(
                    sql.Identifier(DATABASE), sql.Identifier(ROLE)
                )
            )
    with psycopg.connect(admin_url(folder, settings.port, DATABASE), user=ROLE, autocommit=True) as hub:
        make_tables(hub)


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


def hub_status(folder: Path) -> tuple[HubSettings, list[StationSeen]]:
    """The hub's settings and the stations it has seen: entries, last sync of each."""
    folder = Path(folder).absolute()
    settings = read_settings(folder) if is_cluster(folder) else None
    if settings is None:
        raise EventError(f"there is no hub in {folder}: start one (larp hub start)")
    if not is_running(folder):
        raise EventError(f"the hub in {folder} is stopped: start it again (larp hub start)")
    with psycopg.connect(admin_url(folder, settings.port, DATABASE), user=ROLE) as hub:
        rows = hub.execute(
            "SELECT name, COALESCE(counted, 0), last_sync FROM larp_stations s "
            "FULL JOIN (SELECT station AS name, count(*) AS counted FROM larp_entries GROUP BY station) e "
            "USING (name) ORDER BY name"
        ).fetchall()
    return settings, [StationSeen(name, count, at and at.isoformat(timespec="seconds")) for name, count, at in rows]
