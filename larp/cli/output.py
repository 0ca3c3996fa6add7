"""What every command but the station writes: text a terminal can show, whatever it holds.

A character the terminal's encoding can't show is escaped as JSON escapes it (`\\u00e4`,
which keeps JSON output valid JSON) rather than ending the command in a traceback, and control characters (a name holding `\\x1b[2J`) are
written as inert escapes, so that no sheet or entry can clear or repaint the screen.
"""

import codecs
import sys
from contextlib import contextmanager
from typing import Iterator, TextIO

from larp.controls import inert


def _json_escape(error: UnicodeEncodeError) -> tuple[str, int]:
    escaped = []
    for char in error.object[error.start : error.end]:
        code = ord(char)
        if code > 0xFFFF:  # as JSON writes it: a surrogate pair
            code -= 0x10000
            escaped.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
        else:
            escaped.append(f"\\u{code:04x}")
    return "".join(escaped), error.end


ESCAPE = "larp-json-escape"
codecs.register_error(ESCAPE, _json_escape)


class Inert:
    """A text stream that writes through another, making control characters inert."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(inert(text))

    def __getattr__(self, name: str):
        return getattr(self.stream, name)


@contextmanager
def plain_output() -> Iterator[None]:
    """Standard output and error escape what they can't encode and make control characters inert."""
    streams = sys.stdout, sys.stderr
    for stream in streams:
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors=ESCAPE)
    sys.stdout, sys.stderr = Inert(streams[0]), Inert(streams[1])
    try:
        yield
    finally:
        sys.stdout, sys.stderr = streams
