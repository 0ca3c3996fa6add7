"""Opening a Grapevine file: its kind told by its first bytes, its size bounded, its XML made
safe and parsed the way Grapevine's own reader takes it.

Grapevine writes XML by hand (no library): Windows-1252 bytes without an encoding declaration,
raw control characters in text, and, for a vampire, the attribute `aura` twice. Its reader
(`XMLReaderClass`) is a tag scanner that keeps the first of a repeated attribute and never
expands an entity beyond the five of XML. This module does the same before Python's parser
sees the text, and refuses a DOCTYPE (no entity can be declared, so none can be expanded).
"""

import codecs
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from larp.grapevine.errors import GrapevineError
from larp.sheet.regular import open_regular
from larp.sheet.strict_json import sized

SIZE_LIMIT = 256 * 1024 * 1024
"""The largest file read: the biggest real chronicle file is under 1 MB; 40,000 characters of
the samples' size take 170 MB."""
BINARY_MAGIC = (b"GVBE", b"GVBG")
"""Grapevine's binary exchange and game files: a 2-byte length (4) then these 4 bytes."""
MENU_MAGIC = b"GVBM"

CONTROLS = "".join(map(chr, [*range(0x09), 0x0b, 0x0c, *range(0x0e, 0x20), 0xfffe, 0xffff]))
"""The characters XML 1.0 admits neither raw nor as a reference, which Grapevine writes raw."""
_CONTROL = re.compile(f"[{CONTROLS}]")
_TAG = re.compile(r"<([A-Za-z_][\w.-]*)(\s[^<>]*?)?(/?)>")
_ATTRIBUTE = re.compile(r"""([^\s=/]+)\s*=\s*("[^"]*"|'[^']*')""")
_DECLARES = re.compile(r"<!(?:DOCTYPE|ENTITY)", re.I)
_DECLARATION = re.compile(r"^\s*<\?xml[^>]*encoding\s*=\s*[\"']([A-Za-z0-9._-]+)[\"']")
CONTROL_BASE = 0xF700
"""A raw control character is carried through the parser as a private-use character at this
base plus its code (XML 1.0 admits neither the character nor a reference to it), and given
back in every text and attribute afterwards. A carriage return inside a CDATA block is carried
the same way, so that its line breaks come out as they were (the parser would make each LF)."""
CDATA_OPEN, CDATA_CLOSE = "\uf720", "\uf721"
"""Where a CDATA block's text begins and ends, marked through the parser: Grapevine's reader
takes that text exactly and trims the text around it (`XMLReaderClass.ReadTag`)."""
_CDATA = re.compile(r"<!\[CDATA\[(.*?)\]\]>", re.S)
CDATA_BLOCK = re.compile(r"(<!\[CDATA\[.*?\]\]>)", re.S)
"""A whole CDATA block, kept by `split`."""
_MARKED = re.compile(f"{CDATA_OPEN}(.*?){CDATA_CLOSE}", re.S)
_LINE_BREAKS = re.compile(r"\s*\n\s*")


def read_bytes(path: Path) -> bytes:
    """The bytes of `path`, refused before reading when it is larger than any Grapevine file."""
    source = str(path)
    try:
        size = path.stat().st_size
        if size > SIZE_LIMIT:
            raise GrapevineError(source, f"is {size:,} bytes: no Grapevine file is that large (the limit is {sized(SIZE_LIMIT)})")
        with open_regular(path) as stream:
            data = stream.read(SIZE_LIMIT + 1)
    except OSError as error:
        raise GrapevineError(source, f"can't be read ({error.strerror or error})") from None
    if len(data) > SIZE_LIMIT:
        raise GrapevineError(source, f"grew past the size limit ({sized(SIZE_LIMIT)}) while being read")
    return data


def parse(data: bytes, source: str, encoding: str | None = None) -> ET.Element:
    """The `<grapevine>` element of a Grapevine file's bytes, XML or binary, whole; XML text in
    `encoding` when given, else as `code_page` tells it."""
    if file_kind(data, source) == "binary":
        from larp.grapevine.binary import read_binary  # binary files only

        return read_binary(data, source)
    root = parse_xml(file_text(data, source, encoding), source)
    check_root(root.tag, source)
    return root


