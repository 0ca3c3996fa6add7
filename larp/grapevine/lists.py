"""Grapevine's trait lists as a sheet's Traits, and numbers read the way Grapevine reads them.

A `<trait>` row's `val` is text: absent it is "1"; a number counts that much; anything else
("1 or 4", "3-5") counts 0 (`TraitClass.Number`). Rows are appended as they come
(`AppendDirect`), so the same Trait on two rows counts twice. A row with no name is skipped.
"""

import math
import xml.etree.ElementTree as ET
from typing import Callable

from larp.grapevine.nodes import attributes_of

NAME_LIMIT = 80
COUNT_LIMIT = 99

Warn = Callable[[str], None]


def vb_number(text: str | None) -> float | None:
    """VB's IsNumeric/CDbl on a value: a decimal number, blanks around it allowed; else None."""
    if text is None:
        return None
    try:
        number = float(text.strip())
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def vb_integer(text: str | None, default: int = 0) -> int:
    """Grapevine's GetInteger: CInt of the value (halves to even), the default when it is absent
    or not a number."""
    number = vb_number(text)
    return default if number is None or abs(number) > 32767 else round(number)


def rows_of(element: ET.Element) -> list[tuple[str, str, str]]:
    """(name, val, note) of each row with a name, as Grapevine appends them."""
    rows = []
    for row in element:
        if row.tag != "trait":
            continue
        attributes = attributes_of(row)
        name = attributes.get("name", "")
        if name:
            rows.append((name, attributes.get("val", "1"), attributes.get("note", "")))
    return rows


def counts_of(rows: list[tuple[str, str, str]], warn: Warn | None = None) -> dict[str, int]:
    """Name → count as a sheet holds them: rows of one name added up, each count a whole
    number from 1 to 99 (what does not fit is said through `warn`)."""
    totals: dict[str, float] = {}
    said: set[str] = set()
    for name, val, _ in rows:
        key = name.strip()
        if len(key) > NAME_LIMIT:
            _say(warn, f"{key[:30]}… is longer than {NAME_LIMIT} characters: cut to fit")
            key = key[:NAME_LIMIT].strip()
        number = vb_number(val)
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


def plain_rows(counts: dict[str, int], notes: dict[str, str] | None = None) -> list[ET.Element]:
    """The rows Grapevine would write for these counts (its writer leaves out `val` when it is 1)."""
    rows = []
    for name, count in counts.items():
        attributes = {"name": name}
        if count != 1:
            attributes["val"] = str(count)
        note = (notes or {}).get(name, "")
        if note:
            attributes["note"] = note
        rows.append(ET.Element("trait", attributes))
    return rows


def _same(rows: list[ET.Element], others: list[ET.Element]) -> bool:
    return len(rows) == len(others) and all(
        a.tag == b.tag and attributes_of(a) == b.attrib for a, b in zip(rows, others))


def read_list(element: ET.Element, warn: Warn) -> tuple[dict[str, int], ET.Element]:
    """A mapped list's counts, and the element that keeps its place and whatever the counts
    can't say (notes, rows given twice, values that are not numbers): the rows, only then."""
    counts = counts_of(rows_of(element), warn)
    kept = ET.Element("traitlist", element.attrib)
    if not _same(list(element), plain_rows(counts)):
        kept.extend(list(element))
    return counts, kept


def rows_for(element: ET.Element, counts: dict[str, int]) -> list[ET.Element]:
    """The rows to write for a mapped list: the kept rows when the sheet still says what they
    say, else rows from the sheet with each kept note carried by name."""
    kept = rows_of(element)
    if not len(element):
        return plain_rows(counts)
    if counts_of(kept) == counts:
        return list(element)
    notes: dict[str, str] = {}
    for name, _, note in kept:
        notes.setdefault(name.strip(), note)
    return plain_rows(counts, notes)
