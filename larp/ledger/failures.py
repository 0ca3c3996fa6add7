"""What goes wrong with a record's file, told for a Narrator."""

import os
import sqlite3
from pathlib import Path

from larp.ledger.errors import LedgerError


def is_read_only(path: Path) -> bool:
    """No write permission on the file (mode bits, so that it holds for root as well)."""
    return not os.access(path, os.W_OK) or not path.stat().st_mode & 0o222


def read_only_options(path: Path) -> str:
    """How sqlite opens a record it may not write. In a folder it may not write either (a
    locked stick, a read-only share), sqlite can't make the files it reads a record's journal
    through: a record closed whole has no journal left to read, and is read as it lies."""
    closed_whole = not Path(f"{path}-wal").exists()
    return "?mode=ro&immutable=1" if closed_whole and not os.access(path.parent, os.W_OK) else "?mode=ro"


def make_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise LedgerError(f"the folder {folder} can't be made ({error.strerror or error})") from None


def explain(error: sqlite3.Error, where: str, doing: str) -> str:
    """What went wrong, for a Narrator: the file, the cause, and that nothing recorded is lost."""
    name = getattr(error, "sqlite_errorname", "")
    kept = "everything recorded before is kept"
    if name.startswith("SQLITE_READONLY"):
        return f"{where} is read-only: could not {doing}, nothing of it was written; {kept}. Give a writable --db"
    if name == "SQLITE_FULL":
        return f"the disk holding {where} is full: could not {doing}, nothing of it was written; {kept}. Free some space"
    if name.startswith("SQLITE_BUSY") or name.startswith("SQLITE_LOCKED"):
        return f"{where} is busy (another larp is writing it): could not {doing}; try again"
    if name == "SQLITE_NOTADB" or "not a database" in str(error):
        return f"{where} is not a larp night record (or it is damaged): could not {doing}"
    return f"{where}: could not {doing} ({error}); {kept}"


def born_private(path: Path) -> None:
    """A new record readable by its owner only from the moment it exists (it holds the sheets'
    private notes, and once joined the hub's password): SQLite gives its journal the same mode."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except FileExistsError:
        pass
    except OSError as error:
        raise LedgerError(f"{path} can't be opened ({error.strerror or error})") from None
