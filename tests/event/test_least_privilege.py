"""The hub's tables belong to the event's owner: a station's own login may read them and add its
own entries, nothing else; the join line (every Narrator's) may only register a station; serials
only rise, the card key is kept once."""

import psycopg
import pytest
from psycopg import sql

from larp.cards import current_card, issued_payload, reissue
from larp.desk import DeskError
from larp.event.hub import ROLE, prepare_event
from larp.event.schema import EVENT_TABLES
from larp.event.sync import login_url
from tests.event.stations import at, joined, synced
from tests.ledger.helpers import larp, leap

STATEMENTS = (
    "UPDATE {table} SET {column} = {column}",
    "DELETE FROM {table}",
    "TRUNCATE {table}",
    "ALTER TABLE {table} ADD COLUMN forged TEXT",
    "ALTER TABLE {table} DISABLE TRIGGER ALL",
    "DROP TABLE {table}",
    "CREATE INDEX forged ON {table} ({column})",
)
INSERTS = {
    "larp_station_keys": "INSERT INTO larp_station_keys (name, public_key) VALUES ('forged', 'AAAA')",
    "larp_stations": "INSERT INTO larp_stations (name, last_sync) VALUES ('forged', now())",
    "larp_card_keys": "INSERT INTO larp_card_keys (chronicle, key) VALUES ('other-city', 'forged')",
    "larp_card_serials": "INSERT INTO larp_card_serials (chronicle, character, serial) VALUES ('alder-bay', 'ruth', 99)",
}
FIRST_COLUMN = {"larp_entries": "line", "larp_station_keys": "public_key", "larp_stations": "last_sync", "larp_card_keys": "key", "larp_card_serials": "serial"}
REPLACED = (
    "CREATE TABLE larp_forged (x INT)",
    "CREATE OR REPLACE FUNCTION larp_raise_serials(chronicle TEXT, characters TEXT[], serials INTEGER[]) "
    "RETURNS INTEGER LANGUAGE sql AS $$ SELECT 0 $$",
    "ALTER FUNCTION larp_join_station(TEXT, TEXT, TEXT[]) SECURITY INVOKER",
    "DROP FUNCTION larp_offer_card_key(TEXT, TEXT)",
    "ALTER SEQUENCE larp_entries_arrived_seq RESTART WITH 1",
    "SELECT setval('larp_entries_arrived_seq', 1)",
)

MEMBERS_DROPPED = """DO $$ DECLARE r TEXT; BEGIN
    FOR r IN SELECT m.rolname FROM pg_auth_members a JOIN pg_roles g ON g.oid = a.roleid JOIN pg_roles m ON m.oid = a.member
             WHERE g.rolname = 'chronicle_station_group' LOOP EXECUTE format('DROP ROLE %I', r); END LOOP;
END $$"""
"""Each station's own role made on the chronicle's PostgreSQL, dropped."""


@pytest.fixture
def busy_hub(tmp_path, hub, chronicle):
    """An event with two stations, their entries, the chronicle's card key and a reissued card."""
    hall, bar = joined(tmp_path, "hall", hub, chronicle), joined(tmp_path, "bar", hub, chronicle)
    hall.regain("janet", "social")
    with at("hall", tmp_path):
        issued_payload(current_card(hall.chronicle, "janet"))
        reissue(hall.chronicle, "janet")
        synced(hall, bar)
    yield hub, hall.hub
    hall.close(), bar.close()


def everything(cluster, hub) -> dict[str, list]:
    with cluster.as_owner(hub) as owner:
        return {table: owner.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall() for table in EVENT_TABLES}


@pytest.mark.parametrize("login", ["station", "join line"])
def test_d_a_stations_login_and_the_join_line_are_refused_every_change_of_every_table_and_nothing_changes(cluster, busy_hub, login):
    hub, hall = busy_hub
    before = everything(cluster, hub)
    assert all(before[table] for table in EVENT_TABLES)
    tried = 0
    reading = () if login == "station" else ("SELECT * FROM {table}",)
    with psycopg.connect(hall if login == "station" else hub, autocommit=True) as station:
        for table in EVENT_TABLES:
            for statement in [*STATEMENTS, *reading, *([INSERTS[table]] if table in INSERTS else [])]:
                with pytest.raises(psycopg.errors.InsufficientPrivilege):
                    station.execute(statement.format(table=table, column=FIRST_COLUMN[table]))
                tried += 1
        for statement in REPLACED:
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                station.execute(statement)
    assert tried == 5 * (len(STATEMENTS) + len(reading)) + len(INSERTS)
    assert everything(cluster, hub) == before


