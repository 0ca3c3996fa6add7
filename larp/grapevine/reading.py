"""A `<grapevine>` element as a Chronicle of sheets: what the station uses on the sheet, the
rest in `kept`, every misfit said as a warning naming the character and the list."""

import hashlib
import json
import re
import unicodedata
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from larp.grapevine.chronicle_lists import is_named_list, items_of, text_fields
from larp.grapevine.creatures import (
    EXPERIENCE_KINDS, LINEAGE, MAPPED, RATINGS, RENAMED, STATUS, TEMPERS,
)
from larp.grapevine.errors import GrapevineError
from larp.grapevine.lists import NAME_LIMIT, counts_of, rows_of, vb_integer, vb_number
from larp.grapevine.nodes import attributes_of, text_of, to_text
from larp.grapevine.streaming import Record
from larp.sheet.character import Sheet
from larp.sheet.chronicle import Chronicle
from larp.sheet.experience import Experience, ExperienceEntry
from larp.sheet.errors import SheetError
from larp.sheet.loading import validate

RATING_LIMIT = 99
TOP_STANDALONE = ["Willpower", "Rage", "Gnosis"]


@dataclass
class Imported:
    """What a Grapevine file brought: the chronicle, the warnings, characters per creature."""

    chronicle: Chronicle
    warnings: list[str] = field(default_factory=list)
    creatures: dict[str, int] = field(default_factory=dict)
    others: dict[str, int] = field(default_factory=dict)
    """Records that are not characters (items, rotes, players …) per element, kept whole."""
    encoding: str = "cp1252"
    """The code page the file's text was read in."""


CARD_ROOM = 48
"""The lower-case characters a card's QR code holds for the chronicle's id and a character's id
together (with a serial up to 99,999): an imported chronicle's ids are cut to fit it."""
CHRONICLE_ID_LIMIT = 20


CYRILLIC = str.maketrans({
    "а": "a", "б": "b", "в": "v", "г": "g", "ґ": "g", "д": "d", "е": "e", "ё": "e", "є": "ie", "ж": "zh",
    "з": "z", "и": "i", "і": "i", "ї": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o",
    "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh",
    "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "iu", "я": "ia",
})
"""Cyrillic letters as ASCII, so that a Cyrillic name gives a readable id (`Анна` → `anna`)."""


def slug(name: str, fallback: str = "character", limit: int = CARD_ROOM) -> str:
    """A readable id from a name: ASCII letters and digits joined by hyphens (accents dropped,
    Cyrillic spelt in Latin letters), at most `limit`, cut at a hyphen where one is near."""
    plain = unicodedata.normalize("NFKD", name.lower().translate(CYRILLIC)).encode("ascii", "ignore").decode()
    return _cut(re.sub(r"[^a-z0-9]+", "-", plain).strip("-"), limit) or fallback


