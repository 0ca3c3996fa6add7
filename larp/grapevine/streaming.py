"""A Grapevine file read a record at a time, each record whole as soon as its end tag is read,
with its children's text as the file wrote them where that can be told exactly.

A character's children ride on her sheet as kept text (`nodes.to_text`): most files are
Grapevine's own, written the way `to_text` writes, so the text is cut from the file as it
stands rather than written again. It is cut only where the parser's events pin the record's
start and end tags to the cuts, and only when what lies between its CDATA blocks is in
`to_text`'s own form (tags and the layout between them, nothing that could hide a tag: no
comment, no text outside a CDATA block); else the record's text is None and the children are
written from the tree.
"""

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Iterator, NamedTuple

from larp.grapevine.errors import GrapevineError
from larp.grapevine.files import (
    CDATA_BLOCK, CDATA_CLOSE, CDATA_OPEN, check_root, code_page, decimal_mark, file_kind, file_text, finished,
    ill_formed, mended, prepared, restored,
)


class Record(NamedTuple):
    element: ET.Element
    written: str | None = None
    """Its children's text as the file wrote them, in `to_text`'s form (lines ending in LF, the
    first level not indented), or None where it can't be told exactly."""


@dataclass
class Opened:
    """A Grapevine file opened for reading a record at a time."""

    encoding: str
    """The code page its text is read in (`cp1252` for a binary file)."""
    decimal: str
    """The decimal mark of the Windows that wrote it (see `decimal_mark`)."""
    records: Iterator[Record]
    """The `<grapevine>` element first (its attributes, no children), then each of its records
    (characters, items, the calendar …) whole, as it is read: a big file is never held whole."""


def open_records(data: bytes, source: str, encoding: str | None = None) -> Opened:
    """A Grapevine file's records, read one at a time (XML) or from the whole tree (binary)."""
    if file_kind(data, source) == "binary":
        from larp.grapevine.binary import read_binary

        root = read_binary(data, source)
        return Opened("cp1252", ".", iter([Record(ET.Element(root.tag, root.attrib)), *map(Record, root)]))
    chosen = encoding or code_page(data)
    text = file_text(data, source, chosen)
    return Opened(chosen, decimal_mark(text), _streamed(text, source))


def _streamed(text: str, source: str) -> Iterator[Record]:
    """The root (attributes only), then each record as soon as it is whole, let go once read.
    A repeated attribute (Grapevine's `aura`) makes the text mended and read again from the
    start, the records already given skipped."""
    carried, controls = prepared(text, source)
    given = 0
    for mending in (False, True):
        read = mended(carried) if mending else carried
        try:
            for index, (element, span) in enumerate(_pulled(read, source)):
                if index >= given:
                    if index:
                        finished(element, controls)
                    given += 1
                    yield Record(element, _children_written(read, span, element.tag, controls) if span else None)
            return
        except ET.ParseError as error:
            if mending or "duplicate attribute" not in str(error):
                raise ill_formed(error, source) from None


CHUNK = 1 << 20
"""The most characters of text fed to the parser at a time."""
DEEPEST = 64
"""The deepest elements nest in a file read (Grapevine's own go six deep)."""
_RECORD_END = re.compile(r"\n  </[A-Za-z_][\w.-]*>")
"""Where a record of Grapevine's layout ends: its end tag, two spaces in, on its own line."""
_ROOT = re.compile(r"<grapevine(?:\s[^<>]*)?>")


def _cuts(text: str) -> Iterator[int]:
    """Where the text is cut to be fed: after the root's start tag, after each line that may
    end a record, and at most CHUNK apart."""
    at = 0
    root = _ROOT.search(text)
    marks = ([root.end()] if root else []) + [match.end() for match in _RECORD_END.finditer(text)] + [len(text)]
    for mark in marks:
        while mark - at > CHUNK:
            at += CHUNK
            yield at
        if mark > at:
            at = mark
            yield at


