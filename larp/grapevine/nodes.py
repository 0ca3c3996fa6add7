"""Grapevine elements as kept text and back: what the station has no use for (powers, Merits and
Flaws, the calendar, items, rotes …) rides in `kept` as the XML Grapevine wrote, and comes back
out on export as it was read.

Elements are written the way Grapevine's own writer (`XMLWriterClass`) writes them: two spaces
of indent, `&amp; &lt; &gt; &quot;` in attributes, text as a CDATA block on its own line.
"""

import xml.etree.ElementTree as ET

from larp.grapevine.files import CDATA_BLOCK, parse_xml


def text_of(element: ET.Element) -> str:
    """An element's text as Grapevine reads it (`parse_xml` has read each CDATA block exactly
    and dropped the layout around it)."""
    return "".join(element.itertext())


def attributes_of(element: ET.Element) -> dict[str, str]:
    return dict(element.attrib)


def to_text(elements: list[ET.Element]) -> str:
    """Elements just read as Grapevine writes them, one after the other, lines ending in LF
    (each text inside its CDATA block exactly as it was)."""
    lines: list[str] = []
    for element in elements:
        emit(element, 0, lines)
    return "\n".join(lines)


def from_text(text: str, where: str) -> list[ET.Element]:
    """The elements of kept text, parsed as safely as a Grapevine file; a GrapevineError naming
    `where` when the text is not Grapevine XML."""
    if not text.strip():
        return []
    return list(parse_xml(f"<kept>{text}</kept>", where))


def _escape(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def head_of(element: ET.Element) -> str:
    """The tag and attributes of an element's start tag, as Grapevine's writer gives them."""
    attributes = element.attrib
    if not attributes:
        return element.tag
    values = "".join(attributes.values())
    if "&" in values or "<" in values or ">" in values or '"' in values:
        # a value holds one of them (a tag or a name never does): written escaped
        return element.tag + "".join([f' {key}="{_escape(value)}"' for key, value in attributes.items()])
    return element.tag + "".join([f' {key}="{value}"' for key, value in attributes.items()])


def indented(kept: str, indent: int) -> str:
    """Kept text (`to_text`'s lines) as lines of the file: each indented, CR LF between them,
    every text inside its CDATA block left exactly as it is."""
    pad = " " * indent
    parts = CDATA_BLOCK.split(kept)
    for index in range(0, len(parts), 2):
        parts[index] = parts[index].replace("\n", "\r\n" + pad)
    return pad + "".join(parts)


def emit(element: ET.Element, indent: int, lines: list[str]) -> None:
    """One element and its children as lines of Grapevine's XML, each text as it is."""
    pad = " " * indent
    head = head_of(element)
    if len(element):
        lines.append(f"{pad}<{head}>")
        inner = pad + "  "
        for child in element:
            if len(child) or child.text:
                emit(child, indent + 2, lines)
            else:
                lines.append(f"{inner}<{head_of(child)}/>")
        lines.append(f"{pad}</{element.tag}>")
    elif element.text:
        text = element.text.replace("]]>", "]] >")
        lines += [f"{pad}<{head}>", f"{pad}  <![CDATA[{text}]]>", f"{pad}</{element.tag}>"]
    else:
        lines.append(f"{pad}<{head}/>")
