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
from larp.event.hub import ROLE, HubSettings, start_hub
from tests.ledger.conftest import isolated_home  # noqa: F401  (autouse: LARP_HOME and LARP_DB in tmp_path)
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

    def database(self) -> str:
        """A new empty database, owned by the event's role; the URL a station joins it by."""
        name = f"event_{next(NUMBERS)}"
        with psycopg.connect(admin_url(self.folder, self.settings.port), autocommit=True) as admin:
            admin.execute(sql.SQL("CREATE DATABASE {} OWNER {}").format(sql.Identifier(name), sql.Identifier(ROLE)))
        url = self.settings.join_url()
        return url.rsplit("/", 1)[0] + "/" + name

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
    yield Cluster(folder, settings)
    if is_running(folder):
        stop_cluster(folder, mode="immediate")
    shutil.rmtree(folder.parent, ignore_errors=True)


@pytest.fixture
def hub(cluster) -> str:
    """The URL of a fresh event database on the session's hub (the hub up again if a test killed it)."""
    if not is_running(cluster.folder):
        cluster.restart()
    return cluster.database()


@pytest.fixture
def chronicle(tmp_path) -> Path:
    return write_chronicle(tmp_path / "chronicle")
