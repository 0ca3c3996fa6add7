"""Between games, an entry is an operation on one character, never her whole sheet.

Laptops write for days before they hear each other, so an entry says what it *does*:
- an experience line (an award, a spend, a comment…) is a counter: lines simply add;
- a purchase is its spent line plus the fields it buys, *added* (a second Quick on top of the
  first, whatever another station bought meanwhile); a power bought each once (a Discipline,
  its rating its price) is bought by the first purchase of it in the season's order alone;
- a sheet change, a retirement or a return names each field it changes (a path to a leaf:
  `abilities.Occult`, `traits.social.Commanding`, `status`) with the value it changed it *from*
  (the base its writer saw) and *to*; a field is a register;
- a new character is her starting state.

Order is causal, never a laptop's clock: each operation carries a Lamport `tick` (one more than
the highest its station held) and `heard`, per station, the last entry of the night to come its
station held when it wrote. Every station folds the operations in one fixed order (tick, station,
number). Two changes of one field that did not hear each other, to different values, are a
conflict: both are kept, the later in that order holds, and the conflict is flagged until an
operation that heard both settles it (`larp conflicts pick`).

An entry of an older record carries a whole starting state: it is read as it always was, that
state replacing hers, its experience line added.
"""

from dataclasses import dataclass, replace
from typing import Any

from larp.ledger.entry import Entry
from larp.ledger.list_items import LISTS, is_item, is_item_path, item_added, item_field, item_leaves, item_short, with_item

NOT_FIELDS = ("id", "experience")
"""What a sheet change never writes: the id names her, experience moves by its lines alone."""
ABSENT = None
"""A field's value where the sheet has no such leaf (a Trait she does not have)."""


def leaves(data: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """Every leaf of a sheet as JSON, by its path: mappings are followed, lists are leaves, and
    each item of a named list is a leaf of its own (larp.ledger.list_items)."""
    found: dict[str, Any] = {}
    for key, value in data.items():
        path = f"{prefix}{key}"
        if path == LISTS and isinstance(value, dict):
            found.update(item_leaves(value))
        elif isinstance(value, dict) and value:
            found.update(leaves(value, f"{path}."))
        else:
            found[path] = value
    return found


def fields_changed(before: dict[str, Any], after: dict[str, Any]) -> dict[str, list]:
    """The fields a sheet change makes, `{path: [from, to]}` (experience and id never among them)."""
    old = leaves({k: v for k, v in before.items() if k not in NOT_FIELDS})
    new = leaves({k: v for k, v in after.items() if k not in NOT_FIELDS})
    changed = {}
    for path in sorted(old.keys() | new.keys()):
        was, now = old.get(path, ABSENT), new.get(path, ABSENT)
        if was != now and not (was == {} and now is ABSENT or was is ABSENT and now == {}):
            changed[path] = [was, now]
    return changed


def field(sheet: dict[str, Any], path: str) -> Any:
    if is_item_path(path):
        return item_field(sheet, path)
    here: Any = sheet
    for key in path.split("."):
        if not isinstance(here, dict) or key not in here:
            return ABSENT
        here = here[key]
    return here


def with_field(sheet: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """The sheet with one leaf set (absent: taken away), its other leaves as they were."""
    if is_item_path(path):
        return with_item(sheet, path, value)
    done = dict(sheet)
    *parents, last = path.split(".")
    here = done
    for key in parents:  # copied along the path only: the rest is shared, never changed in place
        here[key] = dict(here[key]) if isinstance(here.get(key), dict) else {}
        here = here[key]
    if value is ABSENT:
        here.pop(last, None)
    else:
        here[last] = value
    return done


def added(current: Any, was: Any, now: Any) -> Any:
    """A bought field on top of what she has now: a rating is a counter, moved by what the
    purchase moved it (a Trait is gone at 0: two stations each buying off one dot of a doubled
    Negative Trait take both); an item of a named list likewise by its rating; anything else is set."""
    if any(is_item(v) for v in (current, was, now)):
        return item_added(current, was, now)
    if not all(is_rating(v) for v in (current, was, now)):
        return now
    value = (current or 0) + (now or 0) - (was or 0)
    return ABSENT if value <= 0 else value


def short_of(current: Any, was: Any, now: Any) -> bool:
    """Whether a purchase takes away more of a rating than she has (a Trait bought off at two
    stations, one of them after she had none left): what it was paid for is not there to take."""
    if any(is_item(v) for v in (current, was, now)):
        return item_short(current, was, now)
    return all(is_rating(v) for v in (current, was, now)) and (current or 0) + (now or 0) - (was or 0) < 0


def is_rating(value: Any) -> bool:
    return value is ABSENT or isinstance(value, (int, float)) and not isinstance(value, bool)


@dataclass(frozen=True)
class Operation:
    """A between-games entry read as the operation it is."""

    entry: Entry
    character: str
    line: dict | None
    fields: dict[str, list]
    adds: bool
    """A purchase: its fields add to what she has (else they are set)."""
    joins: dict | None
    """A new character: her starting state."""
    tick: int
    heard: dict[str, int]
    whole: dict | None = None
    """An older record's entry: the whole starting state it carries."""
    settles: bool = False
    """A conflict settled (`larp conflicts pick`)."""
    once: bool = False
    """A purchase of what is bought each once (a power, its rating its price): where she holds
    it already, it buys nothing (larp.ledger.registers), never a second rating on top."""

    @classmethod
    def of(cls, entry: Entry) -> "Operation":
        payload = entry.payload
        character = payload["character"]
        if isinstance(character, dict):  # an older record's: a whole starting state
            return cls(entry, character["sheet"]["id"], payload.get("experience"), {}, False, None, 0, {}, character)
        return cls(
            entry, character, payload.get("line"), payload.get("fields") or {}, bool(payload.get("adds")),
            payload.get("joins"), payload.get("tick", 0), payload.get("heard") or {}, settles=bool(payload.get("settles")), once=bool(payload.get("once")),
        )

    def held(self) -> "Operation":
        """The operation as a night's fold keeps it: what it does, its entry without the payload."""
        return replace(self, entry=self.entry.without_payload())

    @property
    def key(self) -> tuple[int, str, int]:
        """Its place in the season's fixed order, the same at every station."""
        return (self.tick, self.entry.station, self.entry.seq)

    def heard_of(self, other: "Operation") -> bool:
        """Whether its station held the other when it wrote it."""
        return heard_entry(self, other.entry)

    def concurrent(self, other: "Operation") -> bool:
        return not self.heard_of(other) and not other.heard_of(self)


def heard_entry(op: Operation, theirs: Entry) -> bool:
    """Whether the operation's station held that entry of the night when it wrote it."""
    if theirs.station == op.entry.station:
        return theirs.seq < op.entry.seq
    return op.heard.get(theirs.station, 0) >= theirs.seq

