"""The night record on SQLite: WAL, `synchronous=FULL`, one transaction per entry.

Entries are only ever inserted (triggers refuse an update or a delete). Every
failure to open or write is a LedgerError that names the file and says that
what was recorded before is kept.
"""

import hashlib
import json
import socket
import sqlite3
from collections.abc import Callable, Container
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Iterable, Iterator

from larp.ledger.bulk import bulk
from larp.ledger.entry import Entry
from larp.ledger.errors import LedgerError
from larp.ledger.failures import born_private, explain, is_read_only, make_folder, read_only_options
from larp.ledger.night_ends import ENDED, NightEnds
from larp.ledger.night_reading import MERGED_ORDER, NightReading, NightRow
from larp.ledger.rows import Damage, Row, entry_of_row, row_of
from larp.ledger.schema import LATEST, READABLE_FROM, migrate

Signer = Callable[[str, int, str], str]
"""The signature of an entry's line, given its chronicle and night."""

MEMORY = ":memory:"
SHORTEST_ID_PREFIX = 4
HUB_SETTING = "hub"
"""The event's hub this record joined: its URL, password and all (the record is made owner-only)."""
STATION_SETTING = "station"
"""The name this record's station writes its entries under (and joined the event by)."""
READ_BATCH = 500
"""Lines read from the record at a time when a night is read entry by entry."""


