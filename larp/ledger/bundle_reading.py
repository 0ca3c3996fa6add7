"""Reading a bundle a line at a time (larp.ledger.bundle says what a bundle holds).

`read_bundle` checks the whole file (its header, every entry line by its kind, its count,
checksum and signatures) and keeps of each entry what the record files it by and the SHA-256 of
its line, never the line itself; `Bundle` lines are read again by `each_line` when they are
merged, and that second reading must give the same checksum, or the merge is refused whole.
Memory holds the entries' ids and signatures, not their lines, however long the night. A line
the record already holds, byte for byte (`filed_lines`), was checked when it was filed: it is
known by its SHA-256 and not checked again, so a bundle merged twice costs its reading only.
"""

import hashlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from larp.ledger.bulk import bulk
from larp.ledger.bundle import Bundle, Bundled, Header, bundled, parse_header, parse_line, refused
from larp.ledger.errors import LedgerError
from larp.ledger.store import Ledger
from larp.sheet.regular import open_regular
from larp.sheet.strict_json import TooLong, bounded_lines
from larp.words import counted


Filed = Callable[[Header], dict[bytes, Bundled]]
"""The lines a record holds of a bundle's station and night, by their SHA-256."""


def read_bundle(path: Path, filed: Filed | None = None) -> Bundle:
    where = str(path)
    with opened(where) as lines:
        header, entries, checksum, last, digest = first_reading(where, lines, filed)
    for what, values in (("id", [e.id for e in entries]), ("number", [e.seq for e in entries])):
        if len(set(values)) != len(values):
            raise refused(where, f"is corrupt: two of its entries have the same {what}")
    if len(entries) != header.entries:
        raise refused(where, f"is truncated: it holds {len(entries)} of its {counted(header.entries, 'entry')}")
    if checksum["checksum"] != digest:
        raise refused(where, "is corrupt: its checksum does not match its content (a line was changed)")
    signatures = checksum["signatures"]
    if not isinstance(signatures, list) or len(signatures) != len(entries) or not all(isinstance(s, str) for s in signatures):
        raise refused(where, f"is corrupt: line {last} does not hold one signature for each entry")
    seal = checksum.get("seal")
    if seal is not None and not isinstance(seal, str):
        raise refused(where, f"is corrupt: line {last}: its seal is not a signature")
    return Bundle(where, header.chronicle, header.night, header.station, header.key, tuple(entries), tuple(signatures), seal, checksum["checksum"])


def first_reading(where: str, lines: Iterator[bytes], filed: Filed | None = None) -> tuple[Header, list[Bundled], dict[str, Any], int, str]:
    """The header, each entry (its line left out), the last line's checksum and signatures, the
    last line's number, and the SHA-256 of all before it."""
    first = next(lines, b"")
    header = parse_header(where, first.rstrip(b"\n"))
    known = filed(header) if filed is not None else {}
    body = hashlib.sha256(first if first.endswith(b"\n") else first + b"\n")
    entries: list[Bundled] = []
    pending, number = first, 1
    with bulk():
        for line in lines:
            if number > 1:
                text = pending[:-1]
                digest = hashlib.sha256(text).digest()
                entries.append(known.get(digest) or bundled(where, number, text, header, digest))
                body.update(pending)
            pending, number = line, number + 1
    if not pending.endswith(b"\n"):
        raise refused(where, f"is truncated: its last line (line {number}) is cut short")
    checksum = parse_line(where, number, pending[:-1]) if number > 1 else {}
    if set(checksum) - {"seal"} != {"signatures", "checksum"}:
        found = max(len(entries) + (number > 1) - 1, 0)
        raise refused(where, f"is truncated: it ends at line {number} without its checksum ({found} of {counted(header.entries, 'entry')})")
    return header, entries, checksum, number, "sha256:" + body.hexdigest()


def filed_lines(ledger: Ledger, header: Header) -> dict[bytes, Bundled]:
    """The lines the record holds of the header's station and night, by their SHA-256."""
    with ledger.failures("read"):
        rows = ledger.db.execute(
            "SELECT e.id, e.station, e.station_seq, e.kind, e.reverses, e.line FROM entries e JOIN nights n ON n.id = e.night "
            "WHERE n.chronicle = ? AND n.number = ? AND e.station = ?",
            (header.chronicle, header.night, header.station),
        )
        known = {}
        for entry_id, station, seq, kind, reverses, line in rows:
            if isinstance(line, str):
                digest = hashlib.sha256(line.encode("utf-8")).digest()
                known[digest] = Bundled(entry_id, station, seq, kind, reverses, "", digest)
        return known


def each_line(bundle: Bundle) -> Iterator[tuple[int, Bundled, str]]:
    """The bundle read again, for the merge: each entry (its line now kept) with its line number
    and signature; refused (LedgerError) if the file is not what `read_bundle` read."""
    where = bundle.where
    with opened(where) as lines:
        first = next(lines, b"")
        body = hashlib.sha256(first)
        for index, (line, expected) in enumerate(zip(lines, bundle.entries)):
            body.update(line)
            if hashlib.sha256(line[:-1]).digest() != expected.digest:
                break  # refused below: the checksum can't match
            yield index + 2, expected._replace(line=line[:-1].decode("utf-8")), bundle.signatures[index]
    if "sha256:" + body.hexdigest() != bundle.checksum:
        raise refused(where, "changed while it was being merged (read again, it is not the bundle that was checked)")


class opened:
    """The file's lines, bounded (a line past its limit, or a file past its size, is refused)."""

    def __init__(self, where: str) -> None:
        self.where = where

    def __enter__(self) -> Iterator[bytes]:
        try:
            self.stream = open_regular(self.where)
        except OSError as error:
            raise LedgerError(f"{self.where} can't be read ({error.strerror or error})") from None
        return self._lines()

    def _lines(self) -> Iterator[bytes]:
        try:
            yield from bounded_lines(self.stream)
        except OSError as error:
            raise LedgerError(f"{self.where} can't be read ({error.strerror or error})") from None
        except TooLong as error:
            raise refused(self.where, f"is too large to be a bundle ({error})") from None

    def __exit__(self, *exc_info) -> None:
        self.stream.close()
