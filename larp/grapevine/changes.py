"""A change made in larp applied to the Grapevine element it came from, touching only what
changed: the rows of a Trait whose count changed, the experience entries added after the ones
the file held; every other row, attribute and stored total stays as Grapevine wrote it.

Each function takes what the sheet said when it was read (`base`) and what it says now, and
answers the element to write and whether it changed.
"""

import xml.etree.ElementTree as ET

from larp.grapevine.creatures import EXPERIENCE_KINDS
from larp.grapevine.lists import trait_key, vb_number
from larp.grapevine.vbfile import vb_number as vb_text
from larp.sheet.experience import Experience

SINGLE_DIGITS = 7
"""A Single as VB's CStr writes it: seven significant digits."""


def number_text(value: float, decimal: str) -> str:
    """A number as CStr writes it on the Windows that wrote the file (`12,5` with a comma)."""
    return vb_text(value, SINGLE_DIGITS).replace(".", decimal)


def rows_now(element: ET.Element, base: dict[str, int], now: dict[str, int], decimal: str) -> tuple[ET.Element, bool]:
    """A trait list with the rows of each Trait whose count changed made to say the new count:
    the last row of that Trait takes the difference (`Quick`, `Quick` → `Quick`, `Quick val="2"`),
    a Trait gone loses its rows, a new Trait gets a row of its own (in its alphabetical place
    when the list is alphabetised, as Grapevine keeps it); every other row stays as it was."""
    changed = {name for name in base.keys() | now.keys() if base.get(name, 0) != now.get(name, 0)}
    if not changed:
        return element, False
    rows = list(element)
    for name in sorted(changed):
        rows = _one_trait(rows, name, now.get(name, 0), decimal, element.get("abc", "") == "yes")
    written = ET.Element(element.tag, element.attrib)
    written.extend(rows)
    return written, True


def _key(row: ET.Element) -> str | None:
    return trait_key(row.get("name", "")) if row.tag == "trait" and row.get("name") else None


def _one_trait(rows: list[ET.Element], name: str, count: int, decimal: str, alphabetised: bool) -> list[ET.Element]:
    mine = [row for row in rows if _key(row) == name]
    if count < 1:
        return [row for row in rows if _key(row) != name]
    counted = [row for row in mine if vb_number(row.get("val", "1"), decimal) is not None]
    if not counted:
        return _inserted(rows, _row(ET.Element("trait", {"name": name}), count, decimal), alphabetised)
    rest = sum(vb_number(row.get("val", "1"), decimal) or 0.0 for row in counted[:-1])
    if count - rest >= 1:
        replaced = {id(counted[-1]): _row(counted[-1], count - rest, decimal)}
        return [replaced.get(id(row), row) for row in rows]
    first = counted[0]
    return [_row(row, count, decimal) if row is first else row for row in rows if row is first or row not in counted]


def _row(row: ET.Element, value: float, decimal: str) -> ET.Element:
    """The row with its value set, written as Grapevine's writer writes it (no `val` for 1)."""
    attributes = {"name": row.get("name", "")}
    if value != 1:
        attributes["val"] = number_text(value, decimal)
    attributes |= {key: text for key, text in row.attrib.items() if key not in ("name", "val")}
    return ET.Element("trait", attributes)


def _inserted(rows: list[ET.Element], row: ET.Element, alphabetised: bool) -> list[ET.Element]:
    if alphabetised:
        name = row.get("name", "").lower()
        for index, other in enumerate(rows):
            if _key(other) is not None and other.get("name", "").strip().lower() > name:
                return rows[:index] + [row] + rows[index:]
    return rows + [row]


def experience_now(element: ET.Element, base: Experience, now: Experience, decimal: str) -> tuple[ET.Element, bool]:
    """`<experience>` with the entries the file held kept as written (their stored running
    totals, an unknown type, every attribute) as far as the sheet's history still agrees with
    them, then the sheet's new entries, each carrying running totals worked out from the stored
    ones before it, as Grapevine's `PropogateChange` does; the totals rewritten only if changed."""
    if base == now:
        return element, False
    held = [entry for entry in element if entry.tag == "entry"]
    agreeing = 0
    for was, is_now in zip(base.history, now.history):
        if was != is_now:
            break
        agreeing += 1
    attributes = dict(element.attrib)
    for key in ("unspent", "earned"):
        if getattr(base, key) != getattr(now, key) or key not in attributes:
            attributes[key] = number_text(getattr(now, key), decimal)
    written = ET.Element("experience", {"unspent": attributes.pop("unspent"), "earned": attributes.pop("earned"), **attributes})
    written.extend(held[:agreeing])
    earned = unspent = 0.0
    if agreeing:
        earned = vb_number(held[agreeing - 1].get("earned"), decimal) or 0.0
        unspent = vb_number(held[agreeing - 1].get("unspent"), decimal) or 0.0
    for entry in now.history[agreeing:]:
        earned, unspent = _running(entry.type, entry.change, earned, unspent)
        values = {"date": entry.date, "change": number_text(entry.change, decimal),
                  "type": str(EXPERIENCE_KINDS.index(entry.type)), "reason": entry.reason,
                  "earned": number_text(earned, decimal), "unspent": number_text(unspent, decimal)}
        ET.SubElement(written, "entry", {key: value for key, value in values.items() if value != ""})
    return written, True


def _running(kind: str, change: float, earned: float, unspent: float) -> tuple[float, float]:
    """The running totals after an entry, as `ExperienceHistoryNode.PropogateChange` works them out."""
    if kind == "earned":
        return earned + change, unspent + change
    if kind == "deducted":
        return earned - change, unspent - change
    if kind == "set":
        return change, unspent
    if kind == "spent":
        return earned, unspent - change
    if kind == "refund":
        return earned, unspent + change
    if kind == "set unspent":
        return earned, change
    return earned, unspent
