"""The records of Grapevine's binary files, each read into the element its XML writer writes.

A layout is the `OutputToBinary` of a Grapevine class (its VB6 source, 3.01), field by field in
the order written; each field names the XML attribute or child its `OutputToFile` makes of it
and when that writer leaves it out (`WriteAttribute` with an omit value; `WriteCDataTag` when
empty). Field codes:

  s:name   a String attribute, left out when empty
  i:name   an Integer attribute, always written
  i+:name  an Integer and then (from 2.397) its temporary value `tempname`, left out when equal
  z:name   an Integer attribute left out when 0
  f:name   a Single attribute
  d:name   a Date attribute (a character's start date: before 2.397 a String, read as a date
           when it is one, else left out, where Grapevine would put the time of loading)
  b:name   a Boolean attribute (`yes`/`no`), left out when False
  a:name   a vampire's Aura bonus: Grapevine writes it as a second `aura` attribute unless it is
           "+0", and a reader keeps the first `aura`, so it shows only when the Aura is empty
  e:name   a wraith's ethnos, a Long written as its word
  S:name   a player's status: a String since 2.397, before it a Boolean (Active or Inactive)
  L        a trait list (`<traitlist>`), self-described: its name and flags are in the file
  M        a character's Physical, Social or Mental list: before 2.397 the maxima were not
           written, and Grapevine makes them the largest of 11 and these lists' counts
  c:name   a String written as a child element's text, left out when empty
  x        an experience history (`<experience>` and its `<entry>` rows)
  B        a vampire's boons (`<boon>`), since 2.399

`2.399>` before a code: the field is in files of that version and later only; in an older file
the value after `=` is what Grapevine gives it (`2.396>i:gauntlet=7`), and a list named after
`L:` is the empty list Grapevine starts with (alphabetised, atomic, its notes shown).
"""

import math
import xml.etree.ElementTree as ET
from datetime import datetime

from larp.grapevine.vbfile import Reader, day_text

_HEAD = "s:name s:nature s:demeanor"
_MAXES = "2.397>i:physicalmax 2.397>i:socialmax 2.397>i:mentalmax"
_TAIL = "s:player s:status s:id d:startdate s:narrator b:npc d:lastmodified x"
_CORE = "M M M L L L"
"""Physical, Social, Mental and their three Negative lists."""
_GEAR = "L L"
"""Equipment and Locations, written last of a character's lists."""

CREATURES = {
    2: ("vampire", f"{_HEAD} s:clan s:sect s:coterie 2.399>s:sire i:generation s:title i+:blood i+:willpower "
                   f"i+:conscience i+:selfcontrol i+:courage s:path i+:pathtraits 2.399>s:aura 2.399>a:aura "
                   f"{_MAXES} {_TAIL} {_CORE} L L L L L L L L L L L L {_GEAR} B 2.397>c:biography c:notes"),
    3: ("werewolf", f"{_HEAD} s:tribe s:breed s:auspice s:rank s:pack s:totem s:camp s:position z:notoriety "
                    f"i+:rage i+:gnosis i+:willpower i:honor i:glory i:wisdom f:temphonor f:tempglory "
                    f"f:tempwisdom {_MAXES} {_TAIL} {_CORE} L L L L L L L L L L L L {_GEAR} 2.397>c:biography c:notes"),
    4: ("mortal", f"{_HEAD} s:motivation s:association 2.399>s:regnant s:title i+:willpower i+:humanity "
                  f"i+:conscience i+:selfcontrol i+:courage i+:blood i+:truefaith {_MAXES} {_TAIL} {_CORE} "
                  f"L L L L L L L L L {_GEAR} c:other 2.397>c:biography c:notes"),
    5: ("changeling", f"s:name s:seelie s:unseelie s:court s:kith s:seeming s:house s:threshold s:title "
                      f"i+:glamour i+:banality i+:willpower {_MAXES} {_TAIL} {_CORE} L L L L L L L L L "
                      f"{_GEAR} c:oaths 2.397>c:biography c:notes"),
    6: ("wraith", f"s:name e:ethnos s:nature s:demeanor s:guild s:faction s:legion s:rank i+:pathos i+:corpus "
                  f"i+:willpower s:shadowarchetype s:shadowplayer i+:angst {_MAXES} {_TAIL} {_CORE} L L L L "
                  f"c:passions c:fetters c:life c:death c:haunt c:regret L L L {_GEAR} c:darkpassions L c:notes"),
    7: ("mage", f"{_HEAD} s:essence s:tradition s:faction s:cabal s:rank i+:willpower i+:arete "
                f"i+:quintessence i+:paradox {_MAXES} {_TAIL} {_CORE} L L L L L L L L L L {_GEAR} "
                f"c:foci 2.397>c:biography c:notes"),
    8: ("fera", f"{_HEAD} s:fera s:breed s:auspice s:rank s:pack s:totem s:position z:notoriety i+:rage "
                f"i+:gnosis i+:willpower i:honor i:glory i:wisdom f:temphonor f:tempglory f:tempwisdom "
                f"{_MAXES} {_TAIL} {_CORE} L L L L L L L L L L L L {_GEAR} 2.397>c:biography c:notes"),
    9: ("various", f"{_HEAD} s:class s:subclass s:affinity s:plane 2.397>s:brood {_MAXES} {_TAIL} L {_CORE} "
                   f"L L L L L {_GEAR} c:other 2.397>c:biography c:notes"),
    10: ("mummy", f"s:name s:amenti s:nature s:demeanor i+:willpower i+:sekhem i+:balance i+:memory "
                  f"i+:integrity i+:joy i+:ba i+:ka {_MAXES} {_TAIL} {_CORE} L L L L L L L L L L L "
                  f"{_GEAR} c:inheritance 2.397>c:biography c:notes"),
    11: ("kueijin", f"{_HEAD} s:dharma s:balance s:direction s:station s:poarchetype i+:hun i+:po i+:yinchi "
                    f"i+:yangchi i+:demonchi i+:dharmatraits i+:willpower {_MAXES} {_TAIL} {_CORE} "
                    f"L L L L L L L L L L {_GEAR} 2.397>c:biography c:notes"),
    12: ("hunter", f"s:name s:creed s:nature s:demeanor s:camp s:handle i+:conviction i+:willpower i+:mercy "
                   f"i+:vision i+:zeal {_MAXES} {_TAIL} {_CORE} L L L L L L L L {_GEAR} 2.397>c:biography c:notes"),
    13: ("demon", f"s:name s:house s:faction s:nature s:demeanor i+:torment i+:faith i+:willpower "
                  f"i+:conscience i+:conviction i+:courage {_MAXES} {_TAIL} {_CORE} L L L L L L L L "
                  f"{_GEAR} 2.397>c:biography c:notes"),
}
CREATURES[1] = CREATURES[9]
"""Grapevine's race codes (its `RaceType`), each with its XML element and its layout. A Various
character is written with the code 1 (`gvRaceAll`), not 9: so in `one_of_each.bin.gex`, saved
by Grapevine 3 beside its XML twin, where the character after the vampire is the Various one.
Grapevine's own loader has no case for 1 (it would read the Various as the vampire before it);
this reader takes 1 and 9 both as Various."""

