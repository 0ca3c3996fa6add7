"""The TOML larp writes (`toml_writing`), read at once: a chronicle of a thousand imported
sheets is a hundred thousand `key = value` lines, which `tomllib`, pure Python and general,
reads at a few microseconds each.

`loads` reads only the plain shapes larp writes: comment and blank lines, `[table]` and
`[[table]]` headers of bare or quoted keys joined by dots, and `key = value` lines whose value
is an integer, a float, true or false, a basic string, a multi-line literal string opened
alone at the end of its line, `{}`, or an array of such scalars (on one line or one item a
line). On anything else (another shape, or a key or table given twice), it answers None and
the file is read by `tomllib`, which says what is wrong with it: so whatever this reads,
`tomllib` reads the same.
"""

import json
import re
from functools import lru_cache
from typing import Any

_STRING_TEXT = r'"(?:[^"\\\x00-\x08\x0a-\x1f\x7f]|\\[btnfr"\\]|\\u(?![dD][89abAB])[0-9a-fA-F]{4})*"'
_STRING = re.compile(_STRING_TEXT)
"""A basic string whose escapes JSON reads as TOML does (no `\\U`, no surrogate)."""
_PLAIN_LINE = re.compile(r'(?:([A-Za-z0-9_-]+)|(%s)) = (?:(-?(?:0|[1-9][0-9]*))|(%s))' % (_STRING_TEXT, _STRING_TEXT))
"""The commonest line, `Brawl = 4` or `name = "Contacts"`, read with one match."""
_DECODER = json.JSONDecoder(strict=False)
_BARE = re.compile(r"[A-Za-z0-9_-]+")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?|true|false")
_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f]")
"""What a comment can't hold (a multi-line literal may hold its line feeds)."""
_LITERAL_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f]")


class _Other(Exception):
    """Not a shape larp writes: `tomllib` reads the file."""


def loads(text: str) -> dict[str, Any] | None:
    """The document's tables, as `tomllib.loads` gives them; None when it is not in larp's shapes."""
    try:
        return _Document(text.replace("\r\n", "\n")).read()
    except _Other:
        return None


class _Document:
    def __init__(self, text: str) -> None:
        self.lines = text.split("\n")
        self.root: dict[str, Any] = {}
        self.tables = {id(self.root)}
        """The tables made by headers (and those their dotted names made): a table written
        `{}`, an array written in full, are never opened again."""
        self.arrays: set[int] = set()
        """The arrays of tables made by `[[…]]` headers."""
        self.held: list[Any] = []
        """Every table and array made, so that no id above is used again while reading."""

    def read(self) -> dict[str, Any]:
        table = self.root
        lines = self.lines
        at = 0
        while at < len(lines):
            line = lines[at]
            at += 1
            if not line:
                continue
            first = line[:1]
            if not line.strip(" \t"):
                continue
            if first == "#":
                if _CONTROL.search(line):
                    raise _Other
                continue
            if first == "[":
                table = self._header(line)
                continue
            plain = _PLAIN_LINE.fullmatch(line)
            if plain is not None:
                bare, quoted, number, text = plain.groups()
                key = bare if bare is not None else _text(quoted)
                if key in table:
                    raise _Other
                table[key] = int(number) if number is not None else _text(text)
                continue
            key, end = _key(line, 0)
            if line[end:end + 3] != " = " or key in table:
                raise _Other
            value = line[end + 3:]
            if value == "'''":
                table[key], at = self._literal(at)
            elif value == "[":
                table[key], at = self._array(at)
            else:
                table[key] = _value(value)
        return self.root

    def _header(self, line: str) -> dict[str, Any]:
        many, parts = _header_parts(line)
        table = self.root
        for part in parts[:-1]:
            if part not in table:
                table[part] = self._table()
            table = self._into(table[part])
        last = parts[-1]
        if many:
            if last not in table:
                array: list[Any] = []
                self.held.append(array)
                self.arrays.add(id(array))
                table[last] = array
            array = table[last]
            if not isinstance(array, list) or id(array) not in self.arrays:
                raise _Other
            made = self._table()
            array.append(made)
            return made
        if last in table:
            raise _Other
        made = table[last] = self._table()
        return made

    def _table(self) -> dict[str, Any]:
        made: dict[str, Any] = {}
        self.held.append(made)
        self.tables.add(id(made))
        return made

    def _into(self, value: Any) -> dict[str, Any]:
        if isinstance(value, list) and id(value) in self.arrays:
            value = value[-1]
        if not isinstance(value, dict) or id(value) not in self.tables:
            raise _Other
        return value

    def _literal(self, at: int) -> tuple[str, int]:
        """A multi-line literal string opened alone at the end of the line before `at`: its
        text up to the `'''` that ends a line."""
        lines = self.lines
        start = at
        while at < len(lines):
            line = lines[at]
            close = line.find("'''")
            if close >= 0:
                if close != len(line) - 3:
                    raise _Other
                text = "\n".join([*lines[start:at], line[:close]])
                if _LITERAL_CONTROL.search(text):
                    raise _Other
                return text, at + 1
            at += 1
        raise _Other

    def _array(self, at: int) -> tuple[list[Any], int]:
        """An array opened alone at the end of the line before `at`: an item a line (four
        spaces, the item, a comma), then `]` alone."""
        lines = self.lines
        items = []
        while at < len(lines):
            line = lines[at]
            at += 1
            if line == "]":
                return items, at
            if not (line.startswith("    ") and line.endswith(",")):
                raise _Other
            item, end = _scalar(line, 4)
            if end != len(line) - 1:
                raise _Other
            items.append(item)
        raise _Other