def test_d_the_join_line_may_only_register_a_well_named_station(cluster, busy_hub):
    hub, _ = busy_hub
    key = "A" * 43 + "="
    with psycopg.connect(hub, autocommit=True) as joining:
        for function in ("larp_station_seen()", "larp_arrival_lock()", "larp_offer_card_key('alder-bay', 'forged')"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                joining.execute(f"SELECT {function}")
        for name in ("door\nhall: 9 entries", "o'neil", "../door", "", "x" * 64):
            with pytest.raises(psycopg.errors.RaiseException, match="a station's name is letters"):
                joining.execute("SELECT * FROM larp_join_station(%s, %s, '{}')", (name, key))
        assert joining.execute("SELECT * FROM larp_join_station('hall', %s, '{}')", (key,)).fetchall() == []  # taken: no password
        (login, password), = joining.execute("SELECT * FROM larp_join_station('Door 2', %s, '{}')", (key,)).fetchall()
    assert len(password) == 64 and login.startswith("larp_station_")
    with psycopg.connect(login_url(hub, login, password), autocommit=True) as door:
        with pytest.raises(psycopg.errors.UndefinedFunction):
            door.execute("SELECT larp_station_seen('hall')")
        door.execute("SELECT larp_station_seen()")  # its own name, the only one it can mark
    with cluster.as_owner(hub) as owner:
        assert owner.execute("SELECT role FROM larp_station_keys WHERE name = 'hall'").fetchone()[0] != login
        assert owner.execute("SELECT name FROM larp_stations ORDER BY last_sync DESC LIMIT 1").fetchall() == [("Door 2",)]


def test_d_a_station_may_only_raise_a_serial_and_only_offer_a_card_key_the_event_lacks(cluster, busy_hub):
    before = everything(cluster, busy_hub[0])
    (serial,) = [row[2] for row in before["larp_card_serials"] if row[1] == "janet"]
    with psycopg.connect(busy_hub[1], autocommit=True) as station:
        assert station.execute("SELECT larp_raise_serials('alder-bay', ARRAY['janet'], ARRAY[1])").fetchone()[0] == 0
        station.execute("SELECT larp_offer_card_key('alder-bay', 'forged')")
        assert station.execute("SELECT larp_raise_serials('alder-bay', ARRAY['janet'], ARRAY[%s])", (serial + 1,)).fetchone()[0] == 1
    after = everything(cluster, busy_hub[0])
    assert after["larp_card_keys"] == before["larp_card_keys"]
    assert [row[2] for row in after["larp_card_serials"] if row[1] == "janet"] == [serial + 1]


@pytest.fixture
def chronicle_owner(cluster, monkeypatch):
    """A PostgreSQL the chronicle runs: its owner (CREATEROLE, not a superuser) and database, the
    owner's address in $LARP_HUB_OWNER; dropped after, with every role an init made."""
    cluster.admin("CREATE ROLE chronicle_owner LOGIN CREATEROLE PASSWORD 'owner-s3cret'")
    cluster.admin("CREATE DATABASE chronicle_db OWNER chronicle_owner")
    monkeypatch.setenv("LARP_HUB_OWNER", f"postgresql://chronicle_owner:owner-s3cret@127.0.0.1:{cluster.settings.port}/chronicle_db")
    yield
    cluster.drop("chronicle_db")
    cluster.admin(MEMBERS_DROPPED)
    for role in ("chronicle_station", "chronicle_station_group", "chronicle_owner", "chronicle_root"):
        cluster.admin(sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(role)))


def initiated(capsys) -> tuple[str, str]:
    """`larp hub init --role chronicle_station`, done: what it printed, and the join line."""
    status, out, err = larp(capsys, "hub", "init", "--role", "chronicle_station")
    assert status == 0, err
    assert "owner-s3cret" not in out + err
    return out, next(line.strip() for line in out.splitlines() if line.strip().startswith("postgresql://chronicle_station:"))


