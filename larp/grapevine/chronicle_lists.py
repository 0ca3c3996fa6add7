"""A character's other trait lists (Disciplines, Backgrounds, Equipment …) as a sheet's named
lists, and her element's other attributes (nature, generation, path …) as its named text
fields; and both written back over the element they came from, touching only what changed.

A row becomes an item when it has a name and a whole value from 1 up (absent it is 1); any
other row ("1 or 4", 0, 2.5) is no item and stays in the element where it was, as does every
attribute of a list and of a row that the item does not hold.
"""

import difflib
import xml.etree.ElementTree as ET
from typing import Any

from larp.grapevine.creatures import LINEAGE, MAPPED, RATINGS, TEMPERS
from larp.grapevine.lists import vb_number
from larp.sheet.named_lists import ITEM_NAME_LIMIT, ITEM_RATING_LIMIT

BOOKKEEPING = {"name", "player", "status", "id", "startdate", "lastmodified", "physicalmax", "socialmax",
               "mentalmax", "npc"}
"""Attributes the sheet holds elsewhere or that Grapevine keeps for itself."""
FIELD_NAMES = {
    "nature": "Nature", "demeanor": "Demeanor", "sect": "Sect", "coterie": "Coterie", "sire": "Sire",
    "generation": "Generation", "title": "Title", "blood": "Blood", "conscience": "Conscience",
    "selfcontrol": "Self-Control", "courage": "Courage", "path": "Path", "pathtraits": "Path Traits",
    "aura": "Aura", "breed": "Breed", "auspice": "Auspice", "rank": "Rank", "pack": "Pack", "totem": "Totem",
    "camp": "Camp", "position": "Position", "notoriety": "Notoriety", "honor": "Honor", "glory": "Glory",
    "wisdom": "Wisdom", "motivation": "Motivation", "regnant": "Regnant", "humanity": "Humanity",
    "truefaith": "True Faith", "seelie": "Seelie Legacy", "unseelie": "Unseelie Legacy", "court": "Court",
    "seeming": "Seeming", "house": "House", "threshold": "Threshold", "ethnos": "Ethnos", "faction": "Faction",
    "legion": "Legion", "pathos": "Pathos", "corpus": "Corpus", "shadowarchetype": "Shadow Archetype",
    "shadowplayer": "Shadow Player", "angst": "Angst", "essence": "Essence", "cabal": "Cabal", "arete": "Arete",
    "quintessence": "Quintessence", "paradox": "Paradox", "subclass": "Subclass", "affinity": "Affinity",
    "plane": "Plane", "brood": "Brood", "sekhem": "Sekhem", "balance": "Balance", "memory": "Memory",
    "integrity": "Integrity", "joy": "Joy", "ba": "Ba", "ka": "Ka", "direction": "Direction",
    "station": "Station", "poarchetype": "Po Archetype", "hun": "Hun", "po": "Po", "yinchi": "Yin Chi",
    "yangchi": "Yang Chi", "demonchi": "Demon Chi", "dharmatraits": "Dharma Traits", "handle": "Handle",
    "conviction": "Conviction", "mercy": "Mercy", "vision": "Vision", "zeal": "Zeal", "torment": "Torment",
    "faith": "Faith", "narrator": "Narrator",
}
"""Each attribute of a character's element as a sheet names the text field."""
TEMPORARY = " (temporary)"
ATTRIBUTE_OF = {name: attribute for attribute, name in FIELD_NAMES.items()}


def field_name(attribute: str) -> str:
    """`selfcontrol` → `Self-Control`, `tempblood` → `Blood (temporary)`; one unknown: capitalised."""
    if attribute.startswith("temp") and attribute[4:] in FIELD_NAMES:
        return FIELD_NAMES[attribute[4:]] + TEMPORARY
    return FIELD_NAMES.get(attribute, attribute.capitalize())


