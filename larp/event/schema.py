"""The event's tables on its PostgreSQL: the entries of every station, the stations seen, the
chronicles' card keys and card serials. Made by the first station to reach a new database
(so that any PostgreSQL will do), under a lock, so that two stations can't make them twice."""

import psycopg

SCHEMA_LOCK = 8_000_001
"""The advisory lock held while the tables are made."""
ARRIVAL_LOCK = 8_000_002
"""Held by each push until it commits: entries arrive on the hub in the order they are numbered,
so that a station pulling everything past a number misses nothing."""
CHANNEL = "larp_event"
"""Where a station says it brought something to the hub (LISTEN/NOTIFY)."""

TABLES = """
CREATE TABLE IF NOT EXISTS larp_entries (
    arrived BIGSERIAL PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    chronicle TEXT NOT NULL,
    night INTEGER NOT NULL,
    station TEXT NOT NULL,
    seq INTEGER NOT NULL,
    line TEXT NOT NULL,
    UNIQUE (chronicle, night, station, seq)
);
CREATE TABLE IF NOT EXISTS larp_stations (
    name TEXT PRIMARY KEY,
    last_sync TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS larp_card_keys (
    chronicle TEXT PRIMARY KEY,
    key TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS larp_card_serials (
    chronicle TEXT NOT NULL,
    character TEXT NOT NULL,
    serial INTEGER NOT NULL,
    PRIMARY KEY (chronicle, character)
);
"""


def make_tables(hub: psycopg.Connection) -> None:
    with hub.transaction():
        hub.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
        for statement in filter(str.strip, TABLES.split(";")):
            hub.execute(statement)
