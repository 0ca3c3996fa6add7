"""What a station's own login (or the join line) can set for its role reaches only that role, and
each session's own settings outrank it anyway; no station's login can take the hub's advisory
locks, and a lock held by anyone else stalls no one's sync: it returns, saying so."""

import threading

import psycopg
import pytest

from larp.desk import DeskError
from larp.event.logins import ARRIVAL_LOCK
from tests.event.stations import joined, synced


@pytest.mark.parametrize("login", ["bar's own", "the join line"])
@pytest.mark.parametrize(
    "setting",
    ["default_transaction_read_only = on", "client_encoding = 'SQL_ASCII'", "search_path = pg_temp", "statement_timeout = 1"],
)
def test_a_setting_a_login_gives_its_role_changes_no_sync_and_no_join(hall_and_bar, hub, setting, login, tmp_path, chronicle):
    hall, bar = hall_and_bar
    url = bar.hub if login == "bar's own" else hub
    with psycopg.connect(url, autocommit=True) as role:
        role.execute(f"ALTER ROLE CURRENT_USER SET {setting}")
    try:
        award = hall.award("janet", 1, "a scene")
        synced(hall, bar)
        assert award.id in {e.id for e in bar.entries()}
        door = joined(tmp_path, "door", hub, chronicle)
        assert door.hub != hub and award.id in {e.id for e in door.entries()}
        door.close()
    finally:  # the join line's role is the cluster's: the next test's stations find it as it was
        with psycopg.connect(url, autocommit=True, options="-c default_transaction_read_only=off") as role:
            role.execute("ALTER ROLE CURRENT_USER RESET ALL")


@pytest.mark.parametrize("login", ["bar's own", "the join line"])
def test_no_login_of_the_event_takes_an_advisory_lock(hall_and_bar, hub, login):
    _, bar = hall_and_bar
    with psycopg.connect(bar.hub if login == "bar's own" else hub, autocommit=True) as role:
        for function in ("pg_advisory_lock", "pg_try_advisory_lock", "pg_advisory_lock_shared", "pg_advisory_xact_lock"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                role.execute(f"SELECT {function}(%s)", (ARRIVAL_LOCK,))


def test_a_lock_held_by_the_servers_superuser_ends_the_sync_with_a_message(hall_and_bar, hub, cluster):
    hall, _ = hall_and_bar
    holder = cluster.as_owner(hub)
    holder.execute("RESET ROLE")  # the server's own superuser: the one left who may take it
    holder.execute("SELECT pg_advisory_lock(%s)", (ARRIVAL_LOCK,))
    hall.award("janet", 1, "a scene")
    outcome = []

    def syncing():
        try:
            hall.sync()
            outcome.append("synced")
        except DeskError as error:
            outcome.append(str(error))

    worker = threading.Thread(target=syncing, daemon=True)
    worker.start()
    worker.join(120)
    holder.close()
    assert outcome and "held by another session" in outcome[0]
