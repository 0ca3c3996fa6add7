"""Reading what Visual Basic 6 wrote with `Put #`: the values of Grapevine's binary files.

Little-endian throughout: Integer 2 bytes, Long 4, Single 4, Double 8, Boolean 2 (0 is False,
anything else True), Date a Double of days since 30 December 1899 (the fraction the time of
day), a String as Grapevine's `PutStrB` writes it: an Integer length then that many bytes of
Windows-1252. Every read checks what remains first, so a short or damaged file is refused with
the byte offset, never read past its end. Values come out as the text Grapevine's XML writer
gives them (`CStr` in an English-US Windows), so a binary file and its XML twin say the same.
"""

import math
import struct
from datetime import date, timedelta

from larp.grapevine.errors import GrapevineError

_ANSI = {}
for _byte in range(0x80, 0xA0):
    try:
        _ANSI[_byte] = ord(bytes([_byte]).decode("cp1252"))
    except UnicodeDecodeError:
        pass  # Windows-1252's five unassigned bytes stay the C1 controls of the same code
_ATTRIBUTE = {**_ANSI, 0x09: 0x20, 0x0A: 0x20, 0x0D: 0x20}
"""An attribute's whitespace as an XML parser normalises it (a line break is a space)."""
_INTEGER = struct.Struct("<h").unpack_from
_EPOCH = date(1899, 12, 30)
_FIRST_DAY, _LAST_DAY = -657434, 2958465
"""VB's Date runs from 1 January 100 to 31 December 9999."""


class Reader:
    """A cursor over a binary file's bytes; `what` in each call names the value for the error."""

    def __init__(self, data: bytes, source: str) -> None:
        self.data = data
        self.source = source
        self.at = 0

    def error(self, what: str, at: int | None = None) -> GrapevineError:
        return GrapevineError(self.source, what, f"byte {self.at if at is None else at}")

    def remaining(self) -> int:
        return len(self.data) - self.at

    def take(self, size: int, what: str) -> bytes:
        end = self.at + size
        if end > len(self.data):
            raise self.short(size, what)
        chunk = self.data[self.at:end]
        self.at = end
        return chunk

    def short(self, size: int, what: str) -> GrapevineError:
        return self.error(f"is cut short: it ends inside {what} ({size} bytes needed, {self.remaining()} left): "
                          "a truncated or damaged Grapevine file")

    def integer(self, what: str) -> int:
        at = self.at
        if at + 2 > len(self.data):
            raise self.short(2, what)
        self.at = at + 2
        return _INTEGER(self.data, at)[0]

    def long(self, what: str) -> int:
        return struct.unpack("<i", self.take(4, what))[0]

    def boolean(self, what: str) -> bool:
        return self.integer(what) != 0

    def double(self, what: str) -> float:
        start = self.at
        value = struct.unpack("<d", self.take(8, what))[0]
        if not math.isfinite(value):
            raise self.error(f"holds no number in {what} (damaged file)", start)
        return value

    def single(self, what: str) -> str:
        """A Single as `CStr` writes it: up to seven significant digits."""
        start = self.at
        value = struct.unpack("<f", self.take(4, what))[0]
        if not math.isfinite(value):
            raise self.error(f"holds no number in {what} (damaged file)", start)
        return vb_number(value, 7)

    def count(self, what: str, least: int) -> int:
        """A count of records, each at least `least` bytes long: refused when negative or when
        the bytes left could not hold that many (so an absurd count never starts a long loop)."""
        start = self.at
        number = self.integer(f"the count of {what}")
        if number < 0:
            raise self.error(f"counts {number} {what}: not a Grapevine file, or a damaged one", start)
        if number * least > self.remaining():
            raise self.error(f"counts {number} {what}, more than the {self.remaining()} bytes left could hold "
                             "(a truncated or damaged Grapevine file)", start)
        return number

    def text(self, what: str, attribute: bool = True) -> str:
        """A length-prefixed string, as the XML reader gives it back: control characters as
        they are; in an attribute the line breaks and tabs made spaces; a text exactly (its line
        breaks as written), `]]>` inside it written `]] >` as Grapevine's XML writer does."""
        start = self.at
        size = self.integer(what)
        if size < 0:
            raise self.error(f"gives {what} a length of {size}: a damaged Grapevine file", start)
        if not size:
            return ""
        raw = self.take(size, what).decode("latin-1")
        if raw.isascii() and raw.isprintable() and (attribute or "]]>" not in raw):
            return raw
        if attribute:
            return raw.replace("\r\n", "\n").translate(_ATTRIBUTE)
        return raw.translate(_ANSI).replace("]]>", "]] >")

    def date(self, what: str) -> str:
        """A VB Date as `CStr` writes it in English-US Windows: `8/2/2007 8:20:11 AM`; the
        date alone when the time is midnight, the time alone on day zero."""
        start = self.at
        value = self.double(what)
        days = math.trunc(value)
        seconds = round(abs(value - days) * 86400)
        if seconds == 86400:
            days, seconds = days + (1 if value >= 0 else -1), 0
        if not _FIRST_DAY <= days <= _LAST_DAY:
            raise self.error(f"holds no date in {what} ({value!r} is outside the years 100 to 9999)", start)
        return day_text(timedelta(days=days, seconds=seconds))


def day_text(since_epoch: timedelta) -> str:
    """A VB Date, given as the time since 30 December 1899, as `CStr` writes it."""
    days, seconds = since_epoch.days, since_epoch.seconds
    hours, minutes, seconds = seconds // 3600, seconds // 60 % 60, seconds % 60
    clock = f"{hours % 12 or 12}:{minutes:02d}:{seconds:02d} {'AM' if hours < 12 else 'PM'}"
    if days == 0:
        return clock
    day = _EPOCH + timedelta(days=days)
    calendar = f"{day.month}/{day.day}/{day.year}"
    return calendar if hours == minutes == seconds == 0 else f"{calendar} {clock}"


def vb_number(value: float, digits: int) -> str:
    """A number as VB's `CStr` writes it: `digits` significant digits, no trailing zeros,
    `1E+20` for the very large or small, and never `-0`."""
    if value == 0:
        return "0"
    shown = f"{value:.{digits}g}"
    if "e" in shown:
        mantissa, exponent = shown.split("e")
        return f"{mantissa}E{exponent[0]}{int(exponent[1:]):02d}"
    return shown
