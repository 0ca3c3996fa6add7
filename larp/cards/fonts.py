"""The card's type: the PDF core fonts (Helvetica, Times), their widths, and line breaking.

Core fonts need no font file and look the same on every printer, but hold only
the Windows-1252 characters: a letter outside it loses its accent (č → c, ł → l) or
becomes `?`.
"""

import re
import unicodedata
from dataclasses import dataclass

ENCODING = "cp1252"
POINT = 25.4 / 72
"""Millimetres in a typographic point."""
ELLIPSIS = "…"
# A straight quote at the start of a word opens; any other closes (or is an apostrophe).
QUOTE_OPENING = re.compile(r"(?:^|(?<=[\s(\[]))[\"']")
OPENING = {'"': "\u201c", "'": "\u2018"}
# Letters that have no accent to drop, with the plain letter they are written as.
PLAIN_LETTERS = str.maketrans("ŁłĐđĦħıĿŀŦŧ", "LlDdHhiLlTt")


@dataclass(frozen=True)
class Font:
    family: str
    """`helvetica` or `times`"""
    style: str
    """'', 'B', 'I' or 'BI'"""
    size: float
    """in points"""
    grey: float = 0.0
    """0 black to 1 white"""

    def sized(self, size: float) -> "Font":
        return Font(self.family, self.style, size, self.grey)

    @property
    def height(self) -> float:
        """The font size in millimetres."""
        return self.size * POINT


def typeset(text: str) -> str:
    """The text as a card prints it: one line, curly quotes, and what the core fonts can't
    show undone to plain letters, else `?`."""
    text = QUOTE_OPENING.sub(lambda match: OPENING[match.group()], " ".join(text.split()))
    text = text.replace('"', "\u201d").replace("'", "\u2019")
    if _encodable(text):
        return text
    shown = []
    for char in text.translate(PLAIN_LETTERS):
        if not _encodable(char):
            bare = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
            char = bare if bare and _encodable(bare) else "?"
        shown.append(char)
    return "".join(shown)


def width(text: str, font: Font) -> float:
    """The width of typeset text, in millimetres."""
    from fpdf.fonts import CORE_FONTS_CHARWIDTHS

    widths = CORE_FONTS_CHARWIDTHS[font.family + font.style]
    units = sum(widths[char] for char in text.encode(ENCODING).decode("latin-1"))
    return units * font.size / 1000 * POINT


def wrap(text: str, font: Font, room: float) -> list[str]:
    """Printable text broken into lines no wider than `room`, at spaces (within a word if need be)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if width(candidate, font) <= room:
            line = candidate
            continue
        if line:
            lines.append(line)
        while width(word, font) > room and len(word) > 1:
            cut = _longest_fitting(word, font, room)
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines


def shortened(text: str, font: Font, room: float) -> str:
    """The line as it is if it fits, else cut with an ellipsis."""
    if width(text, font) <= room:
        return text
    cut = _longest_fitting(text, font, room - width(ELLIPSIS, font))
    return text[:cut].rstrip() + ELLIPSIS


def _longest_fitting(text: str, font: Font, room: float) -> int:
    cut = 1
    while cut < len(text) and width(text[: cut + 1], font) <= room:
        cut += 1
    return cut


def _encodable(text: str) -> bool:
    try:
        text.encode(ENCODING)
        return True
    except UnicodeEncodeError:
        return False