class Ledger(NightEnds, NightReading):
    """One database file: the nights this station knows, their entries, and a few settings."""

    def __init__(self, db: sqlite3.Connection, where: str, read_only: bool) -> None:
        self.db = db
        self.where = where
        self.read_only = read_only
        self.damaged: list[Damage] = []
        """Rows found damaged (`entry_of_row`, `check`): while there are any, nothing is written."""
        self.signer: Signer | None = None
        """Signs each entry this record writes of its own as it is filed (a desk that writes sets
        it: `larp.ledger.signing.sign_as_filed`): an export or a push then sends signatures
        already made."""

    @classmethod
    def open(cls, path: Path | str, create: bool = True) -> "Ledger":
        """Open (or make, owner-only) the record at `path`; `":memory:"` for one in memory. It may be
        handed from the thread that opened it to another, used by one at a time (the station)."""
        where = str(path)
        read_only = False
        if where == MEMORY:
            target = MEMORY
        else:
            path = Path(path)
            if path.exists():
                read_only = is_read_only(path)
            elif create:
                make_folder(path.parent)
                born_private(path)
            else:
                raise LedgerError(f"there is no night record at {where}: open a night first (larp night open)")
            target = path.resolve().as_uri() + (read_only_options(path) if read_only else "")
        try:
            db = sqlite3.connect(target, uri=target != MEMORY, isolation_level=None, timeout=10, check_same_thread=False)
        except sqlite3.Error as error:
            raise LedgerError(f"{where} can't be opened ({error})") from None
        ledger = cls(db, where, read_only)
        try:
            ledger.prepare()
        except BaseException:
            db.close()
            raise
        return ledger

    def prepare(self) -> None:
        with self.failures("open"):
            version = self.db.execute("PRAGMA user_version").fetchone()[0]  # reads a garbage file's header first
            if version == 0 and self.db.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchone():
                raise LedgerError(f"{self.where} is a database of another program, not a larp night record: nothing was changed")
            if not self.read_only:
                self.db.execute("PRAGMA journal_mode = WAL")
            self.db.execute("PRAGMA synchronous = FULL")
            self.db.execute("PRAGMA foreign_keys = ON")
            if self.read_only and version < READABLE_FROM:
                raise LedgerError(f"{self.where} is read-only and older than this larp: it can't be brought up to date")
            if not self.read_only or version > LATEST:
                migrate(self.db, self.where)
            self.check()

    def check(self) -> None:
        """What a cheap look finds damaged (sqlite's `quick_check`, settings that are not text)
        goes to `damaged`: the record is then read-only. A damaged entry is found when it is
        read (`entry_of_row`): a station reads its whole night before it writes."""
        with self.failures("check"):
            problems = [row for (row,) in self.db.execute("PRAGMA quick_check") if row != "ok"]
            settings = self.db.execute("SELECT key FROM meta WHERE typeof(value) != 'text'").fetchall()
        self.found(Damage("the database", problem) for problem in problems[:3])
        self.found(Damage(f"the setting {key}", "its value is not text") for (key,) in settings)

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def failures(self, doing: str) -> Iterator[None]:
        """sqlite's errors, told as a LedgerError that names the file."""
        try:
            yield
        except sqlite3.Error as error:
            raise LedgerError(explain(error, self.where, doing)) from None

    @contextmanager
    def writing(self, what: str) -> Iterator[sqlite3.Connection]:
        """One transaction: all of it is written, or none of it."""
        self.refuse_if_damaged(what)
        with self.failures(f"write {what}"):
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")

    @contextmanager
    def reading(self) -> Iterator[None]:
        """One read transaction: all that is read in it is the record at one moment."""
        with self.failures("read"):
            self.db.execute("BEGIN")
        try:
            yield
        finally:
            if self.db.in_transaction:
                with self.failures("read"):
                    self.db.execute("COMMIT")

    def refuse_if_damaged(self, what: str) -> None:
        """A LedgerError, if the record is damaged: nothing is written into it until it is recovered."""
        if self.damaged:
            more = f" (and {len(self.damaged) - 1} more)" if len(self.damaged) > 1 else ""
            raise LedgerError(
                f"{self.where}: {self.damaged[0]}{more}; the record is read-only until it is recovered "
                f"(larp doctor), and {what} was not written"
            )

    def changed_elsewhere(self) -> int:
        """A number that changes whenever another connection commits (`PRAGMA data_version`)."""
        with self.failures("read"):
            return self.db.execute("PRAGMA data_version").fetchone()[0]

    def changed(self) -> tuple[int, int]:
        """A pair that changes whenever the record does: another connection commits, or this
        one writes (`total_changes`)."""
        return self.changed_elsewhere(), self.db.total_changes

    # Settings this station remembers: its name, its Narrator, its chronicle folder.

    def station(self) -> str:
        """The station this record is: the name it remembers, else the host's."""
        return self.setting(STATION_SETTING) or socket.gethostname()

    def setting(self, key: str) -> str | None:
        with self.failures("read"):
            row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        if row is not None and not isinstance(row[0], str):
            self.found([Damage(f"the setting {key}", "its value is not text")])
            return None
        return None if row is None else row[0]

    def remember(self, key: str, value: str) -> None:
        if self.setting(key) == value:
            return
        with self.writing(f"the setting {key}") as db:
            db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    # Nights.

    def nights(self, chronicle: str | None = None) -> list[NightRow]:
        """The nights known, oldest first."""
        query = "SELECT id, chronicle, number, archived_at FROM nights"
        params: tuple = ()
        if chronicle is not None:
            query, params = query + " WHERE chronicle = ?", (chronicle,)
        with self.failures("read"):
            rows = self.db.execute(query + " ORDER BY number, id", params).fetchall()
        return [NightRow(*row) for row in rows]

    def night(self, chronicle: str, number: int) -> NightRow | None:
        return next((row for row in self.nights(chronicle) if row.number == number), None)

    def add_night(self, db: sqlite3.Connection, chronicle: str, number: int) -> NightRow:
        """The night (made within the caller's transaction if it is new)."""
        return add_night(db, chronicle, number)

    def end_night(self, night: NightRow, entries: list[Entry]) -> NightRow:
        """The event's close of the night (the station's own close, then the `night-ended` entry),
        in one transaction: killed at any point, the record is before it or after it."""
        with self.writing(f"the close of night {night.number}") as db:
            for entry in entries:
                append_entry(db, night, entry, self.signer)
            return add_night(db, night.chronicle, night.number)

    # Entries.

    def append(self, night: NightRow, entry: Entry) -> Entry:
        """Write one entry in its own transaction; it gets the next number of its station."""
        with self.writing(f"the {entry.kind.value} entry") as db:
            return append_entry(db, night, entry, self.signer)

    def open_night(self, chronicle: str, number: int, opening: Entry) -> tuple[NightRow, Entry]:
        """The night (made if new) and a station's opening entry, in one transaction."""
        with self.writing(f"the opening of night {number}") as db:
            night = self.add_night(db, chronicle, number)
            return night, append_entry(db, night, opening, self.signer)

    def last_seq(self, night: NightRow, station: str) -> int:
        """The number of the station's latest entry in the night (0 for none)."""
        with self.failures("read"):
            return self.db.execute(
                "SELECT COALESCE(MAX(station_seq), 0) FROM entries WHERE night = ? AND station = ?", (night.id, station)
            ).fetchone()[0]

    def entries_after(self, night: NightRow, seq: int, known: Container[str] = ()) -> tuple[int, list[Entry]]:
        """The night's entries this record received after its number `seq`, but those `known` by
        id (a station's own, written since), and the last number."""
        with self.failures("read"):
            rows = self.db.execute("SELECT seq, id, line FROM entries WHERE night = ? AND seq > ? ORDER BY seq", (night.id, seq)).fetchall()
        with bulk():
            read = [entry_of_row(row, entry_id, line, night.number) for row, entry_id, line in rows if entry_id not in known]
        return (rows[-1][0] if rows else seq), self._readable(read)

    def marks(self, night: NightRow) -> dict[str, int]:
        """Per station, the number of its latest entry in the night: what a close of it read."""
        with self.failures("read"):
            rows = self.db.execute("SELECT station, MAX(station_seq) FROM entries WHERE night = ? GROUP BY station ORDER BY station", (night.id,))
            return dict(rows.fetchall())

    def entries(self, night: NightRow, **only: str | None) -> list[Entry]:
        """The night's readable entries in the order this record received them (`only` as for
        `lines`); a damaged row is kept in `damaged`, and the record then takes no new entry."""
        with bulk():
            read = [entry_of_row(*row, night.number) for row in self.rows(night, **only)]
        return self._readable(read)

    def _readable(self, read: list) -> list[Entry]:
        """The entries among rows read; the damaged ones kept in `damaged` (the record is then read-only)."""
        entries = [entry for entry in read if isinstance(entry, Entry)]
        if len(entries) < len(read):
            self.found([damage for damage in read if isinstance(damage, Damage)])
        return entries

    def found(self, damaged: Iterable[Damage]) -> None:
        """Damaged rows found: the record is read-only from now on."""
        self.damaged.extend(damage for damage in damaged if damage not in self.damaged)

    def each_entry(self, night: NightRow, **only: str | None) -> Iterator[Entry]:
        """The night's readable entries one at a time in the merged order (`Entry.order`: game
        time, wall time, station, number), sorted by the record itself: memory stays the same
        however long the night (`only` as for `lines`); a damaged row is kept in `damaged`."""
        query, params = self._selecting(night, **only)
        for batch in self._batches(query + MERGED_ORDER, params):
            with bulk():
                yield from self._readable([entry_of_row(*row, night.number) for row in batch])

    def _batches(self, query: str, params: list) -> Iterator[list[tuple[int, str, str]]]:
        """The rows a query selects, a batch at a time."""
        with self.failures("read"):
            rows = self.db.execute(query, params)
        while True:
            with self.failures("read"):
                batch = rows.fetchmany(READ_BATCH)
            if not batch:
                return
            yield batch

    def lines(self, night: NightRow, **only: str | None) -> list[str]:
        """The night's entries as the lines of JSON the record keeps, in the order it received them."""
        return [line for _, _, line in self.rows(night, **only)]

    def rows(self, night: NightRow, **only: str | None) -> list[tuple[int, str, str]]:
        """The night's entry rows (the row's place, the entry's id, its line), in the order received."""
        query, params = self._selecting(night, **only)
        with self.failures("read"):
            return self.db.execute(query + " ORDER BY seq", params).fetchall()

    def _selecting(
        self,
        night: NightRow,
        character: str | None = None,
        station: str | None = None,
        kind: str | None = None,
        columns: str = "seq, id, line",
    ) -> tuple[str, list]:
        query = f"SELECT {columns} FROM entries WHERE night = ?"
        params: list = [night.id]
        if station is not None:
            query += " AND station = ?"
            params.append(station)
        if kind is not None:
            query += " AND kind = ?"
            params.append(kind)
        if character is not None:
            query += " AND json_valid(entries.line) AND EXISTS (SELECT 1 FROM json_each(entries.line, '$.characters') WHERE value = ?)"
            params.append(character)
        return query, params

    def filed(self, night: NightRow, station: str) -> dict[str, tuple[int, bytes]]:
        """The station's entries of the night as filed: id → (number, the SHA-256 of its line)."""
        with self.failures("read"):
            rows = self.db.execute(
                "SELECT id, station_seq, line FROM entries WHERE night = ? AND station = ?", (night.id, station)
            )
            return {eid: (seq, hashlib.sha256(line.encode("utf-8")).digest()) for eid, seq, line in rows}

    def find(self, night: NightRow, entry_id: str) -> Entry:
        """The entry of the night with this id, or the one id that starts so."""
        wanted = entry_id.strip().lower()
        if len(wanted) < SHORTEST_ID_PREFIX:
            raise LedgerError(f"entry id {entry_id!r} is too short: give at least {SHORTEST_ID_PREFIX} characters")
        with self.failures("read"):
            rows = self.db.execute(
                "SELECT seq, id, line FROM entries WHERE night = ? AND substr(id, 1, ?) = ? LIMIT 2",
                (night.id, len(wanted), wanted),
            ).fetchall()
        if not rows:
            raise LedgerError(f"there is no entry {entry_id!r} in night {night.number} of this record (see larp log)")
        if len(rows) > 1:
            raise LedgerError(f"entry id {entry_id!r} is ambiguous: give more of it (see larp log)")
        entry = entry_of_row(*rows[0], night.number)
        if isinstance(entry, Damage):
            self.found([entry])
            raise LedgerError(f"{self.where}: {entry}")
        return entry