PLAYER = ("player", "s:name s:id s:email s:phone s:position S:status d:lastmodified x c:address c:notes")
ITEM = ("item", "s:name s:type s:subtype i:level i:bonus s:damage i:amount s:conceal L L L L "
                "c:powers c:appearance c:notes d:lastmodified")
ROTE = ("rote", "s:name i:level s:duration L c:description c:grades d:lastmodified")
LOCATION = ("location", "s:name s:type i:level s:owner 2.399>s:access s:affinity s:totem "
                        "2.396>i:securitytraits=7 2.396>i:securityretests=0 2.396>i:gauntlet=7 2.399>L:Links "
                        "c:where c:appearance c:security 2.396>c:umbra c:notes d:lastmodified")
BOON = ("boon", "s:type s:partner b:owed d:date c:description")
ETHNOS = {0: "Wraith", 1: "Risen", 2: "Spectre"}
"""A wraith's `EthnosType`; any other value is written as no attribute at all."""
SOCIAL_MAX = {"socialmax", "mentalmax"}
"""Left out when equal to `physicalmax`."""


def _parse(tag: str, layout: str) -> tuple[tuple[float, str, str, str, str], ...]:
    """Each field of a layout: since which version, its code, its name, how an error names it,
    and its value in a file from before that version."""
    fields = []
    for word in layout.split():
        since, _, code = word.rpartition(">")
        kind, _, name = code.partition(":")
        name, _, default = name.partition("=")
        what = {"L": f"a {tag}'s trait list", "x": f"a {tag}'s experience", "B": f"the boons of a {tag}"}
        fields.append((float(since or 0), kind, name, what.get(kind, f"the {name} of a {tag}"), default))
    return tuple(fields)


_LAYOUTS = {tag: _parse(tag, layout) for tag, layout in [*CREATURES.values(), PLAYER, ITEM, ROTE, BOON,
                                                              LOCATION]}
MAXIMA_SINCE = 2.397


