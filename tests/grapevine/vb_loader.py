"""Grapevine 3's own loader, written again line for line for the tests (independent of larp's
reader): `XMLReaderClass.BeginReading`/`ReadTag`/`Get…`, `ExperienceClass.InputFromFile`,
`LinkedTraitList` and `TraitClass` input. What it gives is what Grapevine shows for a file.

- `Line Input #` splits lines at CR LF or a lone CR (a lone LF stays inside the line), and
  `ReadTag` joins them again with CR LF.
- Data outside CDATA is trimmed (`TrimWhiteSpace`) and its entities and line breaks formatted
  (`FormatFromXML`); a CDATA block is taken exactly.
- An attribute's value is `Trim`med and formatted; a repeated attribute keeps the first (VB's
  Collection refuses the second key, case aside).
- `CSng`/`CLng` read numbers as the Windows locale of the reader does: `decimal` is its decimal
  mark, the other mark its grouping, which CSng skips.
"""

import re
from dataclasses import dataclass, field

_WHITE = " \t\r\n"


def format_from_xml(data: str) -> str:
    data = data.replace("&quot;", '"').replace("&apos;", "'").replace("&lt;", "<").replace("&gt;", ">")
    data = data.replace("&amp;", "&")
    if "\r\n" in data:
        data = data.replace("\r\n", " ")
        while "  " in data:
            data = data.replace("  ", " ")
    return data


def csng(text: str | None, decimal: str = ".") -> float:
    """CSng of an attribute, or 0 (GetSingle's default) when it is absent or not a number."""
    if text is None:
        return 0.0
    grouping = "," if decimal == "." else "."
    plain = text.strip().replace(grouping, "").replace(decimal, ".")
    try:
        return float(plain)
    except ValueError:
        return 0.0


@dataclass
class Character:
    tag: str
    attributes: dict[str, str]
    lists: dict[str, dict] = field(default_factory=dict)
    """name → {"attributes": …, "rows": [(name, val, note)]}"""
    experience: dict | None = None
    texts: dict[str, str] = field(default_factory=dict)


class Loader:
    def __init__(self, data: bytes, encoding: str = "cp1252") -> None:
        lines = re.split("\r\n|\r", data.decode(encoding))
        first = lines[0]
        self.version_tag = first[: first.index(">") + 1]
        self.rest = first[first.index(">") + 1:]
        self.lines = iter(lines[1:])
        self.tag = ""
        self.terminal = False
        self.attributes: dict[str, str] = {}
        self.data = ""

    def read_tag(self) -> None:
        final = ""
        while True:
            while not (0 <= self.rest.find("<") < self.rest.find(">")):
                self.rest += next(self.lines) + "\r\n"
            begin, end = self.rest.find("<"), self.rest.find(">")
            data = self.rest[:begin].strip(_WHITE)
            if data:
                final += format_from_xml(data)
            whole = self.rest[begin:end + 1]
            if whole.startswith("<![CDATA["):
                while "]]>" not in self.rest:
                    self.rest += next(self.lines) + "\r\n"
                close = self.rest.index("]]>")
                final += self.rest[begin + 9:close]
                self.rest = self.rest[close + 3:]
                continue
            break
        self.rest = self.rest[end + 1:]
        self.tag = whole[1:whole.index(" ")] if " " in whole else whole[1:-1]
        self.attributes = {}
        for name, value in re.findall(r"\s([^\s=]+)\s*=\s*(\"[^\"]*\"|'[^']*')", whole):
            if name.lower() not in {key.lower() for key in self.attributes}:
                self.attributes[name] = format_from_xml(value[1:-1].strip(" "))
        self.data = final
        self.terminal = self.tag.startswith("/") or whole.endswith("/>")
        self.tag = self.tag.strip("/")


def load(data: bytes, decimal: str = ".", encoding: str = "cp1252") -> list[Character]:
    """Every character of an exchange file as Grapevine's loader takes it."""
    reader = Loader(data, encoding)
    creatures = ("vampire", "werewolf", "mortal", "changeling", "wraith", "mage", "fera", "various", "mummy",
                 "kueijin", "hunter", "demon")
    found = []
    while True:
        reader.read_tag()
        if reader.tag == "grapevine" and reader.terminal:
            return found
        if reader.tag in creatures and not reader.terminal:
            found.append(_character(reader, decimal))
        elif reader.tag in creatures:
            found.append(Character(reader.tag, reader.attributes))


def _character(reader: Loader, decimal: str) -> Character:
    character = Character(reader.tag, reader.attributes)
    while True:
        reader.read_tag()
        if reader.tag == character.tag and reader.terminal:
            return character
        if reader.tag == "experience":
            character.experience = _experience(reader, decimal)
        elif reader.tag == "traitlist":
            character.lists.setdefault(reader.attributes.get("name", ""), _list(reader))
        elif reader.terminal and reader.tag not in ("trait", "entry"):
            character.texts[reader.tag] = reader.data


def _experience(reader: Loader, decimal: str) -> dict:
    held = {"unspent": csng(reader.attributes.get("unspent"), decimal),
            "earned": csng(reader.attributes.get("earned"), decimal), "entries": []}
    while not reader.terminal or reader.tag != "experience":
        reader.read_tag()
        if reader.tag == "entry":
            got = reader.attributes
            held["entries"].append({
                "date": got.get("date", ""), "change": csng(got.get("change"), decimal),
                "type": int(csng(got.get("type"))), "reason": got.get("reason", ""),
                "earned": csng(got.get("earned"), decimal), "unspent": csng(got.get("unspent"), decimal)})
    return held


def _list(reader: Loader) -> dict:
    held = {"attributes": dict(reader.attributes), "rows": []}
    if reader.terminal:
        return held
    while True:
        reader.read_tag()
        if reader.tag == "traitlist" and reader.terminal:
            return held
        if reader.tag == "trait":
            got = reader.attributes
            held["rows"].append((got.get("name", ""), got.get("val", "1"), got.get("note", "")))
