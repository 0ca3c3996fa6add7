"""Grapevine elements as kept data and back: `[tag, {attributes}]`, with a third item that is
the element's text (a CDATA block) or the list of its child elements.

This is how everything the station has no use for (powers, Merits and Flaws, the calendar,
items, rotes …) rides in `kept` and comes back out on export exactly as it was read.
"""

import xml.etree.ElementTree as ET
from typing import Any

from larp.grapevine.files import restore

Node = list[Any]


def text_of(element: ET.Element) -> str:
    """An element's text as Grapevine reads it: CDATA and data together, the indentation
    around them dropped."""
    return restore("".join(element.itertext()).strip())


def attributes_of(element: ET.Element) -> dict[str, str]:
    return {name: restore(value) for name, value in element.attrib.items()}


def to_node(element: ET.Element) -> Node:
    node: Node = [element.tag, attributes_of(element)]
    if len(element):
        node.append([to_node(child) for child in element])
    else:
        text = text_of(element)
        if text:
            node.append(text)
    return node


def from_node(node: Any, where: str = "") -> ET.Element:
    """An element from kept data; a ValueError naming `where` when the data is not a node."""
    if not (isinstance(node, list) and 2 <= len(node) <= 3 and isinstance(node[0], str)
            and isinstance(node[1], dict)):
        raise ValueError(f"{where}: kept data is not a Grapevine element ([tag, {{attributes}}, …])")
    element = ET.Element(node[0], {str(k): str(v) for k, v in node[1].items()})
    if len(node) == 3:
        content = node[2]
        if isinstance(content, str):
            element.text = content
        elif isinstance(content, list):
            element.extend(from_node(child, where) for child in content)
        else:
            raise ValueError(f"{where}: kept data of <{node[0]}> is neither text nor elements")
    return element
