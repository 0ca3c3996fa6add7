"""A Chronicle written as a Grapevine 3 XML exchange file, the way Grapevine's own writer
(`XMLWriterClass`) does: `<?xml version="1.0"?>` with no encoding, Windows-1252 bytes, CRLF,
two spaces of indent, `&amp; &lt; &gt; &quot;` in attributes, text as CDATA.

What the file held and the station does not use comes back from `kept` as it was read; what
the sheet says (names, Traits, Willpower, lineage, status, notes, experience) wins over it.
"""

import xml.etree.ElementTree as ET
from typing import Any

from larp.grapevine.creatures import EXPERIENCE_KINDS, LINEAGE, MAPPED, RATINGS, STATUS, TEMPERS
from larp.grapevine.lists import counts_of, plain_rows, rows_for, rows_of, vb_integer
from larp.grapevine.nodes import emit, from_text
from larp.sheet.character import Sheet
from larp.sheet.chronicle import Chronicle

NEW_LIST = {"abc": "yes", "display": "1"}


def write_gex(chronicle: Chronicle) -> bytes:
    """The chronicle as the bytes of a `.gex` file Grapevine opens: Windows-1252, a character
    it can't hold written `?` (see `unwritable`)."""
    return gex_text(chronicle).encode("cp1252", errors="grapevine-ansi")


def unwritable(text: str) -> list[str]:
    """The characters of `text` Windows-1252 can't hold, each once, in order."""
    found = dict.fromkeys(c for c in text if ord(c) > 255 and not _ansi(c))
    return list(found)


def _ansi(character: str) -> bool:
    try:
        character.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


def gex_text(chronicle: Chronicle) -> str:
    """The chronicle as the text of a Grapevine 3 exchange file, CRLF line ends."""
    kept = chronicle.kept
    attributes = {"version": "3", **_strings(kept.get("attributes"))}
    if "chronicle" in attributes:
        attributes["chronicle"] = chronicle.name
    root = ET.Element("grapevine", attributes)
    root.extend(_kept(kept.get("before"), f"{chronicle.id}: kept.before"))
    root.extend([character(sheet) for sheet in chronicle.characters.values()])
    root.extend(_kept(kept.get("after"), f"{chronicle.id}: kept.after"))
    lines = ['<?xml version="1.0"?>']
    emit(root, 0, lines)
    return ("\n".join(lines) + "\n").replace("\r\n", "\n").replace("\n", "\r\n")


def _strings(value: Any) -> dict[str, str]:
    return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {}


def _kept(value: Any, where: str) -> list[ET.Element]:
    return from_text(value, where) if isinstance(value, str) else []


def character(sheet: Sheet) -> ET.Element:
    """One character's element: its kept attributes and children, the sheet's own fields over them."""
    tag = sheet.creature if sheet.creature in LINEAGE else "various"
    kept = _strings(sheet.kept.get("attributes"))
    attributes = {"name": sheet.display_name}
    for key, value in _sheet_attributes(sheet, tag, kept).items():
        if key == "status" and sheet.player:
            attributes["player"] = sheet.player
        attributes[key] = value
    if sheet.player and "player" not in attributes:
        attributes["player"] = sheet.player
    element = ET.Element(tag, attributes)
    children = _kept(sheet.kept.get("grapevine"), f"{sheet.id}: kept.grapevine")
    if "grapevine" not in sheet.kept:
        names = ([TEMPERS] if tag == "various" else []) + list(MAPPED)
        children = [ET.Element("experience")] + [ET.Element("traitlist", {"name": name, **NEW_LIST}) for name in names]
    written_notes = False
    for child in children:
        name = child.get("name", "") if child.tag == "traitlist" else None
        if child.tag == "experience":
            element.append(experience(sheet))
        elif child.tag == "notes":
            written_notes = True
            if sheet.notes:
                ET.SubElement(element, "notes").text = sheet.notes
        elif name in MAPPED:
            element.append(_mapped_list(child, sheet))
        elif tag == "various" and name == TEMPERS:
            element.append(_tempers(child, sheet))
        else:
            element.append(child)
    if sheet.notes and not written_notes:
        ET.SubElement(element, "notes").text = sheet.notes
    return element


def _sheet_attributes(sheet: Sheet, tag: str, kept: dict[str, str]) -> dict[str, str]:
    attributes = dict(kept) if kept else {"status": "Active"}
    lineage = LINEAGE[tag]
    if sheet.lineage != attributes.get(lineage, ""):
        attributes[lineage] = sheet.lineage
    numbers = {} if tag == "various" else {"willpower": sheet.willpower}
    for attribute, trait in RATINGS.get(tag, {}).items():
        numbers[attribute] = getattr(sheet, attribute) if attribute in ("rage", "gnosis") else sheet.standalone.get(trait, 0)
    for attribute, value in numbers.items():
        if attribute not in attributes or vb_integer(attributes[attribute]) != value:
            attributes[attribute] = str(value)
    status = attributes.get("status", "Active")
    if STATUS.get(status.strip().lower(), "active") != sheet.status:
        attributes["status"] = sheet.status.capitalize()
    return {key: value for key, value in attributes.items() if value != "" or key in kept}


def _mapped_list(element: ET.Element, sheet: Sheet) -> ET.Element:
    table, category = MAPPED[element.get("name", "")]
    counts = getattr(sheet, table).of(category) if category else sheet.abilities
    written = ET.Element("traitlist", element.attrib)
    written.extend(rows_for(element, dict(counts)))
    return written


def _tempers(element: ET.Element, sheet: Sheet) -> ET.Element:
    """A `various` character's Tempers: the kept rows while they say what the sheet says."""
    top = {"willpower": sheet.willpower, "rage": sheet.rage, "gnosis": sheet.gnosis}
    read = counts_of(rows_of(element))
    wanted = {name: top.get(name.lower(), sheet.standalone.get(name, count)) for name, count in read.items()}
    named = {name.lower() for name in wanted}
    wanted |= {name.title(): value for name, value in top.items() if value and name not in named}
    wanted |= {name: value for name, value in sheet.standalone.items() if name not in wanted}
    if wanted == read:
        return element
    written = ET.Element("traitlist", element.attrib)
    written.extend(plain_rows(wanted))
    return written


def _number(value: float) -> str:
    """A number as VB's CStr writes a Single: no trailing `.0`."""
    return format(value, ".7g")


def experience(sheet: Sheet) -> ET.Element:
    """`<experience>` with every entry, each carrying the running totals Grapevine keeps."""
    xp = sheet.experience
    element = ET.Element("experience", {"unspent": _number(xp.unspent), "earned": _number(xp.earned)})
    earned = unspent = 0.0
    for entry in xp.history:
        kind = entry.type
        if kind == "earned":
            earned, unspent = earned + entry.change, unspent + entry.change
        elif kind == "deducted":
            earned, unspent = earned - entry.change, unspent - entry.change
        elif kind == "set":
            earned = entry.change
        elif kind == "spent":
            unspent -= entry.change
        elif kind == "refund":
            unspent += entry.change
        elif kind == "set unspent":
            unspent = entry.change
        attributes = {"date": entry.date, "change": _number(entry.change),
                      "type": str(EXPERIENCE_KINDS.index(kind)), "reason": entry.reason,
                      "earned": _number(earned), "unspent": _number(unspent)}
        ET.SubElement(element, "entry", {k: v for k, v in attributes.items() if v != ""})
    return element