NEXT_SEQ = "SELECT COALESCE(MAX(station_seq), 0) + 1 FROM entries WHERE night = ? AND station = ?"
"""The next number of a station's entries in a night: read inside the transaction that writes it."""


def append_entry(db: sqlite3.Connection, night: NightRow, entry: Entry, signer: Signer | None = None) -> Entry:
    seq = db.execute(NEXT_SEQ, (night.id, entry.station)).fetchone()[0]
    entry = replace(entry, night=night.number, seq=seq)
    row = row_of(entry)
    insert_rows(db, night, [row])
    if signer is not None:
        keep_signature(db, entry.id, signer(night.chronicle, night.number, row[-1]))
    return entry


def keep_signature(db: sqlite3.Connection, entry_id: str, signature: str) -> None:
    db.execute("INSERT OR IGNORE INTO signatures (id, signature) VALUES (?, ?)", (entry_id, signature))


INSERT_ENTRY = "INSERT INTO entries (night, id, station, station_seq, kind, reverses, line) VALUES (?, ?, ?, ?, ?, ?, ?)"


def insert_rows(db: sqlite3.Connection, night: NightRow, rows: Iterable[Row]) -> None:
    """File the rows in the night; a `night-ended` among them archives it here, and makes the next."""
    rows = list(rows)
    db.executemany(INSERT_ENTRY, [(night.id, *row) for row in rows])
    for row in rows:
        if row[3] == ENDED:
            data = json.loads(row[5])
            db.execute("UPDATE nights SET archived_at = COALESCE(archived_at, ?) WHERE id = ?", (data["wall_time"], night.id))
            add_night(db, night.chronicle, data["payload"]["next"])


def add_night(db: sqlite3.Connection, chronicle: str, number: int) -> NightRow:
    db.execute("INSERT OR IGNORE INTO nights (chronicle, number) VALUES (?, ?)", (chronicle, number))
    row = db.execute(
        "SELECT id, chronicle, number, archived_at FROM nights WHERE chronicle = ? AND number = ?",
        (chronicle, number),
    ).fetchone()
    return NightRow(*row)
