"""The hub on this laptop: made, started, its role and database, the join line."""

import stat
import time

import psycopg
import pytest

from larp.event import cluster as cluster_module
from larp.event.errors import EventError
from larp.event.hub import SETTINGS_FILE, read_settings, start_hub
from tests.event.conftest import free_port


def test_d_the_hub_checks_passwords_with_scram_sha_256(cluster, hub):
    with psycopg.connect(hub) as connection:
        assert connection.execute("SHOW password_encryption").fetchone()[0] == "scram-sha-256"
    wrong = hub.replace(cluster.settings.password, "not-the-password")
    with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
        psycopg.connect(wrong, connect_timeout=3).close()


def test_d_the_hub_listens_on_loopback_and_keeps_its_secrets_owner_only(cluster, hub):
    with psycopg.connect(hub) as connection:
        assert connection.execute("SHOW listen_addresses").fetchone()[0] == "127.0.0.1"
    assert "@127.0.0.1:" in cluster.settings.join_url()
    assert stat.S_IMODE(cluster.folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((cluster.folder / SETTINGS_FILE).stat().st_mode) == 0o600
    assert read_settings(cluster.folder) == cluster.settings


def test_d_a_hub_slow_to_start_says_it_is_still_starting(hub_dir, monkeypatch):
    monkeypatch.setattr(cluster_module, "STARTING_SECONDS", 0)
    with pytest.raises(EventError, match="PostgreSQL is still starting after 0 s.*larp hub status"):
        start_hub(hub_dir, port=free_port())
    deadline = time.monotonic() + 30
    while not cluster_module.is_running(hub_dir) and time.monotonic() < deadline:
        time.sleep(0.1)  # it goes on starting: stopped once it runs
