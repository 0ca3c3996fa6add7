"""The night's fold kept in the record, so that a command folds only the entries after it.

Opening a night folds every entry of it: on a night of 20,000 entries that was most of what
`larp record`, `larp roll` or `larp close-night` cost, and it grew with the night. A desk that
wrote to the night keeps its fold in the record when it closes (the table `folds`, a row a
night): the fold as of the record's entry number `upto`, pickled, compressed, and
sealed with HMAC-SHA-256 under a key of this user's own (`fold.key` in the larp data folder,
owner-only, never in the record). The next desk opens from it and folds what came after.

A kept fold is used only if all of these hold, else the night is folded from its entries as
always, and nothing is said (it is a cache; the entries are the record):
- its seal is this user's, made over the night, the numbers and the state: a record from
  another machine or account, or a row written by anything but this code, is never unpickled;
- it was made by this very code (`stamp`: larp's modules that fold, their sizes and times);
- the night still holds as many entries up to `upto` as were folded (entries are never deleted);
- nothing that arrived since sorts before its last entry, or reverses one (`LiveFold.resumed`).

The fold kept holds what each entry did to each character, as the night's account shows it,
and the digest of the lines it folded: `larp reconcile` makes the account from it
(larp.ledger.kept_account) once the record's lines still give that digest.

A command resumed from a kept fold does not read the entries before it again: one damaged since
(by hand, as the record refuses to change an entry) is found by what reads the whole night
(`larp log`, `reconcile`, `export`, `doctor`, the station), and the record is then read-only.
"""

import functools
import hashlib
import hmac
import os
import pickle
import secrets
import sqlite3
import sys
import zlib
from pathlib import Path
from typing import Iterable, NamedTuple

import pydantic

import larp
from larp.home import data_dir
from larp.ledger.fold import LiveFold, packed, unpacked
from larp.ledger.projection import Tonight
from larp.ledger.night_reading import MERGED_ORDER
from larp.ledger.store import NightRow

KEY_FILE = "fold.key"
KEEP_EVERY = 256
"""A desk keeps its fold again once it folded this many entries more than the kept one."""
WAIT_MS = 200
"""How long keeping the fold waits for another station's write: never as long as an entry would."""
FOLDING_CODE = ("ledger", "rules", "sheet")


class KeptFold(NamedTuple):
    upto: int
    """The record's number of the night's last entry folded: the fold holds all those up to it."""
    fold: LiveFold
    """The fold resumed from the one kept (`LiveFold.resumed`)."""
    lines: bytes
    """The SHA-256 of the lines it folded (`lines_digest`): what the night's account, made from
    the fold's parts, checks the record's lines against before it trusts them."""


