"""A Chronicle written as a Grapevine 3 XML exchange file, the way Grapevine's own writer
(`XMLWriterClass`) does: `<?xml version="1.0"?>` with no encoding, Windows-1252 bytes, CRLF,
two spaces of indent, `&amp; &lt; &gt; &quot;` in attributes, text as CDATA.

What the file held and the station does not use comes back from `kept` as it was read; what
the sheet says (names, Traits, Willpower, lineage, status, notes, experience) wins over it.
"""

import xml.etree.ElementTree as ET
from typing import Any

from larp.grapevine.creatures import EXPERIENCE_KINDS, LINEAGE, MAPPED, RATINGS, STATUS, TEMPERS
from larp.grapevine.lists import counts_of, plain_rows, rows_for, vb_integer
from larp.grapevine.nodes import Node, from_node
from larp.sheet.character import Sheet
from larp.sheet.chronicle import Chronicle

NEW_LIST = {"abc": "yes", "display": "1"}


def write_gex(chronicle: Chronicle) -> bytes:
    """The chronicle as the bytes of a `.gex` file Grapevine opens."""
    kept = chronicle.kept
    attributes = {"version": "3", **_strings(kept.get("attributes"))}
    if "chronicle" in attributes:
        attributes["chronicle"] = chronicle.name
    root = ET.Element("grapevine", attributes)
    root.extend(_nodes(kept.get("before"), "chronicle kept.before"))
    root.extend(character(sheet) for sheet in chronicle.characters.values())
    root.extend(_nodes(kept.get("after"), "chronicle kept.after"))
    lines = ['<?xml version="1.0"?>']
    _emit(root, 0, lines)
    return ("\r\n".join(lines) + "\r\n").encode("cp1252", errors="grapevine-ansi")


def _strings(value: Any) -> dict[str, str]:
    return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {}


def _nodes(value: Any, where: str) -> list[ET.Element]:
    return [from_node(node, where) for node in value] if isinstance(value, list) else []


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
    children = sheet.kept.get("children")
    if not isinstance(children, list):
        children = [["experience", {}]] + [["traitlist", {"name": name, **NEW_LIST}] for name in MAPPED]
    written_notes = False
    for index, node in enumerate(children):
        where = f"{sheet.id}: kept.children[{index}]"
        if node == ["experience", {}]:
            element.append(experience(sheet))
        elif node == ["notes", {}]:
            written_notes = True
            if sheet.notes:
                ET.SubElement(element, "notes").text = sheet.notes
        elif _mapped(node):
            element.append(_mapped_list(node, sheet, where))
        elif tag == "various" and _list_named(node, TEMPERS):
            element.append(_tempers(node, sheet, where))
        else:
            element.append(from_node(node, where))
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


def _list_named(node: Any, name: str) -> bool:
    return (isinstance(node, list) and len(node) >= 2 and node[0] == "traitlist"
            and isinstance(node[1], dict) and node[1].get("name") == name)


def _mapped(node: Any) -> bool:
    return any(_list_named(node, name) for name in MAPPED)


def _mapped_list(node: Node, sheet: Sheet, where: str) -> ET.Element:
    table, category = MAPPED[node[1]["name"]]
    counts = getattr(sheet, table).of(category) if category else sheet.abilities
    return from_node(node[:2] + [rows_for(node, dict(counts))], where)


def _tempers(node: Node, sheet: Sheet, where: str) -> ET.Element:
    """A `various` character's Tempers: the kept rows while they say what the sheet says."""
    top = {"willpower": sheet.willpower, "rage": sheet.rage, "gnosis": sheet.gnosis}
    rows = node[2] if len(node) == 3 and isinstance(node[2], list) else []
    read = counts_of([(str(r[1].get("name", "")), str(r[1].get("val", "1")), "") for r in rows
                      if isinstance(r, list) and len(r) >= 2 and isinstance(r[1], dict) and r[1].get("name")])
    wanted = {name: top.get(name.lower(), sheet.standalone.get(name, count)) for name, count in read.items()}
    wanted |= {name: value for name, value in sheet.standalone.items() if name not in wanted}
    if wanted == read:
        return from_node(node, where)
    return from_node(node[:2] + [plain_rows(wanted)], where)


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


def _escape(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _emit(element: ET.Element, indent: int, lines: list[str]) -> None:
    pad = " " * indent
    head = element.tag + "".join(f' {key}="{_escape(value)}"' for key, value in element.attrib.items())
    if len(element):
        lines.append(f"{pad}<{head}>")
        for child in element:
            _emit(child, indent + 2, lines)
        lines.append(f"{pad}</{element.tag}>")
    elif element.text:
        text = element.text.replace("]]>", "]] >")
        lines += [f"{pad}<{head}>", f"{pad}  <![CDATA[{text}]]>", f"{pad}</{element.tag}>"]
    else:
        lines.append(f"{pad}<{head}/>")