def test_d_hub_init_makes_the_event_on_a_postgresql_of_its_owner_with_the_same_grants(chronicle_owner, capsys, tmp_path, chronicle):
    _, url = initiated(capsys)
    desk = joined(tmp_path, "hall", url, chronicle)
    assert desk.sync().pushed == 1  # its night's opening
    with psycopg.connect(desk.hub, autocommit=True) as station:  # the station's own login
        assert station.execute("SELECT count(*) FROM larp_entries").fetchone()[0] == 1
        for statement in ("DELETE FROM larp_entries", "UPDATE larp_station_keys SET public_key = 'x'", "DROP TABLE larp_entries"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                station.execute(statement)
    status, out, err = larp(capsys, "hub", "revoke", "hall", "--role", "chronicle_station")  # the owner's address: $LARP_HUB_OWNER
    assert status == 0 and "Station hall is revoked" in out, err
    renewed = next(line.strip() for line in out.splitlines() if line.strip().startswith("postgresql://chronicle_station:"))
    assert renewed != url and "owner-s3cret" not in out + err
    with pytest.raises(DeskError, match="the event's owner revoked it"):
        desk.sync()
    desk.close()


def test_a_second_hub_init_keeps_the_event_and_gives_a_new_join_line(chronicle_owner, capsys, tmp_path, chronicle):
    _, first = initiated(capsys)
    hall = joined(tmp_path, "hall", first, chronicle)
    said, second = initiated(capsys)
    assert "made before: kept as they are" in said and second != first
    made = hall.record(leap(1))
    hall.sync()  # by its own login, untouched
    with pytest.raises(psycopg.errors.OperationalError, match="password authentication failed"):
        psycopg.connect(first).close()
    bar = joined(tmp_path, "bar", second, chronicle)
    assert made.id in {entry.id for entry in bar.entries()}
    hall.close(), bar.close()


def test_hub_init_refuses_a_superuser_as_the_join_lines_role_saying_so(chronicle_owner, cluster, capsys):
    cluster.admin("CREATE ROLE chronicle_root SUPERUSER")
    status, out, err = larp(capsys, "hub", "init", "--role", "chronicle_root")
    assert status == 1 and "'chronicle_root' on the hub at 127.0.0.1" in err and "is a superuser, and the join line's role must not be" in err, err
    assert "must be superuser" not in err and "owner-s3cret" not in out + err


def test_d_hub_init_refuses_an_owner_who_may_not_make_roles(cluster, capsys, monkeypatch, hub):
    monkeypatch.setenv("LARP_HUB_OWNER", hub)  # the stations' role itself
    status, _, err = larp(capsys, "hub", "init")
    assert status == 1 and "may not make roles" in err and cluster.settings.password not in err


def test_d_a_hub_made_by_an_older_larp_is_given_to_the_owner_on_its_next_start(cluster):
    """Before, the stations' role owned the event's database and tables it made."""
    cluster.admin(sql.SQL("CREATE DATABASE older_event OWNER {}").format(sql.Identifier(ROLE)))
    try:
        url = cluster.settings.join_url().rsplit("/", 1)[0] + "/older_event"
        with psycopg.connect(url, autocommit=True) as station:
            station.execute("CREATE TABLE larp_entries (arrived BIGSERIAL PRIMARY KEY, id TEXT NOT NULL UNIQUE, chronicle TEXT NOT NULL, night INTEGER NOT NULL, station TEXT NOT NULL, seq INTEGER NOT NULL, line TEXT NOT NULL)")
            station.execute("INSERT INTO larp_entries (id, chronicle, night, station, seq, line) VALUES ('a', 'alder-bay', 1, 'hall', 1, '{}')")
        prepare_event(cluster.folder, cluster.settings.port, "older_event")
        with psycopg.connect(url, autocommit=True) as station:
            for statement in ("DELETE FROM larp_entries", "DROP TABLE larp_entries", "ALTER TABLE larp_entries DROP COLUMN line"):
                with pytest.raises(psycopg.errors.InsufficientPrivilege):
                    station.execute(statement)
        with cluster.as_owner(url) as owner:
            assert owner.execute("SELECT count(*) FROM larp_entries WHERE signature IS NULL").fetchone()[0] == 1
    finally:
        cluster.drop("older_event")