def attribute_of(name: str) -> str:
    """The element's attribute for a text field's name (`field_name` the other way)."""
    if name.endswith(TEMPORARY) and name.removesuffix(TEMPORARY) in ATTRIBUTE_OF:
        return "temp" + ATTRIBUTE_OF[name.removesuffix(TEMPORARY)]
    return ATTRIBUTE_OF.get(name, "".join(c for c in name.lower() if c.isalnum()))


def held_elsewhere(tag: str) -> set[str]:
    """The attributes of a creature's element that are no text field of the sheet."""
    ratings = ({} if tag == "various" else {"willpower": 1}) | RATINGS.get(tag, {})
    return BOOKKEEPING | {LINEAGE.get(tag, "")} | set(ratings) | {f"temp{name}" for name in ratings}


def text_fields(tag: str, attributes: dict[str, str]) -> dict[str, str]:
    """The element's attributes the sheet holds as named text fields, in the element's order."""
    elsewhere = held_elsewhere(tag)
    return {field_name(key): value for key, value in attributes.items() if key not in elsewhere}


def is_named_list(tag: str, name: str) -> bool:
    """A list the sheet holds item by item (not a list of Traits, Abilities or Tempers)."""
    return bool(name.strip()) and name not in MAPPED and not (tag == "various" and name == TEMPERS)


_RATINGS = {str(rating): rating for rating in range(1, 100)}
"""A rating as Grapevine writes it (`val="3"`), read at once: the commonest values of a list."""


def item_of(row: ET.Element, decimal: str = ".") -> dict[str, Any] | None:
    """A `<trait>` row as an item (name, rating, note), or None when it is no item."""
    if row.tag != "trait":
        return None
    get = row.get
    name = get("name", "")
    val = get("val", "1")
    rating = _RATINGS.get(val)
    if rating is None:
        number = vb_number(val, decimal)
        if number is None or number != int(number) or not 1 <= number <= ITEM_RATING_LIMIT:
            return None
        rating = int(number)
    if not name.strip() or len(name) > ITEM_NAME_LIMIT:
        return None
    return {"name": name, "rating": rating, "note": get("note", "")}


def items_of(element: ET.Element, decimal: str = ".") -> list[dict[str, Any]]:
    return [item for row in element if (item := item_of(row, decimal)) is not None]


def _key(item: Any) -> tuple[str, int, str]:
    return (item["name"], item["rating"], item["note"]) if isinstance(item, dict) else (item.name, item.rating, item.note)


def written_row(item: Any, was: ET.Element | None = None) -> ET.Element:
    """An item as Grapevine's writer writes its row: name, then `val` unless 1, then `note`
    unless empty; any other attribute of the row it replaces after them."""
    name, rating, note = _key(item)
    attributes = {"name": name}
    if rating != 1:
        attributes["val"] = str(rating)
    if note:
        attributes["note"] = note
    if was is not None:
        attributes |= {k: v for k, v in was.attrib.items() if k not in ("name", "val", "note")}
    return ET.Element("trait", attributes)


def items_now(element: ET.Element, now: list, decimal: str = ".") -> tuple[ET.Element, bool]:
    """The list with its item rows made to say the sheet's items, in the sheet's order: an
    unchanged item keeps its row as written, a changed one is written afresh, every row that
    is no item stays after the item it followed."""
    rows = list(element)
    items = [index for index, row in enumerate(rows) if item_of(row, decimal) is not None]
    before = [_key(item_of(rows[index], decimal)) for index in items]
    after = [_key(item) for item in now]
    if before == after:
        return element, False
    ends = items[1:] + [len(rows)]
    following = {index: rows[index + 1:end] for index, end in zip(items, ends)}
    written = rows[:items[0]] if items else rows
    for op, a0, a1, b0, b1 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        olds = items[a0:a1]
        if op == "equal":
            for index in olds:
                written += [rows[index], *following[index]]
            continue
        for offset, item in enumerate(now[b0:b1]):
            written.append(written_row(item, rows[olds[offset]] if offset < len(olds) else None))
        for index in olds:
            written += following[index]
    made = ET.Element(element.tag, element.attrib)
    made.extend(written)
    return made, True
