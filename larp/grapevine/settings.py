"""A Grapevine game's own records in its binary files: the game's head (title, contacts, options,
menu file), calendar, experience awards, output templates, action/plot/rumor settings and
searches (queries), each read into the element Grapevine's XML writer makes of it.

Layouts from Grapevine 3.01's `GameClass.SaveGameBinary`/`OpenGameBinary`, `CalendarClass`,
`ExperienceAwardClass`, `TemplateClass`, `APREngineClass`, `QueryClass` and `QueryClauseClass`.
No real binary game file has been seen: these are proved only on files made by that layout.
"""

import xml.etree.ElementTree as ET

from larp.grapevine.records import read_trait_list
from larp.grapevine.vbfile import Reader, vb_number

TABLES = {1: "chars", 2: "players", 4: "items", 128: "rotes", 8: "locs", 16: "actions", 32: "plots",
          64: "rumors"}
"""A query's `QueryInventoryType` and the word its XML writer gives it."""
COMPARISONS = ("[=", "==", "+=", "+", "-", "-=", "[==", "[+=", "[+", "[-", "[-=", "#=", "#+=", "#+", "#-=",
               "#-", "[N", "=T", "=F")
"""A clause's `QueryCompareType` (0 to 18) as its XML writer writes it."""
RUMORS = ("publicrumors", "personalrumors", "racerumors", "grouprumors", "subgrouprumors", "influencerumors",
          "previousrumors", "copyprevious")
DEFAULT_RANDOM_TRAITS = "7,5,3,5,5,5,5"


def _flag(element: ET.Element, name: str, value: bool, omit: bool) -> None:
    if value != omit:
        element.set(name, "yes" if value else "no")


def _text(element: ET.Element, name: str, value: str, omit: str = "") -> None:
    if value != omit:
        element.set(name, value)


def read_game_head(reader: Reader, version: float, root: ET.Element) -> None:
    """What a game file holds before its players: the `<grapevine>` attributes, usual place,
    description, calendar, awards, templates and action/plot/rumor settings."""
    root.set("size", str(reader.integer("the game's size")))
    for name in ("chronicle", "website", "email", "phone", "usualtime"):
        _text(root, name, reader.text(f"the game's {name}"))
    place = reader.text("the game's usual place", attribute=False)
    description = reader.text("the game's description", attribute=False)
    _flag(root, "extendedhealth", reader.boolean("the game's health option"), True)
    _flag(root, "enforcehistory", reader.boolean("the game's history option"), True)
    random_traits = DEFAULT_RANDOM_TRAITS
    if version == 2.396:
        reader.boolean("an option of the 2.396 format")
    if version >= 2.397:
        _text(root, "stcommentstart", reader.text("the game's comment mark"), "[ST]")
        _text(root, "stcommentend", reader.text("the game's comment mark"), "[/ST]")
        _flag(root, "linktraitmax", reader.boolean("the game's Trait maximum option"), True)
        if version >= 2.399:
            random_traits = reader.text("the game's random Traits")
    _text(root, "randomtraits", random_traits)
    _text(root, "menupath", reader.text("the game's menu file"))
    for tag, text in (("usualplace", place), ("description", description)):
        ET.SubElement(root, tag).text = text or None
    root.append(read_calendar(reader, version))
    if version >= 2.397:
        for _ in range(reader.count("experience awards", 16)):
            root.append(read_award(reader))
        for _ in range(reader.count("templates", 10)):
            root.append(read_template(reader))
    root.append(read_aprsettings(reader, version))


def read_calendar(reader: Reader, version: float) -> ET.Element:
    element = ET.Element("calendar")
    if version >= 2.395:
        element.set("lastmodified", reader.date("the calendar's last change"))
    for _ in range(reader.count("game dates", 14)):
        game = ET.SubElement(element, "game", date=reader.date("a game date"))
        _text(game, "time", reader.text("a game's time"))
        for tag in ("place", "notes"):
            text = reader.text(f"a game's {tag}", attribute=False)
            if text:
                ET.SubElement(game, tag).text = text
    return element


def read_award(reader: Reader) -> ET.Element:
    element = ET.Element("award", use="XP" if reader.boolean("an award's kind") else "PP")
    _text(element, "name", reader.text("an award's name"))
    element.set("type", str(reader.long("an award's type")))
    element.set("change", reader.single("an award's change"))
    _text(element, "reason", reader.text("an award's reason"))
    return element


def read_template(reader: Reader) -> ET.Element:
    element = ET.Element("template")
    _text(element, "name", reader.text("a template's name"))
    _flag(element, "sheet", reader.boolean("a template's kind"), False)
    for name in ("text", "rtf", "html"):
        _text(element, name, reader.text(f"a template's {name} file"))
    return element


def read_aprsettings(reader: Reader, version: float) -> ET.Element:
    """The action/plot/rumor settings; the two lists come Backgrounds then Actions in the binary
    file and the other way round in the XML."""
    element = ET.Element("aprsettings", personalactions=str(reader.integer("the personal actions")))
    _flag(element, "addcommon", reader.boolean("an action setting"), False)
    if version >= 2.397:
        _flag(element, "carryunused", reader.boolean("an action setting"), False)
    for name in RUMORS:
        _flag(element, name, reader.boolean("a rumor setting"), False)
    backgrounds = read_trait_list(reader, "the background actions")
    element.append(read_trait_list(reader, "the actions per level"))
    element.append(backgrounds)
    return element


def read_query(reader: Reader, version: float) -> ET.Element:
    element = ET.Element("query")
    _text(element, "name", reader.text("a search's name"))
    _text(element, "table", TABLES.get(reader.long("a search's table"), ""))
    element.set("match", "all" if reader.boolean("a search's match") else "any")
    _text(element, "sort", reader.text("a search's sort"))
    _flag(element, "descend", reader.boolean("a search's order"), False)
    if version >= 2.395:
        element.set("lastmodified", reader.date("a search's last change"))
    for _ in range(reader.count("clauses of a search", 18)):
        clause = ET.SubElement(element, "clause")
        _text(clause, "field", reader.text("a clause's field"))
        start = reader.at
        comparison = reader.long("a clause's comparison")
        if not 0 <= comparison < len(COMPARISONS):
            raise reader.error(f"gives a search's clause the comparison {comparison}: a damaged file", start)
        clause.set("comp", ("!" if reader.boolean("a clause's negation") else "") + COMPARISONS[comparison])
        _text(clause, "find", reader.text("a clause's text"))
        _text(clause, "val", vb_number(reader.double("a clause's number"), 15), "0")
    return element
