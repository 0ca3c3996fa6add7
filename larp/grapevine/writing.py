"""A Chronicle written as a Grapevine 3 XML exchange file, the way Grapevine's own writer
(`XMLWriterClass`) does: `<?xml version="1.0"?>` with no encoding, bytes of the Windows code
page the file was read in, CRLF, two spaces of indent, `&amp; &lt; &gt; &quot;` in attributes,
text as CDATA.

Each character is the element she was read from with the changes made in larp applied to it
(`larp.grapevine.changes`): what the sheet says now is compared with what the same element
said when it was read, and only what differs is written over it.
"""

import re
import xml.etree.ElementTree as ET
from typing import Any

from larp.grapevine.changes import experience_now, rows_now
from larp.grapevine.chronicle_lists import attribute_of, is_named_list, items_now
from larp.grapevine.creatures import LINEAGE, MAPPED, RATINGS, TEMPERS
from larp.grapevine.lists import rows_of, trait_key
from larp.grapevine.nodes import emit, from_text, head_of, indented
from larp.grapevine.reading import fingerprint, sheet_fields
from larp.sheet.character import Sheet
from larp.sheet.chronicle import Chronicle
from larp.sheet.experience import Experience

NEW_LIST = {"abc": "yes", "display": "1"}
"""A list Grapevine makes for every character: alphabetised, shown one way (display 1)."""
NEGATIVE_LIST = {"abc": "yes", "negative": "yes", "display": "1"}
"""A Negative Traits list: `negative="yes"` (without it Grapevine reverses its costs)."""
TEMPERS_LIST = {"abc": "yes", "display": "2"}
LIST_ORDER = [TEMPERS, *MAPPED]
"""The order Grapevine writes the lists a sheet holds in, after `<experience>`."""
BLANK_EXPERIENCE = {"unspent": "0", "earned": "0"}
TAIL = ("physicalmax", "socialmax", "mentalmax", "player", "status", "id", "startdate", "narrator", "npc",
        "lastmodified")
"""The attributes Grapevine writes last, in its order: a new attribute goes before them."""


def write_gex(chronicle: Chronicle, now: str = "") -> bytes:
    """The chronicle as the bytes of a `.gex` file Grapevine opens: in the code page the file
    was read in (Windows-1252 unless it was another), a character it can't hold written `?`
    (see `unwritable`)."""
    encoding = code_page_of(chronicle)
    return gex_text(chronicle, now).encode(encoding, errors=unwritten_as(encoding))


def code_page_of(chronicle: Chronicle) -> str:
    """The Windows code page to write the chronicle in: the one its file was read in."""
    encoding = chronicle.kept.get("encoding")
    return encoding if isinstance(encoding, str) and encoding else "cp1252"


_BEYOND_LATIN_1 = re.compile("[^\x00-\xff]")
_BEYOND_ASCII = re.compile("[^\x00-\x7f]")


def unwritten_as(encoding: str) -> str:
    """How a character the code page can't hold is written: `?`, as Windows writes it (and
    Windows-1252's five unassigned bytes as the C1 controls of the same code)."""
    return "grapevine-ansi" if encoding == "cp1252" else "replace"


def unwritable(text: str, encoding: str = "cp1252") -> list[str]:
    """The characters of `text` the code page can't hold, each once, in order (Windows-1252
    holds every character below 256, its five unassigned bytes as C1 controls)."""
    beyond = _BEYOND_LATIN_1 if encoding == "cp1252" else _BEYOND_ASCII
    found = dict.fromkeys(c for c in beyond.findall(text) if not _holds(c, encoding))
    return list(found)


def _holds(character: str, encoding: str) -> bool:
    try:
        character.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def gex_text(chronicle: Chronicle, now: str = "") -> str:
    """The chronicle as the text of a Grapevine 3 exchange file, CRLF line ends; `now` (a date
    CDate reads) is written as the `lastmodified` of each character changed in larp."""
    kept = chronicle.kept
    decimal = kept.get("decimal") if kept.get("decimal") in (",", ".") else "."
    attributes = {"version": "3", **_strings(kept.get("attributes"))}
    if "chronicle" in attributes:
        attributes["chronicle"] = chronicle.name
    root = ET.Element("grapevine", attributes)
    before = _kept(kept.get("before"), f"{chronicle.id}: kept.before")
    after = _kept(kept.get("after"), f"{chronicle.id}: kept.after")
    lines = ['<?xml version="1.0"?>']
    if not (before or after or chronicle.characters):
        emit(root, 0, lines)
        return "\r\n".join(lines) + "\r\n"
    lines.append(f"<{head_of(root)}>")
    for element in before:
        emit(element, 2, lines)
    lines += [character_text(sheet, decimal, now) for sheet in in_file_order(chronicle)]
    for element in after:
        emit(element, 2, lines)
    lines.append("</grapevine>")
    return "\r\n".join(lines) + "\r\n"