def _cut(words: str, limit: int) -> str:
    if len(words) <= limit:
        return words
    at = words.rfind("-", 0, limit + 1)
    return (words[:at] if at > limit // 2 else words[:limit]).strip("-")


def id_maker(limit: int = CARD_ROOM) -> Callable[[str], str]:
    """Ids for names as they come: the slug, then `-2`, `-3` … for the next of the same slug,
    each at most `limit` long. The same file always gives the same ids, and an exported file
    keeps its characters in their order, so an id stays with its character through every
    export and import."""
    taken: set[str] = set()

    def next_id(name: str) -> str:
        base = slug(name, limit=limit)
        cid, number = base, 1
        while cid in taken:
            number += 1
            cid = f"{_cut(base, limit - len(str(number)) - 1)}-{number}"
        taken.add(cid)
        return cid

    return next_id


def unique_ids(names: list[str], limit: int = CARD_ROOM) -> list[str]:
    """One id per name, in order (see `id_maker`)."""
    next_id = id_maker(limit)
    return [next_id(name) for name in names]


def sheet_text(text: str) -> str:
    """A text as the sheet holds it: its line breaks LF, whatever the file wrote (CR LF, a bare
    LF or CR); the file's own are kept beside it and written back while the text is unchanged."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_chronicle(root: ET.Element, source: str, stem: str, encoding: str = "cp1252", decimal: str = ".") -> Imported:
    """Every character of a whole `<grapevine>` element as a sheet; every other record kept."""
    return read_records(iter([Record(ET.Element(root.tag, root.attrib)), *map(Record, root)]), source, stem, encoding, decimal)


def read_records(records: Iterator[Record], source: str, stem: str, encoding: str = "cp1252",
                 decimal: str = ".") -> Imported:
    """Every character of the file as a sheet, read as its record comes (`records`: the root,
    attributes only, then each record); every other record kept, in its place (before the first
    character, or after)."""
    root = next(records).element
    title = root.get("chronicle", "").strip() or stem
    chronicle_id = slug(title, "chronicle", CHRONICLE_ID_LIMIT)
    next_id = id_maker(CARD_ROOM - len(chronicle_id))
    warnings: list[str] = []
    sheets: dict[str, Sheet] = {}
    creatures: dict[str, int] = {}
    before: list[ET.Element] = []
    after: list[ET.Element] = []
    others: dict[str, int] = {}
    for record, written in records:
        if record.tag in LINEAGE:
            cid = next_id(record.get("name", ""))
            sheets[cid] = read_character(record, cid, warnings, source, decimal, written)
            creatures[record.tag] = creatures.get(record.tag, 0) + 1
        else:
            (after if sheets else before).append(record)
            others[record.tag] = others.get(record.tag, 0) + 1
    standalone = TOP_STANDALONE + sorted({n for s in sheets.values() for n in s.standalone})
    kept: dict[str, Any] = {"attributes": attributes_of(root)}
    if decimal != ".":
        kept["decimal"] = decimal
    if len(sheets) > 1:
        kept["order"] = list(sheets)
    if encoding not in ("cp1252", "utf-8"):
        kept["encoding"] = encoding
    kept |= {key: to_text(elements) for key, elements in (("before", before), ("after", after)) if elements}
    data = {"id": chronicle_id, "name": title[:NAME_LIMIT].strip() or "Grapevine chronicle",
            "standalone": standalone, "kept": kept, "characters": sheets}
    try:
        chronicle = validate(Chronicle, data)
    except SheetError as error:
        raise GrapevineError(source, f"can't become a chronicle: {error.what}", error.where) from None
    return Imported(chronicle, warnings, creatures, others, encoding)


def read_character(element: ET.Element, cid: str, warnings: list[str], source: str = "", decimal: str = ".",
                   written: str | None = None) -> Sheet:
    """One character's element as a sheet; the element itself (every attribute, every child as
    it was) kept on the sheet, so that the export changes only what the sheet changed. Her
    children are kept as the file wrote them (`written`) when that is given and no list of hers was
    renamed since, else as `to_text` writes them."""
    who = f"{element.get('name', '').strip() or '(no name)'} ({cid})"

    def warn_in(where: str):
        return lambda message: warnings.append(f"{who}, {where}: {message}")

    fields, children = sheet_fields(element, warn_in, decimal)
    as_read = written is not None and all(child is was for child, was in zip(children, element))
    kept = written if as_read else to_text(children)
    sheet = {"id": cid, **fields, "kept": {"attributes": attributes_of(element), "grapevine": kept}}
    try:
        read = validate(Sheet, sheet, who)
    except SheetError as error:
        raise GrapevineError(source, f"can't become a sheet: {error.what}", error.where) from None
    return read.model_copy(update={"kept": {**read.kept, "read": fingerprint(read)}})


def fingerprint(sheet: Sheet) -> str:
    """A digest of the sheet and its kept element as they were read (`kept.read`): while it
    still matches, nothing was changed in larp or by hand, and the export writes the element
    as it was without reading it again. Empty named lists and text fields are left out of it,
    so that a sheet imported before the sheet held them keeps its digest."""
    kept = {key: value for key, value in sheet.kept.items() if key != "read"}
    unread = {name for name in ("lists", "attributes") if not getattr(sheet, name)}
    text = sheet.model_dump_json(exclude={"id", "kept", *unread}) + json.dumps(kept, ensure_ascii=False, sort_keys=True)
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=12).hexdigest()


def _quiet(where: str):
    return lambda message: None


def sheet_fields(element: ET.Element, warn_in=_quiet, decimal: str = ".") -> tuple[dict[str, Any], list[ET.Element]]:
    """What a sheet holds of a character's element (its fields, not yet validated), and the
    element's children with the lists renamed since put under their Grapevine 3 name."""
    attributes = attributes_of(element)
    name = attributes.get("name", "").strip()
    if len(name) > NAME_LIMIT:
        warn_in("name")(f"longer than {NAME_LIMIT} characters: cut to fit")
        name = name[:NAME_LIMIT].strip()
    status = attributes.get("status", "Active")
    fields: dict[str, Any] = {
        "name": name or None, "player": attributes.get("player", ""),
        "creature": element.tag, "lineage": attributes.get(LINEAGE[element.tag], ""),
        "status": STATUS.get(status.strip().lower(), "active"),
        "status_reason": "" if status.strip().lower() in STATUS else f"Grapevine status: {status}",
        "traits": {}, "negative": {}, "abilities": {}, "standalone": {}, "lists": {},
        "attributes": text_fields(element.tag, attributes),
    }
    children: list[ET.Element] = []
    for child in element:
        if child.tag == "traitlist":
            child = _read_list(element.tag, child, fields, warn_in, decimal)
            name = child.get("name", "")
            if is_named_list(element.tag, name) and name not in fields["lists"]:
                fields["lists"][name] = items_of(child, decimal)
        elif child.tag == "experience":
            fields["experience"] = read_experience(child, warn_in("experience"), decimal)
        elif child.tag == "notes":
            fields["notes"] = sheet_text(text_of(child))
        children.append(child)
    _ratings(element.tag, attributes, fields, warn_in)
    fields["lists"] = {name: items for name, items in fields["lists"].items() if items}
    return fields, children


