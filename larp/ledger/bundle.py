"""A station's night as one file, to carry to another station (`larp export`, `larp merge`).

JSON Lines, UTF-8:
- line 1, the header: `{"bundle": "larp-night", "version": 3, "chronicle": ID,
  "night": N, "station": NAME, "key": PUBLIC KEY, "entries": COUNT, "exported": ISO TIME}`;
- one line per entry (`Entry.to_json()`), in the station's order;
- last line: `{"signatures": [...], "checksum": "sha256:HEX", "seal": SIGNATURE}`: each
  entry's signature by its station, in the order of the lines; the SHA-256 of every byte before
  that line (which finds a damaged or cut file); and, when the station exports its own entries,
  its signature over the checksum and the signatures (larp.ledger.signing.seal): the signatures
  find a forged bundle, checked when it is merged (larp.ledger.merge), the seal in one check.

Bundles of version 1 (before entries were signed) are refused: the station exports again. Version
2 (whole sheets between games, larp.ledger.operations) reads as it is.

A bundle is taken whole or refused whole: not a bundle, an unknown format
version, truncated, or corrupt (a line that is not what it should be, or a
checksum that does not match) is a LedgerError saying which. It is read a line
at a time (larp.ledger.bundle_reading), in memory that does not hold its lines.
"""

import hashlib
import json
import os
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Callable, Iterable, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from larp.ledger.entry import Kind
from larp.ledger.errors import LedgerError
from larp.sheet.strict_json import LARGEST_WHOLE, BadJson, loads

FORMAT = "larp-night"
NIGHTS = 100_000
"""The most nights a chronicle is thought to run (a game a night for two and a half centuries)."""
VERSION = 3
READS = (2, 3)
"""Version 3 carries the season's operations between games; a bundle of version 2 reads as it is."""


class Bundled(NamedTuple):
    """An entry as a bundle brings it: what the record files it by, and its line of JSON (as
    the bundle is read again to merge it; the first reading keeps the line's SHA-256 only)."""

    id: str
    station: str
    seq: int
    kind: str
    reverses: str | None
    line: str
    digest: bytes

    @property
    def short_id(self) -> str:
        return self.id[:8]


@dataclass(frozen=True, slots=True)
class Bundle:
    where: str
    chronicle: str
    night: int
    station: str
    key: str
    """The public key of the station, as the bundle says (trusted only as larp.ledger.merge says)."""
    entries: tuple[Bundled, ...]
    """Each entry's place in the record and its line's digest, its line left out (larp.ledger.bundle_reading)."""
    signatures: tuple[str, ...]
    seal: str | None
    """The station's signature over the checksum and the signatures (None: check each entry's)."""
    checksum: str


class Header(BaseModel):
    model_config = ConfigDict(extra="forbid")
    bundle: str
    version: int
    chronicle: str = Field(min_length=1)
    night: int = Field(ge=1, le=NIGHTS)
    station: str = Field(min_length=1)
    key: str = Field(min_length=1)
    entries: int = Field(ge=0, le=LARGEST_WHOLE)
    exported: str


