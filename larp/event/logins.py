"""Each station its own login on the event's hub.

The join line's role (`larp_station` on a hub made by `larp hub start`) can do one thing:
register a station's name and key (`larp_join_station`), which makes that station's own role,
with a password of its own, and returns both once. A name registered already returns nothing:
whoever holds the join line can't take a station over. Each station's role is a member of a
group role (the join role's name with `_group`, which can't log in) holding what stations may do
(schema.py); what a station's role does reaches only that station: it adds entries of its own
name only (a trigger), marks only itself as seen, and its settings, password, sessions and
revocation are its own. PostgreSQL lets no role signal or read the sessions of another it is not
a member of.

`close_catalog` takes from everyone (PUBLIC) the large objects and advisory locks of the event's
database; the push takes its arrival lock through `larp_arrival_lock()`, which runs as the owner.
"""

import psycopg
from psycopg import sql


ARRIVAL_LOCK = 8_000_002
"""Held by each push until it commits: entries arrive on the hub in the order they are numbered,
so that a station pulling everything past a number misses nothing."""
STATION_NAME = r"^[[:alnum:]][[:alnum:] ._-]{0,62}$"
"""A station's name as the hub takes it: no newline, no quote, nothing that reads as a path."""

LOGINS = r"""
CREATE TABLE IF NOT EXISTS larp_roles (
    one BOOLEAN PRIMARY KEY DEFAULT true CHECK (one),
    stations TEXT NOT NULL
);
ALTER TABLE larp_station_keys ADD COLUMN IF NOT EXISTS role TEXT UNIQUE;
DROP FUNCTION IF EXISTS larp_register_station(TEXT, TEXT);
DROP FUNCTION IF EXISTS larp_station_seen(TEXT);
CREATE OR REPLACE FUNCTION larp_join_station(station TEXT, key TEXT, chronicles TEXT[])
RETURNS TABLE (login TEXT, password TEXT)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
    theirs TEXT[];
    made TEXT := 'larp_station_' || left(replace(gen_random_uuid()::text, '-', ''), 16);
    secret TEXT := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
BEGIN
    IF station IS NULL OR station !~ '<STATION_NAME>' THEN
        RAISE EXCEPTION 'a station''s name is letters, digits, spaces, dots, dashes and underscores (at most 63), starting with a letter or digit: give another (--station NAME)';
    END IF;
    IF key IS NULL OR key !~ '^[A-Za-z0-9+/]{43}=$' THEN
        RAISE EXCEPTION 'a station registers with its public key (Ed25519, in base64)';
    END IF;
    IF EXISTS (SELECT 1 FROM larp_station_keys WHERE name = station AND revoked IS NOT NULL) THEN
        RAISE EXCEPTION 'station % was revoked by the event''s owner (larp hub revoke): it joins no more', quote_literal(station);
    END IF;
    theirs := ARRAY(SELECT DISTINCT chronicle FROM larp_entries ORDER BY 1);
    IF cardinality(chronicles) > 0 AND cardinality(theirs) > 0 AND NOT chronicles && theirs THEN
        RAISE EXCEPTION 'this is the event of chronicle %, and this record holds %: join the event of its own chronicle. Nothing was sent',
            array_to_string(theirs, ', '), array_to_string(chronicles, ', ');
    END IF;
    INSERT INTO larp_station_keys (name, public_key, role) VALUES (station, key, made) ON CONFLICT (name) DO NOTHING;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L IN ROLE %I', made, secret, (SELECT stations FROM larp_roles));
    RETURN QUERY SELECT made, secret;
END $$;
CREATE OR REPLACE FUNCTION larp_station_seen() RETURNS VOID
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    INSERT INTO larp_stations (name, last_sync) SELECT name, now() FROM larp_station_keys WHERE role = session_user
    ON CONFLICT (name) DO UPDATE SET last_sync = now()
$$;
CREATE OR REPLACE FUNCTION larp_arrival_lock() RETURNS VOID
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    SELECT pg_advisory_xact_lock(<ARRIVAL_LOCK>)
$$
"""

LOGINS = LOGINS.replace("<STATION_NAME>", STATION_NAME).replace("<ARRIVAL_LOCK>", str(ARRIVAL_LOCK))

CATALOG = r"""
SELECT p.oid::regprocedure::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
WHERE n.nspname = 'pg_catalog' AND (p.proname ~ '^(lo_|loread$|lowrite$|pg_advisory|pg_try_advisory)')
"""


def group_of(joining: str) -> str:
    """The role every station's own role is a member of, holding what stations may do."""
    return f"{joining}_group"


def make_group(owner: psycopg.Connection, joining: str) -> str:
    """The stations' group role (made by the owner, who has CREATEROLE, if new), kept where the
    join function reads it; its name."""
    group = group_of(joining)
    if not owner.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (group,)).fetchone():
        owner.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(sql.Identifier(group)))
    owner.execute("INSERT INTO larp_roles (stations) VALUES (%s) ON CONFLICT (one) DO UPDATE SET stations = EXCLUDED.stations", (group,))
    owner.execute(sql.SQL("REVOKE TEMPORARY ON DATABASE {} FROM PUBLIC").format(sql.Identifier(owner.info.dbname)))
    return group


def close_catalog(admin: psycopg.Connection, owner: str) -> None:
    """As a superuser, in the event's database: no large objects and no advisory locks for
    PUBLIC (the owner keeps the one lock its functions take)."""
    for (function,) in admin.execute(CATALOG).fetchall():
        admin.execute(sql.SQL("REVOKE EXECUTE ON FUNCTION {} FROM PUBLIC").format(sql.SQL(function)))
    admin.execute(sql.SQL("GRANT EXECUTE ON FUNCTION pg_advisory_xact_lock(bigint) TO {}").format(sql.Identifier(owner)))


def end_login(owner: psycopg.Connection, role: str | None) -> None:
    """A station's own role can't log in from now on (in the owner's transaction)."""
    if role is not None:
        owner.execute(sql.SQL("ALTER ROLE {} NOLOGIN").format(sql.Identifier(role)))


def end_sessions(owner: psycopg.Connection, *roles: str | None) -> None:
    """The sessions open as `roles`, ended (an owner who may not: they end when their station stops)."""
    try:
        owner.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = ANY(%s)", ([r for r in roles if r],))
    except psycopg.Error:
        pass
