"""A real PostgreSQL for the event's tests: one cluster per test session (Debian's binaries,
started as `larp hub start` starts it, in a temporary folder), a fresh database per test."""

import itertools
import shutil
import socket
import tempfile
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from larp.event.cluster import admin_url, binary, is_running, stop_cluster
from larp.event.errors import EventError
from larp.event.hub import OWNER, HubSettings, prepare_event, start_hub
from tests.ledger.conftest import isolated_home  # noqa: F401  (autouse: LARP_HOME and LARP_DB in tmp_path)
from tests.event.stations import joined, synced
from tests.ledger.helpers import write_chronicle

NUMBERS = itertools.count(1)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def started_on_a_free_port(start, attempts: int = 3):
    """`start(port)` on a port free a moment ago, tried again on another if it was taken since
    (by another xdist worker's cluster, or any program)."""
    for attempt in range(attempts):
        try:
            return start(free_port())
        except EventError as error:
            if "is taken" not in str(error) or attempt == attempts - 1:
                raise


class Cluster:
    """The session's PostgreSQL: where it lives, and a database per test."""

    def __init__(self, folder: Path, settings: HubSettings) -> None:
        self.folder = folder
        self.settings = settings

    def database(self, name: str) -> str:
        """A new event database, owned by the event's owner role, its tables made; the URL a station joins it by."""
        self.admin(sql.SQL("CREATE DATABASE {} OWNER {}").format(sql.Identifier(name), sql.Identifier(OWNER)))
        prepare_event(self.folder, self.settings.port, name)
        return self.settings.join_url().rsplit("/", 1)[0] + "/" + name

    def drop(self, name: str) -> None:
        """The database gone, and whoever was still connected to it: the cluster stays small, so
        that its start after a kill (which reads every file of it) stays quick."""
        self.admin(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))

    def admin(self, statement) -> None:
        if not is_running(self.folder):
            self.restart()
        with psycopg.connect(admin_url(self.folder, self.settings.port), autocommit=True) as admin:
            admin.execute(statement)

    def as_owner(self, url: str) -> psycopg.Connection:
        """A connection to the event at `url` as its owner (through the server's own socket)."""
        connection = psycopg.connect(admin_url(self.folder, self.settings.port, url.rsplit("/", 1)[1]), autocommit=True)
        connection.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(OWNER)))
        return connection

    def restart(self) -> None:
        start_hub(self.folder, port=self.settings.port)

    def kill(self) -> None:
        """`pg_ctl stop -m immediate`: the hub dies mid-night, as a pulled plug would."""
        stop_cluster(self.folder, mode="immediate")


@pytest.fixture(scope="session")
def cluster():
    try:
        binary("initdb")
    except EventError as error:
        pytest.skip(str(error))
    folder = Path(tempfile.mkdtemp(prefix="larp-pg-")) / "hub"  # /tmp: reachable by the postgres user
    folder.parent.chmod(0o755)
    settings = started_on_a_free_port(lambda port: start_hub(folder, port=port))
    cluster = Cluster(folder, settings)
    cluster.admin("ALTER SYSTEM SET fsync = off")  # a throwaway cluster: what the tests kill is the server, never the machine
    cluster.admin("SELECT pg_reload_conf()")
    yield cluster
    if is_running(folder):
        stop_cluster(folder, mode="immediate")
    shutil.rmtree(folder.parent, ignore_errors=True)


@pytest.fixture
def hub(cluster):
    """The URL of a fresh event database on the session's hub (the hub up again if a test killed it)."""
    name = f"event_{next(NUMBERS)}"
    yield cluster.database(name)
    cluster.drop(name)


@pytest.fixture
def hub_dir(cluster):
    """A folder for a hub of the test's own (`larp hub start --dir`), its server stopped after."""
    folder = Path(tempfile.mkdtemp(prefix="larp-hub-"))  # /tmp: reachable by the postgres user
    folder.chmod(0o755)
    yield folder / "hub"
    if (folder / "hub" / "postmaster.pid").exists():
        stop_cluster(folder / "hub", mode="immediate")
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def chronicle(tmp_path) -> Path:
    return write_chronicle(tmp_path / "chronicle")


@pytest.fixture
def hall_and_bar(tmp_path, hub, chronicle):
    """Two stations joined to the event and synced, closed after the test."""
    hall, bar = joined(tmp_path, "hall", hub, chronicle), joined(tmp_path, "bar", hub, chronicle)
    synced(hall, bar)
    yield hall, bar
    hall.close(), bar.close()
