"""The tables of the night record, and the migrations between their versions.

`PRAGMA user_version` holds the version a database is at; `migrate` brings it
to the latest, one step per transaction. A database newer than this larp is
refused rather than guessed at.
"""

import sqlite3

from larp.ledger.errors import LedgerError

# Each migration takes the database from its index to the next version.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    CREATE TABLE nights (
        id INTEGER PRIMARY KEY,
        chronicle TEXT NOT NULL,
        number INTEGER NOT NULL,
        archived_at TEXT,
        UNIQUE (chronicle, number)
    );
    CREATE TABLE entries (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        night INTEGER NOT NULL REFERENCES nights (id),
        station TEXT NOT NULL,
        station_seq INTEGER NOT NULL,
        kind TEXT NOT NULL,
        reverses TEXT,
        line TEXT NOT NULL,
        UNIQUE (night, station, station_seq)
    );
    CREATE TRIGGER entries_are_never_edited BEFORE UPDATE ON entries
    BEGIN SELECT RAISE(ABORT, 'the night record is append-only (R-NIGHT-3)'); END;
    CREATE TRIGGER entries_are_never_deleted BEFORE DELETE ON entries
    BEGIN SELECT RAISE(ABORT, 'the night record is append-only (R-NIGHT-3)'); END;
    CREATE TABLE starting_states (
        night INTEGER NOT NULL REFERENCES nights (id),
        character TEXT NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (night, character)
    );
    """,
    """
    CREATE TABLE station_keys (
        station TEXT PRIMARY KEY,
        public_key TEXT NOT NULL,
        vouched TEXT NOT NULL
    );
    CREATE TABLE signatures (
        id TEXT PRIMARY KEY REFERENCES entries (id),
        signature TEXT NOT NULL
    );
    """,
    """
    CREATE INDEX entries_by_kind ON entries (night, kind);
    CREATE INDEX entries_in_merged_order ON entries (
        night,
        CASE WHEN json_valid(line) THEN json_extract(line, '$.game_time') END,
        CASE WHEN json_valid(line) THEN json_extract(line, '$.wall_time') END,
        station,
        station_seq
    );
    CREATE TABLE folds (
        night INTEGER PRIMARY KEY REFERENCES nights (id),
        upto INTEGER NOT NULL,
        count INTEGER NOT NULL,
        stamp TEXT NOT NULL,
        seal BLOB NOT NULL,
        state BLOB NOT NULL
    );
    """,
    # Version 4: between games an entry is an operation (larp.ledger.operations), which an older
    # larp would misread as damage; entries pulled from the hub and set aside (larp.ledger.pulling).
    """
    CREATE TABLE set_aside (
        arrived INTEGER PRIMARY KEY,
        chronicle TEXT NOT NULL,
        night INTEGER NOT NULL,
        station TEXT NOT NULL,
        seq INTEGER NOT NULL,
        line TEXT NOT NULL,
        signature TEXT,
        reason TEXT NOT NULL
    );
    """,
    # Version 5: the season's order at hand: the highest tick of a night's operations and
    # openings, read along an index (larp.ledger.night_reading.season_place names its expression).
    """
    CREATE INDEX entries_by_tick ON entries (
        night,
        kind,
        CASE WHEN json_valid(line) THEN json_extract(line, '$.payload.tick') END
    );
    """,
)

LATEST = len(MIGRATIONS)
READABLE_FROM = 2
"""A record that can't be written (a read-only folder) is read as it is from this version on:
the versions after it add only indexes (the night's entries by kind, and in the merged order,
which `larp.ledger.night_reading.MERGED_ORDER` must name expression for expression), the kept folds
(larp.ledger.kept_fold), the season's operations (read from every version alike), the entries
set aside at a pull and the operations by tick: they make reading faster, or keep what is not
read, not possible."""


def migrate(db: sqlite3.Connection, where: str) -> None:
    """Bring the database to the latest version; refuse one made by a newer larp."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > LATEST:
        raise LedgerError(
            f"{where} was written by a newer larp (record version {version}, this larp reads up to "
            f"{LATEST}): update larp on this station; nothing was changed"
        )
    for target in range(version + 1, LATEST + 1):
        db.execute("BEGIN IMMEDIATE")
        try:
            for statement in split_statements(MIGRATIONS[target - 1]):
                db.execute(statement)
            db.execute(f"PRAGMA user_version = {target}")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")


def split_statements(script: str) -> list[str]:
    """The statements of a migration, one by one (a trigger's body keeps its semicolons)."""
    statements, current = [], ""
    for line in script.strip().splitlines():
        current += line + "\n"
        if sqlite3.complete_statement(current):
            statements.append(current.strip())
            current = ""
    return statements