@lru_cache(maxsize=1024)
def _header_parts(line: str) -> tuple[bool, tuple[str, ...]]:
    """A header line's keys, and whether it opens a table of an array (`[[…]]`); the same
    headers (`[[lists.Backgrounds]]`) come on every sheet, so each is read once."""
    many = line.startswith("[[")
    if not line.endswith("]]" if many else "]"):
        raise _Other
    inner = line[2:-2] if many else line[1:-1]
    parts = []
    at = 0
    while True:
        key, at = _key(inner, at)
        parts.append(key)
        if at == len(inner):
            return many, tuple(parts)
        if inner[at] != ".":
            raise _Other
        at += 1


def _text(quoted: str) -> str:
    """A basic string's text (`_STRING` matched it)."""
    return quoted[1:-1] if "\\" not in quoted else _DECODER.decode(quoted)


def _quoted(line: str, at: int) -> tuple[str, int]:
    """The basic string at `at` (its opening quote), its text and where it ends."""
    found = _STRING.match(line, at)
    if found is None:
        raise _Other
    return _text(found.group()), found.end()


def _key(line: str, at: int) -> tuple[str, int]:
    if line[at:at + 1] == '"':
        return _quoted(line, at)
    found = _BARE.match(line, at)
    if found is None:
        raise _Other
    return found.group(), found.end()


def _scalar(line: str, at: int) -> tuple[Any, int]:
    """The integer, float, boolean or basic string at `at`, and where it ends."""
    if line[at:at + 1] == '"':
        return _quoted(line, at)
    found = _NUMBER.match(line, at)
    if found is None:
        raise _Other
    text = found.group()
    if text == "true" or text == "false":
        return text == "true", found.end()
    if found.group(1) is None and found.group(2) is None:
        return int(text), found.end()
    return float(text), found.end()


def _value(text: str) -> Any:
    """A value written whole on its line."""
    if text == "{}":
        return {}
    if text[:1] == "[":
        return _inline_array(text)
    value, end = _scalar(text, 0)
    if end != len(text):
        raise _Other
    return value


def _inline_array(text: str) -> list[Any]:
    if text == "[]":
        return []
    items = []
    at = 1
    while True:
        item, at = _scalar(text, at)
        items.append(item)
        if text[at:] == "]":
            return items
        if text[at:at + 2] != ", ":
            raise _Other
        at += 2
