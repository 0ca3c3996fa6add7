"""What the players' paper sheets show at the end of the night, against the record.

A CSV file (a header row, one row per character) or a TOML file (a table per
character); docs/night-record.md describes both. What a file gives is compared;
what it leaves out is not.
"""

import csv
import io
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from larp.ledger.errors import LedgerError
from larp.sheet.strict_json import TooLong, read_bounded
from larp.ledger.reconcile import Reconciliation
from larp.sheet import ATTRIBUTES, STANDALONE

NUMBERS = (*(c.value for c in STANDALONE), "wounds")
"""The numbers a paper sheet shows: Willpower, Rage and Gnosis as they stand, the Health boxes filled."""
LOST_COLUMNS = {f"{c.value}_lost": c.value for c in ATTRIBUTES}


@dataclass(frozen=True, slots=True)
class PaperSheet:
    character: str
    where: str
    numbers: dict[str, int] = field(default_factory=dict)
    """willpower, rage, gnosis, wounds: as written on the sheet."""
    lost: dict[str, list[str]] = field(default_factory=dict)
    """Per attribute category, the Traits crossed off."""
    abilities: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Difference:
    character: str
    what: str
    recorded: Any
    reported: Any
    where: str

    def to_json(self) -> dict[str, Any]:
        return {
            "character": self.character,
            "what": self.what,
            "recorded": self.recorded,
            "reported": self.reported,
            "where": self.where,
        }

    def __str__(self) -> str:
        return f"{self.character}: {self.what}: the record says {shown(self.recorded)}, the paper sheet shows {shown(self.reported)} ({self.where})"


def shown(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(value) if value else "nothing"
    return "nothing" if value is None else str(value)


PAPER_LIMIT = 64 * 2**20
"""The largest paper-sheets file read (a few kilobytes is usual)."""


def read_reported(path: Path) -> list[PaperSheet]:
    path = Path(path)
    try:
        text = read_bounded(path, PAPER_LIMIT).decode("utf-8")
    except TooLong as error:
        raise LedgerError(f"{path} is too large to be the paper sheets ({error})") from None
    except (OSError, UnicodeDecodeError) as error:
        raise LedgerError(f"{path} can't be read ({getattr(error, 'strerror', None) or error})") from None
    if path.suffix.lower() == ".toml":
        return from_toml(text, str(path))
    if path.suffix.lower() == ".csv":
        return from_csv(text, str(path))
    raise LedgerError(f"{path}: the paper sheets are a .csv or a .toml file")


def from_csv(text: str, where: str) -> list[PaperSheet]:
    rows = csv.DictReader(io.StringIO(text))
    try:
        return csv_sheets(rows, where)
    except csv.Error as error:
        raise LedgerError(f"{where}, line {rows.line_num + 1}: not a row of CSV ({error})") from None


def csv_sheets(rows: csv.DictReader, where: str) -> list[PaperSheet]:
    columns = rows.fieldnames or []
    if "character" not in columns:
        raise LedgerError(f"{where}, line 1: the header row names no `character` column")
    unknown = [c for c in columns if c not in ("character", "abilities", *NUMBERS, *LOST_COLUMNS)]
    if unknown:
        raise LedgerError(f"{where}, line 1: unknown column {unknown[0]!r}")
    sheets = []
    for row in rows:
        place = f"{where}, line {rows.line_num}"
        numbers = {name: whole(row[name], place, name) for name in NUMBERS if (row.get(name) or "").strip()}
        lost = {cat: split(row[column] or "") for column, cat in LOST_COLUMNS.items() if column in columns}
        abilities = {}
        for item in split(row.get("abilities") or ""):
            name, _, value = item.partition("=")
            abilities[name.strip()] = whole(value, place, f"abilities {name.strip()}")
        sheets.append(PaperSheet((row["character"] or "").strip(), place, numbers, lost, abilities))
    return sheets


def from_toml(text: str, where: str) -> list[PaperSheet]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LedgerError(f"{where} is not valid TOML: {error}") from None
    except RecursionError:
        raise LedgerError(f"{where} nests its tables or lists too deeply to be the paper sheets") from None
    sheets = []
    for character, table in data.items():
        place = f"{where}, [{character}]"
        if not isinstance(table, dict):
            raise LedgerError(f"{place}: a character is a table of what her sheet shows")
        unknown = [key for key in table if key not in ("lost", "abilities", *NUMBERS)]
        if unknown:
            raise LedgerError(f"{place}: unknown key {unknown[0]!r}")
        numbers = {name: whole(table[name], place, name) for name in NUMBERS if name in table}
        lost = table.get("lost", {})
        if not isinstance(lost, dict) or any(k not in LOST_COLUMNS.values() for k in lost):
            raise LedgerError(f"{place}: lost is a table of physical, social and mental lists")
        lost = {cat: [str(name) for name in names] for cat, names in lost.items()}
        abilities = {name: whole(value, place, f"abilities.{name}") for name, value in table.get("abilities", {}).items()}
        sheets.append(PaperSheet(character, place, numbers, lost, abilities))
    return sheets


def whole(value: Any, place: str, what: str) -> int:
    try:
        number = int(str(value).strip())
    except ValueError:
        raise LedgerError(f"{place}: {what} is {value!r}, not a whole number") from None
    if number < 0:
        raise LedgerError(f"{place}: {what} is {number}, below zero")
    return number


def split(cell: str) -> list[str]:
    return [item.strip() for item in cell.split(";") if item.strip()]


def differences(reconciliation: Reconciliation, sheets: list[PaperSheet]) -> list[Difference]:
    """Every place where a paper sheet and the record disagree."""
    found = []
    for paper in sheets:
        night = reconciliation.characters.get(paper.character)
        if night is None:
            found.append(Difference(paper.character, "character", "not in the record", "a paper sheet", paper.where))
            continue
        end = night.end.to_json()
        for name, value in paper.numbers.items():
            if end.get(name) != value:
                found.append(Difference(paper.character, name.title(), end.get(name), value, paper.where))
        for category, names in paper.lost.items():
            if sorted(end["lost"][category]) != sorted(names):
                what = f"{category.title()} Traits lost"
                found.append(Difference(paper.character, what, end["lost"][category], names, paper.where))
        for name, value in paper.abilities.items():
            recorded = end["abilities"].get(name)
            if recorded != value:
                found.append(Difference(paper.character, name, recorded, value, paper.where))
    return found