def write_bundle(
    path: Path, chronicle: str, night: int, station: str, key: str, signed: Iterable[tuple[str, str]], exported: str,
    seal: Callable[[str, list[str]], str] | None = None, count: int | None = None,
) -> None:
    """Write the bundle (the entries' lines as the record keeps them, each with its signature)
    next to its place, then move it there: never half a bundle. The lines are written and
    hashed as they come, so that memory holds their signatures only; `count` says how many
    there are (else `signed` is read whole first)."""
    if count is None:
        signed = list(signed)
        count = len(signed)
    path = Path(path)
    partial = path.with_name(path.name + ".partial")
    try:
        with open(partial, "wb") as out:
            written = Hashed(out)
            header = {"bundle": FORMAT, "version": VERSION, "chronicle": chronicle, "night": night, "station": station,
                      "key": key, "entries": count, "exported": exported}
            written.line(json.dumps(header, separators=(",", ":")))
            signatures = []
            for line, signature in signed:
                written.line(line)
                signatures.append(signature)
            if len(signatures) != count:
                raise LedgerError(f"the record changed while the bundle was written ({count} entries counted, {len(signatures)} read)")
            trailer: dict[str, Any] = {"signatures": signatures, "checksum": "sha256:" + written.sha256.hexdigest()}
            if seal is not None:
                trailer["seal"] = seal(trailer["checksum"], signatures)
            out.write((json.dumps(trailer, separators=(",", ":")) + "\n").encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        os.replace(partial, path)
    except OSError as error:
        let_go(partial)  # a retry must not find the disk filling with halves
        raise LedgerError(f"the bundle can't be written to {path} ({error.strerror or error})") from None
    except BaseException:
        let_go(partial)
        raise


def let_go(partial: Path) -> None:
    """A half-written bundle removed, where it could be made at all."""
    with suppress(OSError):
        partial.unlink(missing_ok=True)


class Hashed:
    """A bundle's lines written to `out` and hashed as they go (the checksum covers the header
    and the entries' lines)."""

    def __init__(self, out: BinaryIO) -> None:
        self.out = out
        self.sha256 = hashlib.sha256()

    def line(self, text: str) -> None:
        data = (text + "\n").encode("utf-8")
        self.sha256.update(data)
        self.out.write(data)


def refused(where: str, what: str) -> LedgerError:
    return LedgerError(f"{where} {what}: the bundle is refused, nothing of it was imported")


def parse_line(where: str, number: int, line: bytes) -> dict[str, Any]:
    try:
        data = loads(line)
    except BadJson as error:
        raise refused(where, f"is corrupt: line {number} is not a JSON object as larp writes one ({error.what})") from None
    if not isinstance(data, dict):
        raise refused(where, f"is corrupt: line {number} is not a JSON object")
    return data


def parse_header(where: str, line: bytes) -> Header:
    try:
        data = loads(line)
    except BadJson as error:
        if b'"bundle"' in line:
            raise refused(where, f"is corrupt: line 1, the header: {error.what}") from None
        data = None
    if not isinstance(data, dict) or data.get("bundle") != FORMAT:
        raise refused(where, "is not a larp night bundle (its first line is not a bundle header)")
    if data.get("version") == 1:
        raise refused(
            where, f"was written by an older larp, which did not sign entries: ask the Narrator of station "
            f"{data.get('station')!r} to export it again (larp export), with this larp"
        )
    if data.get("version") not in READS:
        raise refused(
            where, f"is a night bundle of format version {data.get('version')!r}, which this larp does not know (it reads versions 2 and 3): update larp on this station"
        )
    try:
        return Header.model_validate(data)
    except ValidationError as error:
        raise refused(where, f"is corrupt: line 1, the header: {problem(error)}") from None


def bundled(where: str, number: int, line: bytes, header: Header, digest: bytes) -> Bundled:
    """An entry line, checked whole and its payload by its kind (in one pass over the JSON): what
    the record files it by and its line's digest, `digest` (its text is read again when it is merged)."""
    from larp.ledger.payloads import ENTRY_LINE  # the checks of every kind: built only when a bundle is read

    try:
        entry = ENTRY_LINE.validate_python(parse_line(where, number, line))
    except ValidationError as error:
        if error.errors()[0]["type"] == "model_attributes_type":
            raise refused(where, f"is corrupt: line {number} is not a JSON object") from None
        raise refused(where, f"is corrupt: line {number}: {problem(error)}") from None
    if (entry.kind == Kind.REVERSAL) != (entry.reverses is not None):
        raise refused(where, f"is corrupt: line {number}: only a reversal names an entry it reverses, and it must")
    if entry.station != header.station:
        raise refused(where, f"is corrupt: line {number} is an entry of station {entry.station!r} in a bundle of {header.station!r}")
    return Bundled(entry.id, entry.station, entry.seq, entry.kind, entry.reverses, "", digest)


def problem(error: ValidationError) -> str:
    detail = error.errors(include_url=False)[0]
    place = ".".join(str(part) for part in detail["loc"])
    return f"{place}: {detail['msg']}" if place else detail["msg"]
