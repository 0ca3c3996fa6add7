"""The hub on this laptop: made, started, its role and database, the join line."""

import stat

import psycopg
import pytest

from larp.event.hub import SETTINGS_FILE, read_settings


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
