"""Writing sheets and chronicles as TOML files like those of `cards/`, read back by `loading`
to the same models.

Plain values first, then one `[table]` per nested table, `[[table]]` for a list of tables
(an experience history), and anything deeper written inline, one item a line.
"""

import re
from functools import lru_cache
from json.encoder import encode_basestring
from typing import Any

from larp.sheet.character import Sheet
from larp.sheet.chronicle import Chronicle

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")
LAST = ("kept",)
"""Keys written after the others: what an imported file held is long and rarely read."""


def sheet_toml(sheet: Sheet, heading: str = "") -> str:
    """A character file: every field that differs from its default, and always id and traits.
    A sheet holds only JSON's values (texts, numbers, true and false, lists and tables), so its
    Python dump is its JSON one, made without the conversion pass."""
    data = sheet.model_dump(exclude_defaults=True)
    data.setdefault("traits", {})
    return document(data, heading)


def chronicle_toml(chronicle: Chronicle, heading: str = "") -> str:
    """`chronicle.toml`: the chronicle without its characters (they are files beside it)."""
    data = chronicle.model_dump(mode="json", exclude_defaults=True, exclude={"characters"})
    data.setdefault("standalone", list(chronicle.standalone))
    return document(data, heading)


def document(data: dict[str, Any], heading: str = "") -> str:
    lines = [f"# {line}".rstrip() for line in heading.splitlines()]
    if lines:
        lines.append("")
    ordered = {k: v for k, v in data.items() if k not in LAST} | {k: data[k] for k in LAST if k in data}
    _table(lines, (), ordered)
    return "\n".join(lines).strip("\n") + "\n"


def _table(lines: list[str], path: tuple[str, ...], data: dict[str, Any], header: str = "") -> None:
    """The table's plain values, then its tables; its `header` line goes before the first value
    that is no table, so that a table holding only tables is written without one."""
    later: list[tuple[str, Any]] = []
    append = lines.append
    for key, value in data.items():
        kind = type(value)
        if kind is int:
            line = f"{_key(key)} = {value}"  # a Trait's count, the commonest value, written at once
        elif kind is str and "\n" not in value:
            line = f"{_key(key)} = {_string(value)}"  # a name or a note, the next commonest
        elif _is_table(value) or _is_table_list(value):
            later.append((key, value))
            continue
        else:
            line = None if value is None else f"{_key(key)} = {_value(value, 0)}"
        if header:
            lines += ["", header]
            header = ""
        if line is not None:
            append(line)
    for key, value in later:
        here = path + (key,)
        if isinstance(value, dict):
            _table(lines, here, value, f"[{_dotted(here)}]")
        else:
            item_header = f"[[{_dotted(here)}]]"
            for item in value:
                lines += ["", item_header]
                _table(lines, here, item)


def _is_table(value: Any) -> bool:
    return isinstance(value, dict) and bool(value)


def _is_table_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(_is_table(item) for item in value)


def _dotted(path: tuple[str, ...]) -> str:
    return ".".join(_key(part) for part in path)


@lru_cache(maxsize=4096)
def _key(key: str) -> str:
    """A key as TOML writes it; the same Trait names and Grapevine attributes come on every
    sheet, so each is written once."""
    return key if _BARE.match(key) else _string(key)


def _string(text: str) -> str:
    """A TOML basic string: JSON's escapes are TOML's, save DEL, which TOML wants escaped."""
    quoted = encode_basestring(text)
    return quoted.replace("\x7f", "\\u007f") if "\x7f" in text else quoted


_UNLITERAL = re.compile("[\x00-\x08\x0b-\x1f\x7f]")
"""What a literal string can't hold as it is."""


def _fits_lines(text: str) -> bool:
    """Text of several lines that a multi-line literal string holds as it is: no `'''`, no quote
    at its end, no control character but tabs and line feeds."""
    return "\n" in text and "'''" not in text and not text.endswith(("'", "'\n")) and not _UNLITERAL.search(text)


def _lines(text: str) -> str:
    """Text of several lines as it reads: a multi-line literal string (TOML drops the newline
    just after the opening quotes)."""
    return "'''\n" + text + "'''"


def _value(value: Any, depth: int) -> str:
    if isinstance(value, str):
        return _lines(value) if depth == 0 and _fits_lines(value) else _string(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, dict):
        inner = ", ".join(f"{_key(k)} = {_value(v, depth + 1)}" for k, v in value.items() if v is not None)
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, list):
        items = [_value(item, depth + 1) for item in value]
        if depth == 0 and (sum(map(len, items)) > 80 or any(isinstance(i, (list, dict)) for i in value)):
            return "[\n" + "".join(f"    {item},\n" for item in items) + "]"
        return "[" + ", ".join(items) + "]"
    raise TypeError(f"{type(value).__name__} can't be written as TOML")
