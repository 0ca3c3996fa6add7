"""What a season's operations leave for staff to settle: conflicts and overspending.

Two operations that did not hear each other and set one field of one character to different
values (or one sets it while the other buys it) are a **conflict**: both are kept, the one later
in the season's order holds at every station, and the conflict stands until an operation that
heard both sets the field (`larp conflicts pick`). Spends written at two stations that together
take her unspent experience below zero both stand, and are flagged **overspent** where the
chronicle allows no debt. A purchase that took away what she no longer had (a Negative Trait
bought off at two stations, once more than she had it) is paid for with nothing bought, and is
flagged **bought-nothing** until it is reversed; so is a purchase of a power bought each once (a
Discipline) that another purchase, written where this one was not heard, bought first.
"""

from dataclasses import dataclass

from larp.ledger.effects import Anomaly
from larp.ledger.list_items import is_item, item_named, item_said, path_said
from larp.ledger.operations import Operation
from larp.ledger.registers import Registers


@dataclass(frozen=True)
class Conflict:
    character: str
    name: str
    path: str
    operations: tuple[Operation, ...]
    """The operations that set the field without hearing each other, in the season's order: the
    last holds."""

    @property
    def holding(self) -> Operation:
        """The one that holds at every station: the last to set a field; of two new characters
        of one id, the first (the other is never started)."""
        return self.operations[0] if self.path == JOINED else self.operations[-1]

    def value(self, op: Operation) -> str:
        if self.path == JOINED:
            return f"a new character ({op.joins['sheet'].get('name') or op.character})"
        was, now = op.fields[self.path]
        return f"+{describe(now)}" if op.adds else describe(now)

    @property
    def said(self) -> str:
        """Its field as staff read and type it (`Equipment: Colt .45`; `traits.social.Witty`)."""
        return path_said(self.path)

    def message(self) -> str:
        said = "; ".join(
            f"{self.value(op)} at station {op.entry.station} (entry {op.entry.short_id}, {op.entry.summary})" for op in self.operations
        )
        hold = self.holding.entry
        what = f"{self.character} was added as" if self.path == JOINED else f"{self.said} was set"
        which = "the first" if self.path == JOINED else "the later"
        return (
            f"{self.name}: {what} by stations that had not heard each other: {said}. Entry "
            f"{hold.short_id} holds at every station ({which} in the season's order); larp conflicts pick ENTRY keeps another"
        )

    def anomaly(self) -> Anomaly:
        return Anomaly("conflict", self.character, self.holding.entry, self.message(), self.operations[0].entry)


JOINED = "(a new character)"
"""The conflict of two new characters of one id, added at stations that had not heard each other."""


def describe(value) -> str:
    if value is None:
        return "nothing"
    return item_said(value) if is_item(value) else str(value)


def conflicts(ops: list[Operation], registers: Registers) -> list[Conflict]:
    """The conflicts among the operations (in the season's order), none settled since."""
    by_field: dict[tuple[str, str], list[Operation]] = {}
    for op in ops:
        for path in op.fields:
            by_field.setdefault((op.character, path), []).append(op)
    for op in ops:
        if op.joins is not None:
            by_field.setdefault((op.character, JOINED), []).append(op)
    found = []
    for (cid, path), touching in sorted(by_field.items()):
        clashing = [op for op in touching if any(clash(op, other, path) for other in touching if other is not op)]
        if path == JOINED:  # settled by a pick alone, which sets her fields as the one picked has them
            touching = touching + [op for op in ops if op.character == cid and op.settles]
        if len(clashing) < 2 or settled(clashing, touching):
            continue
        start = registers.starts.get(cid)
        name = start["sheet"].get("name") or cid if start else cid
        found.append(Conflict(cid, name, path, tuple(clashing)))
    return found


def clash(one: Operation, other: Operation, path: str) -> bool:
    if not one.concurrent(other) or (one.adds and other.adds):
        return False
    if path == JOINED:
        return one.joins != other.joins
    return one.adds != other.adds or one.fields[path][1] != other.fields[path][1]


def settled(clashing: list[Operation], touching: list[Operation]) -> bool:
    """Whether an operation that heard every clashing one set the field since."""
    return any(not op.adds and all(op.heard_of(other) for other in clashing) for op in touching if op not in clashing)


def overspent(ops: list[Operation], registers: Registers, debt: bool) -> list[Anomaly]:
    """Each character whose unspent experience the season's spends took below zero (no debt allowed)."""
    if debt:
        return []
    flagged = []
    for cid, start in sorted(registers.starts.items()):
        unspent = start["sheet"].get("experience", {}).get("unspent", 0.0)
        spends = [op for op in ops if op.character == cid and op.line is not None and op.line["type"] == "spent"]
        if unspent >= -1e-9 or not spends:
            continue
        named = ", ".join(f"{op.entry.short_id} at station {op.entry.station} ({op.line['change']:g})" for op in spends)
        flagged.append(
            Anomaly(
                "overspent",
                cid,
                spends[-1].entry,
                f"{start['sheet'].get('name') or cid} has {unspent:g} unspent experience: spends written at stations that had "
                f"not heard each other ({named}) together spent more than she had. Both stand; reverse one "
                "(larp reverse ENTRY) or award the difference; her further spends are refused until then",
                spends[0].entry,
            )
        )
    return flagged


def bought_nothing(registers: Registers) -> list[Anomaly]:
    """Each purchase that found nothing left to take: paid for, and nothing bought."""
    flagged = []
    for op, path in registers.short:
        start = registers.starts.get(op.character)
        name = start["sheet"].get("name") or op.character if start else op.character
        paid = f"{op.line['change'] if op.line else 0:g} experience paid for nothing; reverse it (larp reverse {op.entry.short_id})"
        if op.once:
            what = (f"buys {item_named(path)}, but she had it already: another purchase of it written at a station that had not "
                    f"heard of this one bought it first")
        else:
            what = (f"takes {path.rsplit('.', 1)[-1]} away, but another purchase written at a station that had not heard of it "
                    f"took the last of it")
        said = f"{name}: entry {op.entry.short_id} at station {op.entry.station} ({op.entry.summary}) {what}: {paid}"
        flagged.append(Anomaly("bought-nothing", op.character, op.entry, said))
    return flagged