def _pulled(text: str, source: str) -> Iterator[tuple[ET.Element, tuple[int, int] | None]]:
    """The root (attributes only), then each record with where it stands in the text (its
    start tag to its end tag) when the cuts tell it: its start tag the first thing read after
    a cut, its end tag the last thing before one."""
    parser = ET.XMLPullParser(("start", "end"))
    top: list[ET.Element] = []
    depth = 0
    at = 0
    begun: int | None = None
    for cut in [*_cuts(text), None]:
        if cut is None:
            parser.close()
        else:
            parser.feed(text[at:cut])
        events = list(parser.read_events())
        last = len(events) - 1
        for index, (event, element) in enumerate(events):
            if event == "start":
                depth += 1
                if depth > DEEPEST:
                    raise GrapevineError(source, f"nests its elements more than {DEEPEST} deep: no Grapevine file does (a damaged or hostile file)")
                if depth == 1:
                    check_root(element.tag, source)
                    top.append(element)
                    yield ET.Element(element.tag, element.attrib), None
                elif depth == 2:
                    begun = _start_of(text, at, element.tag) if index == 0 and cut is not None else None
            else:
                depth -= 1
                if depth == 1:
                    ends = index == last and begun is not None and text.endswith(f"</{element.tag}>", 0, cut)
                    yield element, ((begun, cut) if ends else None)
                    top[0].remove(element)
                    begun = None
        at = cut


def _start_of(text: str, at: int, tag: str) -> int | None:
    """Where the record's start tag stands, when only blanks come before it since `at`."""
    start = at
    while start < len(text) and text[start] in " \t\r\n":
        start += 1
    after = start + len(tag) + 1
    if text.startswith("<" + tag, start) and text[after:after + 1] in (" ", "\t", "\r", "\n", ">", "/"):
        return start
    return None


_START_TAG = re.compile(r"""<[A-Za-z_][\w.-]*(?:\s+[^\s=<>/]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*(/?)>""")
_VALUE = r'"[^"<>&\t\r\n]*+(?:&(?:amp|lt|gt|quot);[^"<>&\t\r\n]*+)*+"'
_AS_TO_TEXT = re.compile(r"(?:\n *+<(?:/[A-Za-z_][\w.-]*+|[A-Za-z_][\w.-]*+(?: [^\s=<>\"/]++=%s)*+/?+)>)*+(?:\n *+)?+" % _VALUE)
"""Text between CDATA blocks as `to_text` writes it: tags, each attribute once spaced and
double-quoted, `&amp; &lt; &gt; &quot;` its only references; line breaks and indents between
them; nothing else (no text outside a CDATA block, no comment, no stray `<` or `>`). Each run
is possessive (`*+`): what ends it can't begin it, so nothing is given back, and the match
never looks back over a 4 KB record."""


def _children_written(text: str, span: tuple[int, int], tag: str, controls: bool) -> str | None:
    """The children of the record at `span` as `to_text` gives them, from the text itself; None
    when the text is not in the layout Grapevine's writer gives or anything in it could mislead."""
    begun, end = span
    start_tag = _START_TAG.match(text, begun)
    if start_tag is None or start_tag.group(1):
        return None
    inner = text[start_tag.end():end - len(tag) - 3]
    if not inner.strip(" \t\r\n"):
        return ""
    line = "\r\n" if inner.startswith("\r\n") else "\n"
    first, last = line + "    ", line + "  "
    if not inner.startswith(first) or not inner.endswith(last):
        return None
    parts = CDATA_BLOCK.split(inner[len(first):-len(last)])
    for index in range(0, len(parts), 2):
        part = parts[index].replace(first, "\n")
        if not _AS_TO_TEXT.fullmatch("\n" + part if index == 0 else part):
            return None
        parts[index] = restored(part) if controls else part
    for index in range(1, len(parts), 2):
        parts[index] = restored(parts[index].replace(CDATA_OPEN, "").replace(CDATA_CLOSE, ""))
    return "".join(parts)
