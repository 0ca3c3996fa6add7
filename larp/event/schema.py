"""The event's tables on its PostgreSQL, owned by an owner role the stations never get.

- `larp_entries`: every station's entries, each with its station's signature;
- `larp_station_keys`: each station's name, public key and own role, registered once, and when
  the event's owner revoked it (`larp hub revoke`: the hub takes no entry of it from then on);
- `larp_stations`: when each station last synced;
- `larp_card_keys`, `larp_card_serials`: the chronicles' card keys and card serials.

Every entry the hub takes is checked as it arrives, by a trigger of the owner's that reads all
the rows of an insert at once (`larp_entries_well_formed`, the same for every role): its line at
most the longest a bundle carries (LONGEST_LINE, the pull's own limit), and JSON PostgreSQL reads
(no `NaN`, no `Infinity`, nothing cut short) with no number beyond a double's range; one that is
not refuses the whole insert, naming the entry. A key given twice (jsonb keeps the last without a word) and a whole
number past 64 bits stay the pull's to refuse (larp.ledger.pulling). The tables, functions and
triggers are made again at each `larp hub start` and `larp hub init`, so an older hub gains them.

The join line's role can only register a station (larp.event.logins), which gives that station
its own role. Each station's role reads the tables and inserts its own entries (a trigger,
`larp_entry_allowed`, refuses another station's, and any of a revoked station), nothing else: no
update, delete or truncate of anything, no table made, changed or dropped. What else a station
does goes through functions that run as the owner and can do only that: say it synced
(`larp_station_seen`), take the hub's arrival lock (`larp_arrival_lock`), offer a chronicle's
card key (kept only if the event has none) and raise card serials (never lower them).
"""

import psycopg
from psycopg import sql

from larp.event.errors import EventError
from larp.event.logins import LOGINS, make_group
from larp.sheet.strict_json import LONGEST_LINE

SCHEMA_LOCK = 8_000_001
"""The advisory lock held while the tables are made."""
DOUBLE_EDGE = 2**1024 - 2**970
"""The least number a double can't hold (halfway past the largest, which rounds away): one at or
past it is refused at the hub, as a pull refuses it."""
CHANNEL = "larp_event"
"""Where a station says it brought something to the hub (LISTEN/NOTIFY)."""

TABLES = r"""
CREATE TABLE IF NOT EXISTS larp_entries (
    arrived BIGSERIAL PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    chronicle TEXT NOT NULL,
    night INTEGER NOT NULL,
    station TEXT NOT NULL,
    seq INTEGER NOT NULL,
    line TEXT NOT NULL,
    signature TEXT NOT NULL,
    UNIQUE (chronicle, night, station, seq)
);
ALTER TABLE larp_entries ADD COLUMN IF NOT EXISTS signature TEXT;
CREATE TABLE IF NOT EXISTS larp_station_keys (
    name TEXT PRIMARY KEY,
    public_key TEXT NOT NULL,
    registered TIMESTAMPTZ NOT NULL DEFAULT now()
);
ALTER TABLE larp_station_keys ADD COLUMN IF NOT EXISTS revoked TIMESTAMPTZ;
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
DROP TRIGGER IF EXISTS larp_revoked_stations_add_nothing ON larp_entries;
DROP FUNCTION IF EXISTS larp_refuse_revoked();
CREATE OR REPLACE FUNCTION larp_entry_allowed() RETURNS TRIGGER
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE mine TEXT;
BEGIN
    IF NOT pg_has_role(session_user, current_user, 'MEMBER') THEN  -- anyone but the owner (this function's) or a superuser
        SELECT name INTO mine FROM larp_station_keys WHERE role = session_user;
        IF mine IS DISTINCT FROM NEW.station THEN
            RAISE EXCEPTION 'this login is station %''s: it adds no entry of station %', mine, NEW.station;
        END IF;
    END IF;
    IF EXISTS (SELECT 1 FROM larp_station_keys WHERE name = NEW.station AND revoked IS NOT NULL) THEN
        RAISE EXCEPTION 'station % was revoked by the event''s owner: the hub takes no entry of it', NEW.station;
    END IF;
    RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS larp_entries_allowed ON larp_entries;
CREATE TRIGGER larp_entries_allowed BEFORE INSERT ON larp_entries
FOR EACH ROW EXECUTE FUNCTION larp_entry_allowed();
CREATE OR REPLACE FUNCTION larp_entry_json(line TEXT) RETURNS JSONB
LANGUAGE sql IMMUTABLE AS $$
    SELECT replace(line, '\u0000', '\u0001')::jsonb  -- JSON allows \u0000, which jsonb can't hold
$$;
CREATE OR REPLACE FUNCTION larp_entries_well_formed() RETURNS TRIGGER
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
    one RECORD;
    said TEXT;
    detail TEXT;
    refused TEXT := 'the hub took nothing of this push';
BEGIN
    FOR one IN SELECT id, station, octet_length(line) AS size FROM arrived WHERE octet_length(line) > <LONGEST_LINE> LIMIT 1 LOOP
        RAISE EXCEPTION 'entry % of station % takes % bytes, and an entry holds at most <MEGABYTES> MB (<LONGEST_LINE> bytes): %',
            left(one.id, 8), quote_literal(one.station), one.size, refused;
    END LOOP;
    BEGIN
        SELECT id, station INTO one FROM arrived WHERE jsonb_path_exists(larp_entry_json(line), '<BEYOND_DOUBLE>') LIMIT 1;
    EXCEPTION WHEN OTHERS THEN  -- a line PostgreSQL can't read as JSON: found and named, one by one
        FOR one IN SELECT id, station, line FROM arrived ORDER BY arrived LOOP
            BEGIN
                PERFORM larp_entry_json(one.line);
            EXCEPTION WHEN OTHERS THEN
                GET STACKED DIAGNOSTICS said = MESSAGE_TEXT, detail = PG_EXCEPTION_DETAIL;
                RAISE EXCEPTION 'entry % of station % is not strict JSON (%): %',
                    left(one.id, 8), quote_literal(one.station), concat_ws(': ', said, nullif(detail, '')), refused;
            END;
        END LOOP;
        RAISE;
    END;
    IF one.id IS NOT NULL THEN
        RAISE EXCEPTION 'entry % of station % is not strict JSON (a number beyond a double''s range): %', left(one.id, 8), quote_literal(one.station), refused;
    END IF;
    RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS larp_entries_well_formed ON larp_entries;
CREATE TRIGGER larp_entries_well_formed AFTER INSERT ON larp_entries REFERENCING NEW TABLE AS arrived
FOR EACH STATEMENT EXECUTE FUNCTION larp_entries_well_formed();
CREATE OR REPLACE FUNCTION larp_offer_card_key(chronicle TEXT, key TEXT) RETURNS VOID
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    INSERT INTO larp_card_keys (chronicle, key) VALUES (chronicle, key) ON CONFLICT DO NOTHING
$$;
CREATE OR REPLACE FUNCTION larp_raise_serials(chronicle TEXT, characters TEXT[], serials INTEGER[]) RETURNS INTEGER
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
#variable_conflict use_column
DECLARE raised INTEGER;
BEGIN
    INSERT INTO larp_card_serials AS held (chronicle, character, serial)
    SELECT larp_raise_serials.chronicle, c, s FROM unnest(characters, serials) AS given (c, s)
    ON CONFLICT (chronicle, character) DO UPDATE SET serial = EXCLUDED.serial WHERE held.serial < EXCLUDED.serial;
    GET DIAGNOSTICS raised = ROW_COUNT;
    RETURN raised;
END $$
"""

