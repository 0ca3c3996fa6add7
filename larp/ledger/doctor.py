"""`larp doctor`: what in a night record is damaged, and a new record of all that is readable.

The examination reads every row of every night (`entry_of_row`, then each entry's payload
as a bundle's is checked) and asks sqlite for its full `integrity_check`. Recovery copies
the settings, the nights, the next nights' starting states and every readable entry (same
ids, same numbers, same order) into a new record beside the old one, then puts the new one
in the old one's place; the old file is kept, renamed, never changed.
"""

import os
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from larp.ledger.entry import Entry
from larp.ledger.errors import LedgerError
from larp.ledger.reconcile import reconcile
from larp.ledger.rows import Damage, entry_damage, entry_of_row, line_fault
from larp.ledger.store import Ledger
from larp.sheet.strict_json import BadJson, loads


@dataclass
class Examination:
    where: str
    nights: int = 0
    readable: list[tuple] = field(default_factory=list)
    """The rows to keep, as the entries table holds them."""
    damaged: list[Damage] = field(default_factory=list)


def examine(path: Path | str) -> Examination:
    """Every damage of the record at `path` (it is only read)."""
    ledger = Ledger.open(path, create=False)
    try:
        found = Examination(str(path), len(ledger.nights()))
        found.damaged.extend(ledger.damaged)
        with ledger.failures("examine"):
            problems = [row for (row,) in ledger.db.execute("PRAGMA integrity_check(20)") if row != "ok"]
            rows = ledger.db.execute(
                "SELECT e.seq, e.id, e.line, e.night, e.station, e.station_seq, e.kind, e.reverses, n.number "
                "FROM entries e JOIN nights n ON n.id = e.night ORDER BY e.seq"
            ).fetchall()
        found.damaged.extend(Damage("the database", problem) for problem in problems if Damage("the database", problem) not in found.damaged)
        for seq, entry_id, line, night, station, station_seq, kind, reverses, number in rows:
            damage = damage_of(seq, entry_id, line, number)
            if damage is None:
                found.readable.append((seq, entry_id, night, station, station_seq, kind, reverses, line))
            else:
                found.damaged.append(damage)
        unfolded = fold_damages(found.readable)
        found.damaged.extend(unfolded.values())
        found.readable = [row for row in found.readable if row[1] not in unfolded]
        return found
    finally:
        ledger.close()


def damage_of(seq: int, entry_id: str, line, night: int) -> Damage | None:
    """What is wrong with an entry row, looked at as closely as a bundle's line is."""
    read = entry_of_row(seq, entry_id, line, night)
    if isinstance(read, Damage):
        return read
    try:
        what = line_fault(loads(line))
    except BadJson as error:
        return entry_damage(seq, entry_id, error.what)
    return None if what is None else entry_damage(seq, entry_id, what)


def fold_damages(readable: list[tuple]) -> dict[str, Damage]:
    """Entries whose lines pass a bundle's check but that the night's fold can't apply (a value
    of the right kind where the fold needs another), by id: the commands leave them out too."""
    nights: dict[int, list] = {}
    for seq, entry_id, night, *_, line in readable:
        nights.setdefault(night, []).append((seq, entry_id, line))
    found: dict[str, Damage] = {}
    for night, rows in nights.items():
        entries = {entry.id: (seq, entry) for seq, entry_id, line in rows if isinstance(entry := entry_of_row(seq, entry_id, line, night), Entry)}
        for damage in reconcile("", night, [entry for _, entry in entries.values()]).damaged:
            seq, entry = entries[damage.entry]
            found[entry.id] = entry_damage(seq, entry.id, damage.what)
    return found


def recover(path: Path | str, now: datetime | None = None) -> tuple[Path, Examination]:
    """A new record of all that is readable, in the old one's place; the old one kept under
    a new name, returned."""
    path = Path(path)
    found = examine(path)
    stamp = (now or datetime.now(timezone.utc)).strftime("%Y%m%dT%H%M%SZ")
    fresh = path.with_name(f"{path.name}.recovering")
    kept = path.with_name(f"{path.name}.damaged-{stamp}")
    for leftover in (fresh, Path(f"{fresh}-wal"), Path(f"{fresh}-shm")):
        leftover.unlink(missing_ok=True)
    try:
        copy_readable(path, fresh, found)
    except BaseException:
        for leftover in (fresh, Path(f"{fresh}-wal"), Path(f"{fresh}-shm")):
            leftover.unlink(missing_ok=True)
        raise
    try:
        os.replace(path, kept)
        for suffix in ("-wal", "-shm"):
            if Path(f"{path}{suffix}").exists():
                os.replace(f"{path}{suffix}", f"{kept}{suffix}")
        os.replace(fresh, path)
    except OSError as error:
        raise LedgerError(f"{path} can't be recovered ({error.strerror or error}): the record is unchanged") from None
    return kept, found


def copy_readable(old: Path, fresh: Path, found: Examination) -> None:
    source = sqlite3.connect(f"{old.resolve().as_uri()}?mode=ro", uri=True)
    target = Ledger.open(fresh)
    try:
        with target.writing("the recovered record") as db:
            for table, columns in (("meta", "key, value"), ("nights", "id, chronicle, number, archived_at"),
                                   ("starting_states", "night, character, state")):
                rows = [row for row in source.execute(f"SELECT {columns} FROM {table}") if readable(table, row)]
                marks = ", ".join("?" * (columns.count(",") + 1))
                db.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", rows)
            db.executemany(
                "INSERT INTO entries (seq, id, night, station, station_seq, kind, reverses, line) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                found.readable,
            )
    except sqlite3.Error as error:
        raise LedgerError(f"{old} can't be recovered ({error}): the record is unchanged") from None
    finally:
        source.close()
        target.close()


def readable(table: str, row: tuple) -> bool:
    """A setting that is text, a starting state that is JSON: the rest are left behind."""
    if table == "meta":
        return isinstance(row[1], str)
    if table == "starting_states":
        try:
            return isinstance(row[2], str) and isinstance(loads(row[2]), dict)
        except BadJson:
            return False
    return True
