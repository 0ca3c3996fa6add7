"""Finding the line of a TOML document that holds a given key path.

tomllib gives values without positions; a validation error names a key path
(`traits.physical.Tough`). This scans the text for table headers and keys and
answers the line of the longest prefix of that path it finds. The tables of an array
(`[[lists.Disciplines]]`) are counted, so that `lists.Disciplines[2].rating` is found on the
third of them.
"""

import re
from typing import Any

_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"""^\s*((?:"[^"]*"|'[^']*'|[A-Za-z0-9_-]+)(?:\s*\.\s*(?:"[^"]*"|'[^']*'|[A-Za-z0-9_-]+))*)\s*=""")
_PART = re.compile(r"""\s*("([^"]*)"|'([^']*)'|[A-Za-z0-9_-]+)\s*""")


def _parts(dotted: str) -> tuple[str, ...]:
    parts = []
    for match in _PART.finditer(dotted):
        quoted = match.group(2) if match.group(2) is not None else match.group(3)
        parts.append(quoted if quoted is not None else match.group(1).strip())
    return tuple(parts)


def key_lines(text: str) -> dict[tuple[str, ...], int]:
    """Every table and key path of the document with the line (1-based) it starts on."""
    lines: dict[tuple[str, ...], int] = {}
    tables: list[tuple[str, ...]] = [()]
    arrays: dict[tuple[str, ...], int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header:
            table = _parts(header.group(1))
            tables = [table]
            if line.lstrip().startswith("[["):
                arrays[table] = arrays.get(table, -1) + 1
                tables.append(table + (str(arrays[table]),))
            for each in tables:
                lines.setdefault(each, number)
            continue
        key = _KEY.match(line)
        if key:
            for each in tables:
                lines.setdefault(each + _parts(key.group(1)), number)
    return lines


def line_of(text: str | None, loc: tuple[Any, ...]) -> int | None:
    """The line of the longest prefix of `loc` found in the document, if any."""
    if text is None:
        return None
    known = key_lines(text)
    indexed = tuple(str(part) for part in loc)
    path = tuple(str(part) for part in loc if not isinstance(part, int))
    for each in (indexed, path):
        for end in range(len(each), 0, -1):
            if each[:end] in known:
                return known[each[:end]]
    return None