def file_kind(data: bytes, source: str) -> str:
    if not data.strip():
        raise GrapevineError(source, "is empty: not a Grapevine file")
    magic = data[2:6]
    if magic == MENU_MAGIC or source.lower().endswith(".gvm"):
        raise GrapevineError(source, "is a Grapevine menu file (.gvm: the trait menus Grapevine "
                             "offers), not a chronicle: export the characters as a .gex file")
    return "binary" if magic in BINARY_MAGIC else "xml"


def file_text(data: bytes, source: str, encoding: str | None) -> str:
    text = decode(data, encoding or code_page(data))
    if not text.lstrip("\ufeff \t\r\n").startswith("<"):
        raise GrapevineError(source, "is not a Grapevine file: neither XML (<grapevine version=…>) "
                             "nor Grapevine's binary format")
    return text


def check_root(tag: str, source: str) -> None:
    if tag == "grapevinemenus" or tag == "menus":
        raise GrapevineError(source, "is a Grapevine menu file, not a chronicle: export the "
                             "characters as a .gex file")
    if tag != "grapevine":
        raise GrapevineError(source, f"is XML but not a Grapevine file (its root is <{tag}>, not <grapevine>)")


_COMMA_NUMBER = re.compile(r'(?:earned|unspent|change)\s*=\s*"\s*-?\d*,\d+\s*"')
_COMMA_DIGITS = re.compile(r',\d+\s*"')
"""The end of every such number, found in a fraction of the time: most files have none."""


def decimal_mark(text: str) -> str:
    """The decimal mark of the Windows that wrote the file: a comma when any experience number
    is written with one (`earned="12,5"`, as CStr writes it on a German or French Windows), else
    a point."""
    return "," if _COMMA_DIGITS.search(text) and _COMMA_NUMBER.search(text) else "."


CODE_PAGES = {"utf-8": "UTF-8", "cp1252": "Windows-1252 (Western)", "cp1251": "Windows-1251 (Cyrillic)"}
"""The code pages told apart on their own, as the import's summary names them."""
_HIGH_LETTER = re.compile(rb"[\xc0-\xff]")
_HIGH_WORD = re.compile(rb"[\xc0-\xff]{3,}")


def code_page(data: bytes, chosen: str | None = None, source: str = "") -> str:
    """The encoding of a file's text: `chosen` (`--encoding`), else the declared one, else UTF-8
    when the bytes are UTF-8 (files mended by others), else the Windows code page Grapevine
    wrote it in: Windows-1251 when its letters above 0xC0 come mostly in runs, as Cyrillic words
    do (a Western text has an accented letter here and there), else Windows-1252."""
    if chosen:
        try:
            return codecs.lookup(chosen).name
        except LookupError:
            raise GrapevineError(source, f"--encoding {chosen}: no such encoding (try cp1252, cp1251, cp1250 or utf-8)") from None
    declared = _DECLARATION.match(data[:200].decode("latin-1"))
    for encoding in ([declared.group(1)] if declared else []) + ["utf-8"]:
        try:
            data.decode(encoding)
            return codecs.lookup(encoding).name
        except (UnicodeDecodeError, LookupError):
            pass
    letters = len(_HIGH_LETTER.findall(data))
    in_words = sum(len(word) for word in _HIGH_WORD.findall(data))
    return "cp1251" if letters and in_words * 2 > letters else "cp1252"


def decode(data: bytes, encoding: str = "cp1252") -> str:
    """Text from a file's bytes in `encoding`; a byte the code page leaves unassigned becomes the
    C1 control of the same code, as Windows itself maps it."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return data.decode(encoding, errors="grapevine-ansi")


def _ansi_fallback(error: UnicodeError) -> tuple[str | bytes, int]:
    """Windows-1252's five unassigned bytes and the C1 controls of the same code, both ways;
    a character Windows-1252 can't hold is written `?`, as Windows writes it."""
    if isinstance(error, UnicodeDecodeError):
        return chr(error.object[error.start]), error.start + 1
    if isinstance(error, UnicodeEncodeError):
        code = ord(error.object[error.start])
        return (bytes([code]) if code < 256 else b"?"), error.start + 1
    raise error