def character_text(sheet: Sheet, decimal: str, now: str) -> str:
    """One character's lines: her element as it was read when nothing changed since (`kept.read`
    still matches), her kept children spliced in as they were read when the sheet changed none
    of them, else her element written whole."""
    kept = sheet.kept.get("grapevine")
    if sheet.creature in LINEAGE and isinstance(kept, str) and kept.strip() and sheet.kept.get("read") == fingerprint(sheet):
        head = ET.Element(sheet.creature, _strings(sheet.kept.get("attributes")))
        return f"  <{head_of(head)}>\r\n{indented(kept, 4)}\r\n  </{sheet.creature}>"
    element, unchanged = _character(sheet, decimal, now)
    if unchanged:
        return f"  <{head_of(element)}>\r\n{indented(unchanged, 4)}\r\n  </{element.tag}>"
    lines: list[str] = []
    emit(element, 2, lines)
    return "\r\n".join(lines)


def in_file_order(chronicle: Chronicle) -> list[Sheet]:
    """The characters in the order the file gave them (`kept.order`), then those made in larp."""
    sheets = chronicle.characters
    order = chronicle.kept.get("order")
    first = [sheets[cid] for cid in dict.fromkeys(order) if isinstance(cid, str) and cid in sheets] if isinstance(order, list) else []
    placed = {sheet.id for sheet in first}
    return first + [sheet for cid, sheet in sheets.items() if cid not in placed]


def _strings(value: Any) -> dict[str, str]:
    return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {}


def _kept(value: Any, where: str) -> list[ET.Element]:
    return from_text(value, where) if isinstance(value, str) else []


def character(sheet: Sheet, decimal: str = ".", now: str = "") -> ET.Element:
    """One character's element: the element she was read from (a blank one of her creature when
    she was made in larp) with what the sheet changed since written over it."""
    return _character(sheet, decimal, now)[0]


def _character(sheet: Sheet, decimal: str, now: str) -> tuple[ET.Element, str]:
    """The character's element, and her kept children's text when none of them changed."""
    tag = sheet.creature if sheet.creature in LINEAGE else "various"
    if "grapevine" in sheet.kept:
        attributes = _strings(sheet.kept.get("attributes"))
        children = _kept(sheet.kept.get("grapevine"), f"{sheet.id}: kept.grapevine")
    else:
        attributes, children = {"status": "Active"}, _blank(tag)
    read = ET.Element(tag, attributes)
    read.extend(children)
    base, children = sheet_fields(read, decimal=decimal)
    attributes, changed = _attributes_now(attributes, tag, base, sheet)
    children, changed_children = _children_now(children, tag, base, sheet, decimal)
    if (changed or changed_children) and now:
        attributes = _placed(attributes, "lastmodified", now)
    element = ET.Element(tag, attributes)
    element.extend(children)
    kept = sheet.kept.get("grapevine")
    return element, (kept if isinstance(kept, str) and kept.strip() and not changed_children else "")


def _blank(tag: str) -> list[ET.Element]:
    """The experience and lists Grapevine gives a new character of this creature."""
    names = ([TEMPERS] if tag == "various" else []) + list(MAPPED)
    return [ET.Element("experience", BLANK_EXPERIENCE)] + [_new_list(name) for name in names]


def _new_list(name: str) -> ET.Element:
    kind = TEMPERS_LIST if name == TEMPERS else NEGATIVE_LIST if name.startswith("Negative") else NEW_LIST
    return ET.Element("traitlist", {"name": name, **kind})


def _placed(attributes: dict[str, str], key: str, value: str) -> dict[str, str]:
    """The attributes with `key` set to `value` where it stands, else where Grapevine writes it
    (the name first, the rest before the attributes it writes after it); left out when empty."""
    if value == "":
        return {k: v for k, v in attributes.items() if k != key}
    if key in attributes or key == "lastmodified":
        return {**attributes, key: value}
    if key == "name":
        return {"name": value, **attributes}
    following = TAIL[TAIL.index(key) + 1:] if key in TAIL else TAIL
    at = next((i for i, k in enumerate(attributes) if k in following), len(attributes))
    items = list(attributes.items())
    return dict(items[:at] + [(key, value)] + items[at:])


def _attributes_now(attributes: dict[str, str], tag: str, base: dict, sheet: Sheet) -> tuple[dict[str, str], bool]:
    """The element's attributes with each one the sheet changed written over (name, player,
    lineage, Willpower, Rage, Gnosis, Glamour, Banality, status)."""
    now: dict[str, str] = {}
    name = sheet.name if "grapevine" in sheet.kept else sheet.display_name
    if name != base["name"]:
        now["name"] = name or ""
    if sheet.player != base["player"]:
        now["player"] = sheet.player
    if sheet.lineage != base["lineage"]:
        now[LINEAGE[tag]] = sheet.lineage
    numbers = {} if tag == "various" else {"willpower": "willpower"}
    numbers |= {attribute: trait for attribute, trait in RATINGS.get(tag, {}).items()}
    for attribute, trait in numbers.items():
        value = _rating(sheet, trait)
        if value != _rating_of(base, trait):
            now[attribute] = str(value)
    if (sheet.status, sheet.status_reason) != (base["status"], base["status_reason"]):
        now["status"] = sheet.status.capitalize()
    if holds_lists(sheet):
        for name in base["attributes"].keys() | sheet.attributes.keys():
            if base["attributes"].get(name, "") != sheet.attributes.get(name, ""):
                now[attribute_of(name)] = sheet.attributes.get(name, "")
    for key, value in now.items():
        attributes = _placed(attributes, key, value)
    return attributes, bool(now)


