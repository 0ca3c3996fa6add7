"""Grapevine's trait lists as a sheet's Traits, and numbers read the way Grapevine reads them.

A `<trait>` row's `val` is text: absent it is "1"; a number counts that much; anything else
("1 or 4", "3-5") counts 0 (`TraitClass.Number`). Rows are appended as they come
(`AppendDirect`), so the same Trait on two rows counts twice. A row with no name is skipped.
"""

import math
import xml.etree.ElementTree as ET
from typing import Callable

NAME_LIMIT = 80
COUNT_LIMIT = 99

Warn = Callable[[str], None]
_COUNTS = {str(count): float(count) for count in range(COUNT_LIMIT + 1)}
"""A count as Grapevine writes it (`val="2"`), read at once: the commonest value of a file."""


def vb_number(text: str | None, decimal: str = ".") -> float | None:
    """VB's IsNumeric/CSng on a value as the Windows that wrote the file reads it: a decimal
    number with `decimal` (a point, or a comma on a German or French Windows) as its decimal
    mark, blanks around it allowed; else None."""
    if text is None:
        return None
    if len(text) < 16 and text.isdigit() and text.isascii():
        return float(text)  # the commonest value, a count ("2"), read at once
    plain = text.strip()
    if decimal != "." and "." not in plain:
        plain = plain.replace(decimal, ".", 1)
    if "_" in plain:
        return None
    try:
        number = float(plain)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def vb_integer(text: str | None, default: int = 0, decimal: str = ".") -> int:
    """Grapevine's GetInteger: CInt of the value (halves to even), the default when it is absent
    or not a number."""
    number = vb_number(text, decimal)
    return default if number is None or abs(number) > 32767 else round(number)


def rows_of(element: ET.Element) -> list[tuple[str, str, str]]:
    """(name, val, note) of each row with a name, as Grapevine appends them."""
    rows = []
    for row in element:
        if row.tag == "trait":
            get = row.attrib.get
            name = get("name", "")
            if name:
                rows.append((name, get("val", "1"), get("note", "")))
    return rows


def trait_key(name: str) -> str:
    """A row's name as a sheet holds it: trimmed, cut to the longest name a sheet holds."""
    return name.strip()[:NAME_LIMIT].strip()


def counts_of(rows: list[tuple[str, str, str]], warn: Warn | None = None, decimal: str = ".") -> dict[str, int]:
    """Name → count as a sheet holds them: rows of one name added up, each count a whole
    number from 1 to 99 (what does not fit is said through `warn`)."""
    totals: dict[str, float] = {}
    said: set[str] = set()
    for name, val, _ in rows:
        key = name.strip()
        if len(key) > NAME_LIMIT:
            _say(warn, f"{key[:30]}… is longer than {NAME_LIMIT} characters: cut to fit")
            key = key[:NAME_LIMIT].strip()
        number = _COUNTS.get(val)
        if number is None:
            number = vb_number(val, decimal)
        if number is None:
            _say(warn, f"{key} has the value {val!r}, not a number: it counts 0, as in Grapevine")
            said.add(key)
        totals[key] = totals.get(key, 0.0) + (number or 0.0)
    counts: dict[str, int] = {}
    for key, total in totals.items():
        count = round(total)
        if count != total:
            _say(warn, f"{key} counts {total:g}: taken as {count}")
        if count < 1:
            if key not in said or total:
                _say(warn, f"{key} counts {total:g}: not on the sheet (kept for the way back)")
            continue
        if count > COUNT_LIMIT:
            _say(warn, f"{key} counts {count}: taken as {COUNT_LIMIT}, the most a sheet holds")
            count = COUNT_LIMIT
        counts[key] = count
    return counts


def _say(warn: Warn | None, message: str) -> None:
    if warn is not None:
        warn(message)