def _read_list(creature: str, element: ET.Element, fields: dict, warn_in, decimal: str) -> ET.Element:
    name = element.get("name", "")
    renamed = RENAMED.get((creature, name))
    if renamed:
        copy = ET.Element(element.tag, {**element.attrib, "name": renamed})
        copy.extend(list(element))
        element = copy
    place = MAPPED.get(name)
    if place is None:
        if creature == "various" and name == TEMPERS:
            _tempers(element, fields, warn_in(name), decimal)
        return element
    counts = counts_of(rows_of(element), warn_in(name), decimal)
    table, category = place
    if category:
        fields[table].setdefault(category, {}).update(_added(fields[table].get(category, {}), counts))
    else:
        fields[table] = _added(fields[table], counts)
    return element


def _added(before: dict[str, int], more: dict[str, int]) -> dict[str, int]:
    """A list given twice adds up, as Grapevine's rows would."""
    total = dict(before)
    for key, count in more.items():
        total[key] = min(total.get(key, 0) + count, 99)
    return total


def _tempers(element: ET.Element, fields: dict, warn, decimal: str) -> None:
    """A `various` character's Willpower, Rage, Gnosis and other tempers: rows of Tempers."""
    for key, count in counts_of(rows_of(element), warn, decimal).items():
        low = key.lower()
        if low in ("willpower", "rage", "gnosis"):
            fields[low] = _rating(count, warn, key)
        else:
            fields["standalone"][key] = _rating(count, warn, key)


def _ratings(creature: str, attributes: dict[str, str], fields: dict, warn_in) -> None:
    if creature != "various":
        fields["willpower"] = _rating(vb_integer(attributes.get("willpower")), warn_in("willpower"), "Willpower")
    for attribute, trait in RATINGS.get(creature, {}).items():
        value = _rating(vb_integer(attributes.get(attribute)), warn_in(trait), trait)
        if attribute in ("rage", "gnosis"):
            fields[attribute] = value
        else:
            fields["standalone"][trait] = value


def _rating(value: int, warn, trait: str) -> int:
    if 0 <= value <= RATING_LIMIT:
        return value
    fitted = min(max(value, 0), RATING_LIMIT)
    warn(f"{trait} {value} is out of 0 to {RATING_LIMIT}: taken as {fitted}")
    return fitted


def read_experience(element: ET.Element, warn, decimal: str = ".") -> Experience:
    """Totals and history as Grapevine reads them (`ExperienceClass.InputFromFile`: GetSingle,
    GetLong): a number with the file's decimal mark; one that is not a number is 0, as in
    Grapevine, and said; dates stay as the writer's locale wrote them."""

    def number(node: ET.Element, key: str) -> float:
        text = node.get(key)
        value = vb_number(text, decimal)
        if value is None and text is not None:
            where = f"the {key} of the entry of {node.get('date', '')!r}" if node is not element else f"{key}"
            warn(f"{where} is {text!r}, not a number: read as 0, as Grapevine reads it")
        return value or 0.0

    history = []
    for entry in element:
        if entry.tag != "entry":
            continue
        kind = vb_integer(entry.get("type"))
        if not 0 <= kind < len(EXPERIENCE_KINDS):
            warn(f"an entry of type {entry.get('type')!r}, which Grapevine does not know, is read as a comment")
            kind = len(EXPERIENCE_KINDS) - 1
        history.append(ExperienceEntry(
            date=entry.get("date", ""), change=number(entry, "change"),
            type=EXPERIENCE_KINDS[kind], reason=attributes_of(entry).get("reason", ""),
        ))
    return Experience(earned=number(element, "earned"), unspent=number(element, "unspent"), history=history)