@functools.cache
def stamp() -> str:
    """The code that folds: its version, the interpreter's and pydantic's, and every module of
    larp that folds a night, by name, size and time (an edited module is another code)."""
    digest = hashlib.sha256(f"{larp.__version__} {sys.version} {pydantic.VERSION}".encode())
    root = Path(larp.__file__).parent
    for package in FOLDING_CODE:
        for entry in sorted(os.scandir(root / package), key=lambda found: found.name):
            if entry.name.endswith(".py"):
                found = entry.stat()
                digest.update(f"{package}/{entry.name} {found.st_size} {found.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def user_key(make: bool) -> bytes | None:
    """This user's key for sealing kept folds: made when first wanted (`make`), owner-only."""
    path = data_dir() / KEY_FILE
    try:
        return path.read_bytes()
    except FileNotFoundError:
        if not make:
            return None
    except OSError:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        made = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return user_key(make=False)  # another process made it a moment ago
    except OSError:
        return None
    with os.fdopen(made, "wb") as out:
        out.write(secrets.token_bytes(32))
    return path.read_bytes()


def _sealed(key: bytes, night: NightRow, upto: int, count: int, code: str, state: bytes, folded: bytes) -> bytes:
    said = f"{night.id} {night.chronicle} {night.number} {upto} {count} {code}\n".encode()
    return hmac.new(key, said + folded + state, hashlib.sha256).digest()


def _folded(db: sqlite3.Connection, night: NightRow, upto: int) -> bytes:
    """What the fold folded, bound into its seal: a digest of the ids of the night's entries up to
    it, in the record's order (a fold copied from any other record never matches)."""
    ids = db.execute("SELECT id FROM entries WHERE night = ? AND seq <= ? ORDER BY seq", (night.id, upto)).fetchall()
    return hashlib.sha256("".join(f"{entry_id}\n" for (entry_id,) in ids).encode()).digest()


def lines_digest(lines: Iterable[str]) -> bytes:
    """The SHA-256 of lines, in the order given."""
    digest = hashlib.sha256()
    for line in lines:
        digest.update(hashlib.sha256(line.encode("utf-8", "surrogatepass")).digest())
    return digest.digest()


def folded_lines(db: sqlite3.Connection, night: NightRow, upto: int) -> bytes:
    """`lines_digest` of the night's lines up to the record's number `upto`, in the merged order."""
    rows = db.execute(f"SELECT line FROM entries WHERE night = ? AND seq <= ?{MERGED_ORDER}", (night.id, upto))
    return lines_digest(line if isinstance(line, str) else repr(line) for (line,) in rows)


def _pickled(fold: LiveFold, lines: bytes) -> bytes:
    return packed((fold.kept_state(), lines))


def kept(db: sqlite3.Connection, night: NightRow) -> KeptFold | None:
    """The night's kept fold, if it may be trusted and is still the night's up to its number."""
    key = user_key(make=False)
    if key is None:
        return None
    try:
        row = db.execute("SELECT upto, count, stamp, seal, state FROM folds WHERE night = ?", (night.id,)).fetchone()
        if row is None:
            return None
        upto, count, code, seal, state = row
        if code != stamp() or not hmac.compare_digest(_sealed(key, night, upto, count, code, state, _folded(db, night, upto)), seal):
            return None
        held = db.execute("SELECT count(*) FROM entries WHERE night = ? AND seq <= ?", (night.id, upto)).fetchone()[0]
        if held != count:
            return None
        (tonight, told, written, parts), lines = unpacked(state)
    except (sqlite3.Error, OSError, zlib.error, pickle.UnpicklingError, AttributeError, ImportError, EOFError, TypeError, ValueError, KeyError, IndexError, RecursionError):
        return None  # a cache that can't be read is no cache: the night is folded from its entries
    if not isinstance(tonight, Tonight) or not isinstance(parts, bytes):
        return None
    return KeptFold(upto, LiveFold.resumed((tonight, told, written, parts), count), lines)


def keep(db: sqlite3.Connection, night: NightRow, fold: LiveFold) -> bool:
    """Keep the fold in the record, in a transaction of its own, if the record holds just the
    entries it folded (none arrived meanwhile), in place of any other night's; whether it was kept
    (not when this user has no key folder, or another station holds the record a moment: it is a
    cache)."""
    key = user_key(make=True)
    if key is None:
        return False
    count = fold.count
    try:
        upto, held = db.execute("SELECT COALESCE(MAX(seq), 0), count(*) FROM entries WHERE night = ?", (night.id,)).fetchone()
        if held != count:
            return False
        state = _pickled(fold, folded_lines(db, night, upto))
        code = stamp()
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError, OSError, sqlite3.Error):
        return False
    try:
        waited = db.execute("PRAGMA busy_timeout").fetchone()[0]
        db.execute(f"PRAGMA busy_timeout = {WAIT_MS}")
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                still = db.execute("SELECT COALESCE(MAX(seq), 0), count(*) FROM entries WHERE night = ?", (night.id,)).fetchone() == (upto, held)
                if still:  # none arrived since the lines were read
                    db.execute(
                        "INSERT OR REPLACE INTO folds (night, upto, count, stamp, seal, state) VALUES (?, ?, ?, ?, ?, ?)",
                        (night.id, upto, count, code, _sealed(key, night, upto, count, code, state, _folded(db, night, upto)), state),
                    )
                    db.execute("DELETE FROM folds WHERE night != ?", (night.id,))  # the nights before: archived
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        finally:
            db.execute(f"PRAGMA busy_timeout = {int(waited)}")
    except sqlite3.Error:
        return False
    return still


def kept_count(db: sqlite3.Connection, night: NightRow) -> int:
    """How many entries the night's kept fold holds (0 for none)."""
    try:
        row = db.execute("SELECT count FROM folds WHERE night = ?", (night.id,)).fetchone()
    except sqlite3.Error:
        return 0
    return row[0] if row else 0