def holds_lists(sheet: Sheet) -> bool:
    """Whether the sheet holds the character's named lists and text fields: a sheet imported
    before the sheet held them has none, and her element's are written as they were read."""
    return bool(sheet.lists or sheet.attributes)


def _rating(sheet: Sheet, trait: str) -> int:
    low = trait.lower()
    return getattr(sheet, low) if low in ("willpower", "rage", "gnosis") else sheet.standalone.get(trait, 0)


def _rating_of(fields: dict, trait: str) -> int:
    low = trait.lower()
    return fields.get(low, 0) if low in ("willpower", "rage", "gnosis") else fields["standalone"].get(trait, 0)


def _children_now(children: list[ET.Element], tag: str, base: dict, sheet: Sheet, decimal: str) -> tuple[list[ET.Element], bool]:
    """The children with the sheet's changes applied: the rows changed in a list the sheet holds,
    the experience entries added, the notes; a list or `<experience>` the sheet needs made,
    with Grapevine's own attributes, in the place Grapevine writes it."""
    written: list[ET.Element] = []
    changed = False
    seen: set[str] = set()
    for child in children:
        name = child.get("name", "") if child.tag == "traitlist" else child.tag
        if name in seen:
            written.append(child)
            continue
        seen.add(name)
        now, differs = _child_now(child, name, tag, base, sheet, decimal)
        changed |= differs
        if now is not None:
            written.append(now)
    missing = [name for name in LIST_ORDER if name not in seen and (name != TEMPERS or tag == "various")]
    for name in missing:
        now, differs = _child_now(_new_list(name), name, tag, base, sheet, decimal)
        if differs:
            written = _with_list(written, now)
            changed = True
    for name, items in sheet.lists.items():
        if name not in seen and items:
            now, _ = items_now(_new_list(name), items, decimal)
            at = max((i + 1 for i, child in enumerate(written) if child.tag in ("traitlist", "experience")), default=0)
            written, changed = [*written[:at], now, *written[at:]], True
    if "experience" not in seen and sheet.experience != Experience():
        now, _ = experience_now(ET.Element("experience"), Experience(), sheet.experience, decimal)
        written, changed = [now, *written], True
    if "notes" not in seen and sheet.notes:
        written, changed = [*written, _notes(sheet.notes)], True
    return written, changed


def _child_now(child: ET.Element, name: str, tag: str, base: dict, sheet: Sheet, decimal: str) -> tuple[ET.Element | None, bool]:
    if child.tag == "experience":
        return experience_now(child, base.get("experience", Experience()), sheet.experience, decimal)
    if child.tag == "notes":
        if sheet.notes == base.get("notes", ""):
            return child, False
        return (_notes(sheet.notes, child.text or "") if sheet.notes else None), True
    if name in MAPPED:
        table, category = MAPPED[name]
        was = base[table].get(category, {}) if category else base[table]
        return rows_now(child, was, dict(getattr(sheet, table).of(category) if category else sheet.abilities), decimal)
    if child.tag == "traitlist" and is_named_list(tag, name) and holds_lists(sheet):
        return items_now(child, sheet.lists.get(name, []), decimal)
    if name == TEMPERS and tag == "various":
        now = {"willpower": sheet.willpower, "rage": sheet.rage, "gnosis": sheet.gnosis, "standalone": sheet.standalone}
        return rows_now(child, _tempers(child, base), _tempers(child, now), decimal)
    return child, False


def _tempers(element: ET.Element, fields: dict) -> dict[str, int]:
    """A `various` character's Tempers as the rows of its list name them (`Willpower`, or
    `willpower` when the list writes it so)."""
    named = {key.lower(): key for key in (trait_key(name) for name, _, _ in rows_of(element))}
    tempers = {named.get(name, name.title()): fields.get(name, 0) for name in ("willpower", "rage", "gnosis")}
    return {name: value for name, value in (tempers | fields["standalone"]).items() if value >= 1}


def _with_list(children: list[ET.Element], made: ET.Element) -> list[ET.Element]:
    """`made` placed where Grapevine writes it: after `<experience>` and the lists before it."""
    rank = {name: index for index, name in enumerate(LIST_ORDER)}
    mine = rank[made.get("name", "")]
    at = 0
    for index, child in enumerate(children):
        if child.tag == "experience" or (child.tag == "traitlist" and rank.get(child.get("name", ""), len(rank)) < mine):
            at = index + 1
    return children[:at] + [made] + children[at:]


def _notes(text: str, was: str = "") -> ET.Element:
    """Notes with the line breaks of the notes they replace: CR LF, as Grapevine's text boxes
    write them, unless those were bare LF."""
    element = ET.Element("notes")
    element.text = text if "\n" in was and "\r\n" not in was else text.replace("\n", "\r\n")
    return element
