"""Small Grapevine files made by hand as Grapevine's writer lays them out (CRLF, two spaces of
indent), read, changed as larp changes a sheet, written, and read back by Grapevine's loader."""

from datetime import datetime

from larp.grapevine.streaming import open_records
from larp.grapevine.folder import grapevine_date
from larp.grapevine.reading import Imported, read_records
from larp.grapevine.writing import write_gex
from larp.sheet.chronicle import Chronicle
from larp.sheet.experience import ExperienceEntry
from tests.grapevine.vb_loader import Character, load

NOW = grapevine_date(datetime(2026, 11, 28, 14, 5, 9))


def gex(*characters: str) -> bytes:
    """An exchange file holding these characters' elements (lines joined by CR LF)."""
    lines = ['<?xml version="1.0"?>', '<grapevine version="3" chronicle="Hand Made">', *characters, "</grapevine>", ""]
    return "\r\n".join(lines).encode("cp1252")


def listed(name: str, *rows: str, attributes: str = 'abc="yes" display="1"') -> list[str]:
    """The lines of a trait list holding these rows (each a `<trait …/>`)."""
    return [f'    <traitlist name="{name}" {attributes}>', *(f"      {row}" for row in rows), "    </traitlist>"]


def imported(data: bytes) -> Imported:
    """The file read as `larp chronicle import` reads it, a record at a time."""
    opened = open_records(data, "hand.gex")
    return read_records(opened.records, "hand.gex", "hand", opened.encoding, opened.decimal)


def changed(chronicle: Chronicle, cid: str, **update) -> Chronicle:
    sheets = dict(chronicle.characters)
    sheets[cid] = sheets[cid].model_copy(update=update)
    return chronicle.model_copy(update={"characters": sheets})


def exported(chronicle: Chronicle) -> bytes:
    return write_gex(chronicle, NOW)


def loaded(data: bytes, decimal: str = ".") -> list[Character]:
    return load(data, decimal)


def award(sheet, points: float, reason: str = "Game", date: str = "2026-11-20"):
    """The sheet's experience with an award of `points`, as the season adds one."""
    xp = sheet.experience
    entry = ExperienceEntry(date=date, change=points, type="earned", reason=reason)
    return xp.model_copy(update={"earned": xp.earned + points, "unspent": xp.unspent + points,
                                 "history": [*xp.history, entry]})


def purchase(sheet, cost: float, reason: str, date: str = "2026-11-21"):
    xp = sheet.experience
    entry = ExperienceEntry(date=date, change=cost, type="spent", reason=reason)
    return xp.model_copy(update={"unspent": xp.unspent - cost, "history": [*xp.history, entry]})


def lines_of(data: bytes) -> list[bytes]:
    return data.split(b"\r\n")
