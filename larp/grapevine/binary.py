"""Grapevine's binary files, exchange (`GVBE`, `.gex`) and game (`GVBG`, `.gv3`), read into the
same `<grapevine>` element tree its XML twin parses to.

The layout is what Grapevine 3.01's `GameClass` writes (`SaveExchangeBinary`, `SaveGameBinary`)
and reads (`LoadExchangeBinary`, `OpenGameBinary`): a String header, the format version as a
Double, then the sections in a fixed order, each an Integer count and that many records (see
`records` for a record's fields). Versions 2.395 to 3.x are read; what this reader can't read
(a section it has no layout for) is refused by name,
never skipped, since the sections follow one another with no lengths to skip by.
"""

import xml.etree.ElementTree as ET

from larp.grapevine.records import CREATURES, ITEM, LOCATION, PLAYER, ROTE, read_record
from larp.grapevine.settings import (read_aprsettings, read_award, read_calendar, read_game_head, read_query,
                                     read_template)
from larp.grapevine.vbfile import Reader, vb_number

EXCHANGE, GAME = "GVBE", "GVBG"
OLDEST, NEWEST = 2.395, 4.0
"""The versions read: 2.395 (the first binary exchange format) up to, not including, 4."""
GAMES_SINCE = 2.396
"""A game file before 2.396 kept no action/plot/rumor settings (Grapevine made its defaults)."""
_LATER = ("queries", "items", "rotes", "locations", "actions", "plots", "rumors")
_SMALLEST = {"queries": 22, "items": 56, "rotes": 24, "locations": 30}
_RECORDS = {"items": ITEM[0], "rotes": ROTE[0], "locations": LOCATION[0]}
"""The fewest bytes a record of the section takes (empty strings and lists), to refuse an
absurd count before reading."""


def read_binary(data: bytes, source: str) -> ET.Element:
    """The `<grapevine>` element of a binary Grapevine file; a GrapevineError naming the byte
    where a truncated, damaged or unreadable file goes wrong."""
    reader = Reader(data, source)
    magic = reader.text("the file's header")
    if magic not in (EXCHANGE, GAME):
        raise reader.error(f"is not a binary Grapevine exchange or game file (its header is {magic[:8]!r})", 0)
    version = reader.double("the format version")
    if not OLDEST <= version < NEWEST:
        raise reader.error(f"is in Grapevine's binary format version {vb_number(version, 15)}, which larp "
                           f"does not read (it reads {OLDEST} to 3.x): save it from Grapevine as XML", 6)
    root = ET.Element("grapevine", version=vb_number(version, 15))
    if magic == GAME:
        if version < GAMES_SINCE:
            raise reader.error(f"is a game file of Grapevine's format {vb_number(version, 15)}, older than "
                               f"{GAMES_SINCE}, which larp does not read: open and save it in Grapevine 3", 6)
        read_game_head(reader, version, root)
    else:
        _read_settings(reader, version, root)
    for _ in range(reader.count("players", 30)):
        root.append(read_record(reader, PLAYER[0], version))
    _read_characters(reader, version, root)
    for section in _LATER:
        if section not in _SMALLEST:
            _refuse_any(reader, section)
            continue
        for _ in range(reader.count(section, _SMALLEST[section])):
            root.append(read_query(reader, version) if section == "queries" else
                        read_record(reader, _RECORDS[section], version))
    if reader.remaining():
        raise reader.error(f"goes on for {reader.remaining()} bytes after the last section Grapevine "
                           "writes: a damaged file, or not Grapevine's")
    return root


def _read_settings(reader: Reader, version: float, root: ET.Element) -> None:
    """An exchange file's game settings, as Grapevine's exchange dialog offers them: a calendar
    and action/plot/rumor settings each behind a flag (present when above 0), then the awards
    and the templates each behind a count."""
    if version >= 2.395 and reader.integer("the calendar's flag") > 0:
        root.append(read_calendar(reader, version))
    if version < 2.397:
        return
    if reader.integer("the action settings' flag") > 0:
        root.append(read_aprsettings(reader, version))
    for _ in range(reader.count("experience awards", 16)):
        root.append(read_award(reader))
    for _ in range(reader.count("templates", 10)):
        root.append(read_template(reader))


def _refuse_any(reader: Reader, what: str) -> None:
    start = reader.at
    number = reader.integer(f"the count of {what}")
    if number != 0:
        raise reader.error(f"holds {what} ({number}), which larp does not read from a binary file: "
                           f"save the file from Grapevine as XML, or export it without {what}", start)


def _read_characters(reader: Reader, version: float, root: ET.Element) -> None:
    total = reader.count("characters", 60)
    for number in range(1, total + 1):
        start = reader.at
        code = reader.integer(f"the type of character {number}")
        if code not in CREATURES:
            raise reader.error(f"gives character {number} the type {code}, which is none of Grapevine's "
                               "twelve creature types: a damaged file", start)
        root.append(read_record(reader, CREATURES[code][0], version))
