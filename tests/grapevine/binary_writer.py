"""Test helper: a Grapevine binary game file (GVBG) made from a parsed XML game file, field by
field as Grapevine 3.01's `SaveGameBinary` and each class's `OutputToBinary` write it. No real
binary game file is at hand; this makes one from the real XML game file's data."""

import struct
import xml.etree.ElementTree as ET
from datetime import datetime

from larp.grapevine import records, settings


class Writer:
    def __init__(self) -> None:
        self.parts: list[bytes] = []

    def integer(self, value) -> None:
        self.parts.append(struct.pack("<h", int(value)))

    def long(self, value) -> None:
        self.parts.append(struct.pack("<i", int(value)))

    def boolean(self, value: bool) -> None:
        self.integer(-1 if value else 0)

    def single(self, text: str) -> None:
        self.parts.append(struct.pack("<f", float(text)))

    def double(self, value: float) -> None:
        self.parts.append(struct.pack("<d", value))

    def text(self, value: str | None) -> None:
        raw = (value or "").strip().encode("cp1252")
        self.integer(len(raw))
        self.parts.append(raw)

    def date(self, text: str) -> None:
        if "/" not in text:
            clock = datetime.strptime(text, "%I:%M:%S %p")
            self.double((clock - datetime(1900, 1, 1)).total_seconds() / 86400)
            return
        for shape in ("%m/%d/%Y %I:%M:%S %p", "%m/%d/%Y"):
            try:
                moment = datetime.strptime(text, shape)
                break
            except ValueError:
                continue
        self.double((moment - datetime(1899, 12, 30)).total_seconds() / 86400)

    def data(self) -> bytes:
        return b"".join(self.parts)


def trait_list(out: Writer, element: ET.Element) -> None:
    out.text(element.get("name"))
    for flag in ("abc", "atomic", "negative"):
        out.boolean(element.get(flag) == "yes")
    out.long(element.get("display"))
    out.integer(len(element))
    for trait in element:
        out.text(trait.get("name"))
        out.text(trait.get("val", "1"))
        out.text(trait.get("note"))


def record(out: Writer, element: ET.Element, version: float = 3.0) -> None:
    lists = iter(element.findall("traitlist"))
    for since, kind, name, _, _ in records._LAYOUTS[element.tag]:
        value = element.get(name, "")
        if since > version:
            continue
        if kind == "d" and name == "startdate" and version < records.MAXIMA_SINCE:
            out.text(value)
        elif kind in ("s", "a", "S"):
            out.text(value if kind != "a" else "+0")
        elif kind in ("i", "z"):
            out.integer(value or element.get("physicalmax", 0))
        elif kind == "i+":
            out.integer(value)
            if version >= records.MAXIMA_SINCE:
                out.integer(element.get(f"temp{name}", value))
        elif kind == "f":
            out.single(value)
        elif kind == "d":
            out.date(value)
        elif kind == "b":
            out.boolean(value == "yes")
        elif kind in ("L", "M"):
            trait_list(out, next(lists))
        elif kind == "c":
            out.text(element.findtext(name))
        elif kind == "x":
            experience(out, element.find("experience"))
        elif kind == "B":
            out.integer(0)


def experience(out: Writer, element: ET.Element) -> None:
    out.single(element.get("unspent"))
    out.single(element.get("earned"))
    out.integer(len(element))
    for entry in element:
        out.date(entry.get("date"))
        out.single(entry.get("change"))
        out.long(entry.get("type"))
        out.text(entry.get("reason"))
        out.single(entry.get("earned"))
        out.single(entry.get("unspent"))


def exchange_file(characters: list[ET.Element], version: float) -> bytes:
    """An exchange file of that format version holding these characters and nothing else."""
    out = Writer()
    out.text("GVBE")
    out.double(version)
    for _ in range(5 if version >= 2.397 else 2):  # the settings' flags and counts, the players
        out.integer(0)
    out.integer(len(characters))
    for character in characters:
        out.integer(next(code for code, (tag, _) in records.CREATURES.items() if tag == character.tag))
        record(out, character, version)
    for _ in range(7):
        out.integer(0)
    return out.data()


def game_file(root: ET.Element) -> bytes:
    out = Writer()
    out.text("GVBG")
    out.double(float(root.get("version")))
    out.integer(root.get("size"))
    for name in ("chronicle", "website", "email", "phone", "usualtime"):
        out.text(root.get(name))
    out.text(root.findtext("usualplace"))
    out.text(root.findtext("description"))
    for name in ("extendedhealth", "enforcehistory"):
        out.boolean(root.get(name, "yes") == "yes")
    out.text(root.get("stcommentstart", "[ST]"))
    out.text(root.get("stcommentend", "[/ST]"))
    out.boolean(root.get("linktraitmax", "yes") == "yes")
    out.text(root.get("randomtraits"))
    out.text(root.get("menupath"))
    calendar = root.find("calendar")
    out.date(calendar.get("lastmodified"))
    out.integer(len(calendar))
    for game in calendar:
        out.date(game.get("date"))
        for field in (game.get("time"), game.findtext("place"), game.findtext("notes")):
            out.text(field)
    awards, templates = root.findall("award"), root.findall("template")
    out.integer(len(awards))
    for award in awards:
        out.boolean(award.get("use") == "XP")
        out.text(award.get("name"))
        out.long(award.get("type"))
        out.single(award.get("change"))
        out.text(award.get("reason"))
    out.integer(len(templates))
    for template in templates:
        out.text(template.get("name"))
        out.boolean(template.get("sheet") == "yes")
        for name in ("text", "rtf", "html"):
            out.text(template.get(name))
    apr = root.find("aprsettings")
    out.integer(apr.get("personalactions"))
    for name in ("addcommon", "carryunused", *settings.RUMORS):
        out.boolean(apr.get(name) == "yes")
    trait_list(out, apr.find("traitlist[@name='Backgrounds']"))
    trait_list(out, apr.find("traitlist[@name='Actions']"))
    players = root.findall("player")
    out.integer(len(players))
    for player in players:
        record(out, player)
    characters = [child for child in root if child.tag in {tag for tag, _ in records.CREATURES.values()}]
    out.integer(len(characters))
    for character in characters:
        out.integer(next(code for code, (tag, _) in records.CREATURES.items() if tag == character.tag))
        record(out, character)
    queries = root.findall("query")
    out.integer(len(queries))
    tables = {word: code for code, word in settings.TABLES.items()}
    for query in queries:
        out.text(query.get("name"))
        out.long(tables[query.get("table")])
        out.boolean(query.get("match") == "all")
        out.text(query.get("sort"))
        out.boolean(query.get("descend") == "yes")
        out.date(query.get("lastmodified"))
        out.integer(len(query))
        for clause in query:
            out.text(clause.get("field"))
            out.long(settings.COMPARISONS.index(clause.get("comp").lstrip("!")))
            out.boolean(clause.get("comp").startswith("!"))
            out.text(clause.get("find"))
            out.double(float(clause.get("val", "0")))
    for tag in ("item", "rote"):
        found = root.findall(tag)
        out.integer(len(found))
        for element in found:
            record(out, element)
    for _ in range(4):
        out.integer(0)
    return out.data()
