"""What the stations' shared role can do to every session, undone by each session's own
settings; a lock held by one station's role stalls no one's sync: it returns, saying so."""

import threading

import psycopg
import pytest

from larp.desk import DeskError
from larp.event.schema import ARRIVAL_LOCK
from tests.event.stations import joined, synced


@pytest.fixture
def event(tmp_path, hub, chronicle):
    hall, bar = joined(tmp_path, "hall", hub, chronicle), joined(tmp_path, "bar", hub, chronicle)
    synced(hall, bar)
    yield hall, bar
    hall.close(), bar.close()


@pytest.mark.parametrize(
    "setting",
    ["default_transaction_read_only = on", "client_encoding = 'SQL_ASCII'", "search_path = pg_temp", "statement_timeout = 1"],
)
def test_a_setting_the_role_gives_itself_for_everyone_changes_no_sync(event, hub, setting):
    hall, bar = event
    with psycopg.connect(hub, autocommit=True) as role:
        role.execute(f"ALTER ROLE CURRENT_USER SET {setting}")
    try:
        award = hall.award("janet", 1, "a scene")
        synced(hall, bar)
        assert award.id in {e.id for e in bar.entries()}
    finally:  # the role is the cluster's: the next test's stations find it as it was
        with psycopg.connect(hub, autocommit=True, options="-c default_transaction_read_only=off") as role:
            role.execute("ALTER ROLE CURRENT_USER RESET ALL")


def test_a_lock_held_by_the_role_ends_the_sync_with_a_message(event, hub):
    hall, _ = event
    holder = psycopg.connect(hub, autocommit=True)
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