def read_record(reader: Reader, tag: str, version: float) -> ET.Element:
    """One record of the layout of `tag`, as the element Grapevine's XML writer makes of it."""
    element = ET.Element(tag)
    attributes = element.attrib
    for since, kind, name, what, default in _LAYOUTS[tag]:
        if version < since:
            if default:
                attributes[name] = default
            elif kind == "L" and name:
                ET.SubElement(element, "traitlist", name=name, abc="yes", atomic="yes", display="5")
            continue
        if kind == "s":
            _keep(attributes, name, reader.text(what), "")
        elif kind in ("i", "z"):
            value = str(reader.integer(what))
            _keep(attributes, name, value, "0" if kind == "z" else attributes.get("physicalmax")
                  if name in SOCIAL_MAX else None)
        elif kind == "i+":
            attributes[name] = str(reader.integer(what))
            if version >= MAXIMA_SINCE:
                _keep(attributes, f"temp{name}", str(reader.integer(what)), attributes[name])
        elif kind == "f":
            attributes[name] = reader.single(what)
        elif kind == "d" and (version >= MAXIMA_SINCE or name != "startdate"):
            attributes[name] = reader.date(what)
        elif kind == "d":
            _keep(attributes, name, written_date(reader.text(what)), "")
        elif kind == "b":
            _keep(attributes, name, "yes" if reader.boolean(what) else "no", "no")
        elif kind == "a":
            bonus = reader.text(what)
            if name not in attributes:
                _keep(attributes, name, bonus, "+0")
        elif kind == "e":
            ethnos = ETHNOS.get(reader.long(what))
            if ethnos:
                attributes[name] = ethnos
        elif kind == "S":
            status = reader.text(what) if version >= 2.397 else (
                "Active" if reader.boolean(what) else "Inactive")
            _keep(attributes, name, status, "")
        elif kind in ("L", "M"):
            element.append(read_trait_list(reader, what))
            if kind == "M" and version < MAXIMA_SINCE:
                maximum = max(int(attributes.get("physicalmax", 11)), _count(element[-1]))
                attributes["physicalmax"] = str(maximum)
        elif kind == "c":
            text = reader.text(what, attribute=False)
            if text:
                ET.SubElement(element, name).text = text
        elif kind == "x":
            element.append(read_experience(reader, what))
        elif kind == "B":
            for _ in range(reader.count(what, 16)):
                element.append(read_record(reader, "boon", version))
    return element


def _count(trait_list: ET.Element) -> int:
    """A list's `Count` as Grapevine takes it: the rows of an atomic list, else the sum of the
    values (a value that is no number counts 0), made an Integer (halves to even)."""
    if trait_list.get("atomic") == "yes":
        return len(trait_list)
    return round(sum(_number(row.get("val", "1")) for row in trait_list))


def _number(text: str) -> float:
    """VB's `IsNumeric` then `CDbl`, else 0 (this room's `lists` reads values the same way, but
    importing it from here would close a circle through `files`)."""
    try:
        number = float(text.strip())
    except ValueError:
        return 0
    return number if math.isfinite(number) else 0


def written_date(text: str) -> str:
    """A date a file before 2.397 kept as text, as Grapevine's `CStr` writes it back; empty when
    it is no date Grapevine's `IsDate` takes (English-US forms only)."""
    for shape in ("%m/%d/%Y %I:%M:%S %p", "%m/%d/%Y %I:%M %p", "%m/%d/%Y %H:%M:%S", "%m/%d/%Y", "%m/%d/%y"):
        try:
            moment = datetime.strptime(text.strip(), shape)
        except ValueError:
            continue
        return day_text(moment - datetime(1899, 12, 30))
    return ""


def _keep(attributes: dict[str, str], name: str, value: str, omit: str | None) -> None:
    if value != omit:
        attributes[name] = value


def read_trait_list(reader: Reader, what: str) -> ET.Element:
    """A `LinkedTraitList`: its name, flags, display and rows of name, value and note."""
    name = reader.text(f"the name of {what}")
    element = ET.Element("traitlist")
    _keep(element.attrib, "name", name, "")
    what = f"the trait list {name!r}" if name else what
    element.set("abc", "yes" if reader.boolean(f"the order of {what}") else "no")
    if reader.boolean(f"the atomic flag of {what}"):
        element.set("atomic", "yes")
    if reader.boolean(f"the negative flag of {what}"):
        element.set("negative", "yes")
    element.set("display", str(reader.long(f"the display of {what}")))
    row = f"a trait of {what}"
    for _ in range(reader.count(f"traits in {what}", 6)):
        trait = ET.SubElement(element, "trait")
        _keep(trait.attrib, "name", reader.text(row), "")
        _keep(trait.attrib, "val", reader.text(row), "1")
        _keep(trait.attrib, "note", reader.text(row), "")
    return element


def read_experience(reader: Reader, what: str) -> ET.Element:
    """An `ExperienceClass`: unspent and earned, then each entry of the history."""
    element = ET.Element("experience")
    element.set("unspent", reader.single(f"the unspent total of {what}"))
    element.set("earned", reader.single(f"the earned total of {what}"))
    row = f"an entry of {what}"
    for _ in range(reader.count(f"entries in {what}", 26)):
        entry = ET.SubElement(element, "entry")
        entry.set("date", reader.date(row))
        entry.set("change", reader.single(row))
        entry.set("type", str(reader.long(row)))
        _keep(entry.attrib, "reason", reader.text(row), "")
        entry.set("earned", reader.single(row))
        entry.set("unspent", reader.single(row))
    return element
