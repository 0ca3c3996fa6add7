"""Text from a sheet or an entry shown safely: control characters made inert.

A module of its own that imports nothing of larp: the commands use it, and so does the
station's first screen, which is drawn before the sheets (and pydantic) are loaded.

A name or an effect may hold `\\x1b[2J`; written as it is, it would clear or repaint a
Narrator's terminal. Every command shows it as the text `\\x1b[2J` instead; the station,
whose lines are laid out by width (a control character takes none), leaves the control
characters out (`[2J`).
"""

import re

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def inert(text: str) -> str:
    """The text with every control character but newline and tab written as an escape."""
    if _CONTROL.search(text) is None:
        return text
    return _CONTROL.sub(lambda found: found.group().encode("unicode_escape").decode("ascii"), text)


def without_controls(text: str) -> str:
    """The text without its control characters (but newline and tab): as wide as it was drawn."""
    if _CONTROL.search(text) is None:
        return text
    return _CONTROL.sub("", text)


_BREAKS = str.maketrans({"\n": "\\n", "\t": " ", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def one_line(text: str) -> str:
    """The text inert and on one line: a line break in it is written `\\n`, so that a listing of
    one line per item can't be given a line that looks like another item's."""
    return inert(text).translate(_BREAKS)