TABLES = (
    TABLES.replace("<LONGEST_LINE>", str(LONGEST_LINE))
    .replace("<MEGABYTES>", str(LONGEST_LINE // 2**20))
    .replace("<BEYOND_DOUBLE>", f'strict $.** ? (@.type() == "number" && (@ >= {DOUBLE_EDGE} || @ <= -{DOUBLE_EDGE}))')
)

JOINING = "larp_join_station(TEXT, TEXT, TEXT[])"
FUNCTIONS = (
    "larp_station_seen()",
    "larp_arrival_lock()",
    "larp_offer_card_key(TEXT, TEXT)",
    "larp_raise_serials(TEXT, TEXT[], INTEGER[])",
)
EVENT_TABLES = ("larp_entries", "larp_station_keys", "larp_stations", "larp_card_keys", "larp_card_serials")
ENTRY_COLUMNS = ("id", "chronicle", "night", "station", "seq", "line", "signature")


def make_event(owner: psycopg.Connection, joining_role: str) -> None:
    """The event's tables and functions, owned by the role `owner` is connected as (with
    CREATEROLE); `joining_role` (the join line's) may only register a station
    (larp.event.logins), and each station's own role, through the stations' group, may do what
    the module says (all either held before is taken back first)."""
    joining = sql.Identifier(joining_role)
    tables = sql.SQL(", ").join(sql.Identifier(name) for name in EVENT_TABLES)
    with owner.transaction():
        owner.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
        for statement in split(TABLES) + split(LOGINS):
            owner.execute(statement)
        station = sql.Identifier(make_group(owner, joining_role))
        owner.execute(sql.SQL("REVOKE ALL ON {}, larp_roles FROM PUBLIC, {}, {}").format(tables, joining, station))
        owner.execute(sql.SQL("GRANT SELECT ON {} TO {}").format(tables, station))
        columns = sql.SQL(", ").join(sql.Identifier(name) for name in ENTRY_COLUMNS)
        owner.execute(sql.SQL("GRANT INSERT ({}) ON larp_entries TO {}").format(columns, station))
        owner.execute(sql.SQL("REVOKE ALL ON SEQUENCE larp_entries_arrived_seq FROM PUBLIC, {}, {}").format(joining, station))
        owner.execute(sql.SQL("GRANT USAGE ON SEQUENCE larp_entries_arrived_seq TO {}").format(station))
        for function in FUNCTIONS:
            owner.execute(sql.SQL(f"REVOKE ALL ON FUNCTION {function} FROM PUBLIC, {{}}").format(joining))
            owner.execute(sql.SQL(f"GRANT EXECUTE ON FUNCTION {function} TO {{}}").format(station))
        owner.execute(sql.SQL(f"REVOKE ALL ON FUNCTION {JOINING} FROM PUBLIC, {{}}").format(station))
        owner.execute(sql.SQL(f"GRANT EXECUTE ON FUNCTION {JOINING} TO {{}}").format(joining))
        owner.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC")


def split(script: str) -> list[str]:
    """The statements of TABLES: split at `;` ending a line, outside a function's `$$` body."""
    statements, current = [], []
    for line in script.strip().splitlines():
        current.append(line)
        if line.rstrip().endswith(";") and "\n".join(current).count("$$") % 2 == 0:
            statements.append("\n".join(current))
            current = []
    if current:
        statements.append("\n".join(current))
    return statements


def check_tables(hub: psycopg.Connection) -> None:
    """EventError unless the event's tables are made (by `larp hub start` or `larp hub init`)."""
    if hub.execute("SELECT to_regclass('larp_station_keys')").fetchone()[0] is None:
        raise EventError(
            "the event's tables are not on this database: its owner makes them once (larp hub init), "
            "or start a hub of larp's own (larp hub start)"
        )
