"""Reading JSON that larp did not just write itself (transcripts, bundles, the record's rows):
strictly, and in bounded memory.

Refused, with the line: text that is not JSON, a key given twice in one object (each reader
could take either value), `NaN` and `Infinity` (not JSON), a number too large to be a number
of the game (a whole number beyond 64 bits, a fraction beyond a double's range), and nesting
deeper than Python can follow.
"""

import json
import math
import re
from pathlib import Path
from typing import Any, BinaryIO, Iterator

from larp.sheet.regular import open_regular

LARGEST_WHOLE = 2**63 - 1
"""The largest whole number any of larp's files holds (SQLite's too)."""
LONGEST_LINE = 16 * 2**20
"""The longest line of a bundle or a record larp reads: a night's opening entry with every
sheet of a large chronicle takes a few megabytes."""
LARGEST_FILE = 256 * 2**20
"""The most larp reads of one file before refusing it (a stream without end, /dev/zero)."""


class BadJson(ValueError):
    """JSON refused: `line` where (from 1, None when unknown), `what` is wrong."""

    def __init__(self, line: int | None, what: str, path: tuple = ()) -> None:
        self.line = line
        self.what = what
        self.path = path
        """Where in the document, for a key given twice: `('events', 3)`."""
        super().__init__(f"line {line}: {what}" if line else what)


class _Refused(ValueError):
    """Raised from a parsing hook: the literal refused and why (placed in the text afterwards)."""

    def __init__(self, literal: str, what: str) -> None:
        self.literal = literal
        self.what = what


class _Twice(dict):
    """An object that gave a key twice: marked while parsing, found and named afterwards."""

    key = ""


def _whole(literal: str) -> int:
    if len(literal) > 20:
        raise _Refused(literal, f"the number {literal[:12]}… is too large")
    value = int(literal)
    if abs(value) > LARGEST_WHOLE:
        raise _Refused(literal, f"the number {literal} is too large (at most {LARGEST_WHOLE})")
    return value


def _fraction(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        raise _Refused(literal, f"the number {literal[:24]} is too large")
    return value


def _constant(literal: str) -> Any:
    raise _Refused(literal, f"{literal} is not a number JSON knows")


_KEPT = json.JSONDecoder(parse_constant=_constant)


def _line_of(text: str, position: int) -> int:
    return text.count("\n", 0, max(position, 0)) + 1


def loads_kept(text: str) -> Any:
    """A line larp wrote and kept (a record's row), read nearly as fast as `json.loads` reads:
    only what damage makes of a line is refused (not JSON, `NaN`); a key given twice or a huge
    number, which only a hand makes, is not looked for (`loads` would take twice as long)."""
    try:
        return _KEPT.decode(text)
    except json.JSONDecodeError as error:
        raise BadJson(error.lineno, f"is not valid JSON: {error.msg} (column {error.colno})") from None
    except _Refused as refused:
        raise BadJson(1, refused.what) from None
    except RecursionError:
        raise BadJson(None, "is not valid JSON: nested too deeply") from None


def _once(pairs: list[tuple[str, Any]]) -> dict:
    found = dict(pairs)
    if len(found) != len(pairs):
        raise _Refused("", "a key given twice")
    return found


_AT = json.JSONDecoder(object_pairs_hook=_once, parse_int=_whole, parse_float=_fraction, parse_constant=_constant)
SPACE = re.compile(r"[ \t\n\r]*")
"""JSON's white space."""


def decode_at(text: str, start: int) -> tuple[Any, int]:
    """The JSON value at `start` in `text` (white space before it skipped) and where it ends,
    read as strictly as `loads` reads a whole text: a ValueError (or RecursionError) for all that
    `loads` refuses, which the caller then asks `loads` to name, with its line."""
    return _AT.raw_decode(text, SPACE.match(text, start).end())


def loads(text: str | bytes) -> Any:
    """JSON text as Python values, strictly; a BadJson naming the line otherwise."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise BadJson(_line_of(bytes(text).decode("utf-8", "replace"), error.start), f"is not UTF-8 text (byte {error.start})") from None
    twice: list[_Twice] = []

    def made(pairs: list[tuple[str, Any]]) -> dict:
        found = dict(pairs)
        if len(found) == len(pairs):
            return found
        marked = _Twice(found)
        keys = [key for key, _ in pairs]
        marked.key = next(key for index, key in enumerate(keys) if key in keys[:index])
        twice.append(marked)
        return marked

    try:
        data = json.loads(
            text, object_pairs_hook=made, parse_int=_whole, parse_float=_fraction, parse_constant=_constant
        )
    except json.JSONDecodeError as error:
        raise BadJson(error.lineno, f"is not valid JSON: {error.msg} (column {error.colno})") from None
    except _Refused as refused:
        raise BadJson(_line_of(text, text.find(refused.literal)), refused.what) from None
    except RecursionError:
        raise BadJson(None, "is not valid JSON: nested too deeply") from None
    if twice:
        path, key = twice_in(data, ())
        raise BadJson(_line_of(text, text.find(json.dumps(key))), f"the key {key!r} is given twice in one object", path)
    return data


def twice_in(value: Any, path: tuple) -> tuple[tuple, str] | None:
    """The place of the first object that gave a key twice, and the key."""
    if isinstance(value, _Twice):
        return path, value.key
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in children:
        if isinstance(child, (dict, list)):
            found = twice_in(child, path + (key,))
            if found is not None:
                return found
    return None


class TooLong(ValueError):
    """A file or a line beyond what larp reads."""


def sized(limit: int) -> str:
    """A limit in bytes as a message names it: `16 MB`, `64 KB`, `1000 bytes`."""
    for unit, name in ((2**20, "MB"), (2**10, "KB")):
        if limit >= unit and limit % unit == 0:
            return f"{limit // unit} {name}"
    return f"{limit} bytes"


def read_bounded(path: Path | str | BinaryIO, limit: int | None = None) -> bytes:
    """The bytes of a file (or a stream), refused (TooLong) past `limit` (LARGEST_FILE unless
    given) without reading on (/dev/zero ends)."""
    limit = LARGEST_FILE if limit is None else limit
    if isinstance(path, (str, Path)):
        with open_regular(path) as stream:
            data = stream.read(limit + 1)
    else:
        data = path.read(limit + 1)
    if len(data) > limit:
        raise TooLong(f"larger than {sized(limit)}")
    return data


def bounded_lines(stream: BinaryIO) -> Iterator[bytes]:
    """The lines of a stream, newline kept; TooLong for a line past LONGEST_LINE or a stream
    past LARGEST_FILE."""
    longest, limit = LONGEST_LINE, LARGEST_FILE
    total = 0
    number = 0
    while line := stream.readline(longest + 1):
        number += 1
        total += len(line)
        if len(line) > longest:
            raise TooLong(f"line {number} is longer than {sized(longest)}")
        if total > limit:
            raise TooLong(f"larger than {sized(limit)}")
        yield line