codecs.register_error("grapevine-ansi", _ansi_fallback)


def parse_xml(text: str, source: str) -> ET.Element:
    """Grapevine's XML, its own ill-formedness mended as its reader reads it, parsed safely."""
    carried, controls = prepared(text, source)
    try:
        root = _parsed(carried)
    except ET.ParseError as error:
        if "duplicate attribute" not in str(error):
            raise ill_formed(error, source) from None
        try:
            root = _parsed(mended(carried))
        except ET.ParseError as again:
            raise ill_formed(again, source) from None
    finished(root, controls)
    return root


def prepared(text: str, source: str) -> tuple[str, bool]:
    """The text made safe for the parser, and whether it carries control characters."""
    if _DECLARES.search(text):
        raise GrapevineError(source, "declares a DOCTYPE or entities, which Grapevine never writes: refused")
    controls = any(control in text for control in CONTROLS)
    carried = _CONTROL.sub(lambda match: chr(CONTROL_BASE + ord(match.group())), text) if controls else text
    if "<![CDATA[" in carried:
        carried = _CDATA.sub(_marked, carried)
    return carried, controls


def finished(element: ET.Element, controls: bool) -> None:
    if controls:
        _restored_all(element)
    _read_texts(element)


def _marked(match: re.Match) -> str:
    return f"<![CDATA[{CDATA_OPEN}{match.group(1).replace(chr(13), chr(CONTROL_BASE + 13))}{CDATA_CLOSE}]]>"


def _read_texts(root: ET.Element) -> None:
    """Each element's own text as Grapevine's reader takes it: a CDATA block exactly (leading
    blanks, blank lines, CR LF or a bare LF as written), the text around it trimmed and its line
    breaks made one space (`TrimWhiteSpace`, `FormatFromXML`)."""
    for element in root.iter():
        text = element.text
        if not text:
            continue
        if CDATA_OPEN in text:
            element.text = "".join(_outside(part) if index % 2 == 0 else restored(part) or ""
                                   for index, part in enumerate(_MARKED.split(text)))
        elif not len(element):
            element.text = _outside(text)


def _outside(text: str) -> str:
    return _LINE_BREAKS.sub(" ", text.strip(" \t\r\n"))


def _parsed(text: str) -> ET.Element:
    parser = ET.XMLParser()
    parser.feed(text)
    return parser.close()


def ill_formed(error: ET.ParseError, source: str) -> GrapevineError:
    line, column = error.position
    return GrapevineError(source, f"is not well-formed XML ({_reason(error)})", f"line {line}, column {column + 1}")


def _reason(error: ET.ParseError) -> str:
    message = str(error)
    return message.split(":")[0] if ":" in message else message


def mended(text: str) -> str:
    """The text with each start tag's repeated attributes dropped (see `_first_of_each`)."""
    return _TAG.sub(_first_of_each, text)


def _first_of_each(match: re.Match) -> str:
    """A start tag with each attribute once: the first, as Grapevine's reader keeps it (VB's
    Collection refuses the second key, case aside, and the error is ignored)."""
    body = match.group(2)
    if not body or body.count("=") < 2:
        return match.group(0)
    pairs = _ATTRIBUTE.findall(body)
    names = [name.lower() for name, _ in pairs]
    if len(set(names)) == len(names):
        return match.group(0)
    seen: set[str] = set()
    kept = []
    for (name, value), folded in zip(pairs, names):
        if folded not in seen:
            seen.add(folded)
            kept.append(f"{name}={value}")
    return f"<{match.group(1)} {' '.join(kept)}{match.group(3)}>"


_CARRIED = re.compile("[\uf700-\uf71f]")


def restored(value: str | None) -> str | None:
    if not value or not _CARRIED.search(value):
        return value
    return _CARRIED.sub(lambda match: chr(ord(match.group()) - CONTROL_BASE), value)


def _restored_all(root: ET.Element) -> None:
    """Every text and attribute of the tree with its raw control characters given back."""
    for element in root.iter():
        element.attrib = {name: restored(value) for name, value in element.attrib.items()}
        element.text, element.tail = restored(element.text), restored(element.tail)
