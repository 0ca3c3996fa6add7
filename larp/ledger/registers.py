"""The season's operations folded onto the characters' starting states.

Every station folds the same operations in the same order (larp.ledger.operations) and holds
the same sheets. A field is a register: the operation latest in the season's order that set it
holds, whichever arrived first; a purchase adds to what she has; experience lines add. What
the fold keeps of each register (which operation wrote it) lets an operation heard late be
applied on top of a night already opened, exactly where it would have stood.
"""

from typing import Any

from larp.ledger.operations import Operation, added, field, short_of, with_field
from larp.ledger.season import history_line
from larp.rules.experience import Totals

Key = tuple[int, str, int]


def experience_with(experience: dict[str, Any], line: dict[str, Any]) -> dict[str, Any]:
    """Her experience one line longer, its totals moved by it."""
    totals = Totals(experience.get("earned", 0.0), experience.get("unspent", 0.0)).after(history_line(line))
    kept = {k: line[k] for k in ("date", "change", "type", "reason")}
    return {"earned": totals.earned, "unspent": totals.unspent, "history": [*experience.get("history", []), kept]}


def experience_without(experience: dict[str, Any], line: dict[str, Any]) -> dict[str, Any]:
    """Her experience with a line taken back out (a reversed operation): its totals moved back."""
    history = list(experience.get("history", []))
    kept = {k: line[k] for k in ("date", "change", "type", "reason")}
    if kept in history:
        history.reverse()
        history.remove(kept)
        history.reverse()
    totals = Totals(experience.get("earned", 0.0), experience.get("unspent", 0.0))
    undo = {"earned": "deducted", "deducted": "earned", "spent": "refund", "refund": "spent"}
    if line["type"] in undo:
        totals = totals.after(history_line({**kept, "type": undo[line["type"]]}))
    return {"earned": totals.earned, "unspent": totals.unspent, "history": history}


def with_willpower(start: dict[str, Any], sheet: dict[str, Any]) -> dict[str, Any]:
    """Her starting state on a changed sheet: her Willpower moves with its rating, never above it."""
    rating = start["sheet"].get("willpower", 0)
    willpower = start.get("willpower", rating) + sheet.get("willpower", 0) - rating
    return {**start, "sheet": sheet, "willpower": max(0, min(willpower, sheet.get("willpower", 0)))}


def nothing_bought(op: Operation, current: Any, was: Any, now: Any) -> bool:
    """Whether a purchase finds nothing to buy: a power bought each once that she holds
    already, or more of a rating taken away than she has."""
    return (op.once and current is not None) or short_of(current, was, now)


class Registers:
    """Starting states, and which operation last set each field of each."""

    def __init__(self, starts: dict[str, dict], written: dict[tuple[str, str], Key] | None = None) -> None:
        self.starts = dict(starts)
        self.written: dict[tuple[str, str], Key] = dict(written or {})
        self.short: list[tuple[Operation, str]] = []
        """Each purchase that took away more of a rating than she had then, or bought a power
        (bought each once) she had already, and the field: paid for, with nothing bought
        (larp.ledger.conflicts flags it)."""

    def copy(self) -> "Registers":
        done = Registers(self.starts, self.written)
        done.short = list(self.short)
        return done

    def apply(self, op: Operation) -> bool:
        """Fold the operation in; whether it concerns a character the fold has."""
        cid = op.character
        if op.whole is not None:
            self.starts[cid] = whole_state(self.starts.get(cid), op.whole, op.line)
            return True
        if op.joins is not None and cid not in self.starts:
            self.starts[cid] = op.joins
        start = self.starts.get(cid)
        if start is None:
            return False
        sheet = start["sheet"]
        for path, (was, now) in op.fields.items():
            if op.adds:
                current = field(sheet, path)
                if nothing_bought(op, current, was, now):
                    self.short.append((op, path))
                    if op.once:
                        continue  # bought once already, at a station that had not heard of this one
                sheet = with_field(sheet, path, added(current, was, now))
                continue
            if self.written.get((cid, path), (-1, "", 0)) > op.key:
                continue  # a later operation in the season's order set it: that one holds
            self.written[(cid, path)] = op.key
            sheet = with_field(sheet, path, now)
        if op.line is not None:
            sheet = {**sheet, "experience": experience_with(sheet.get("experience", {}), op.line)}
        self.starts[cid] = with_willpower(start, sheet)
        return True

    def undo(self, op: Operation, others: list[Operation]) -> None:
        """Take back an operation the fold holds (reversed after it was folded): a field it holds
        goes to the latest other operation's value that set it, else to what it changed it from."""
        cid = op.character
        start = self.starts.get(cid)
        if start is None or op.whole is not None:
            return
        if op.joins is not None and start is op.joins:
            self._unjoined(op, others)
            return
        sheet = start["sheet"]
        for path, (was, now) in op.fields.items():
            if (op, path) in self.short:
                self.short.remove((op, path))  # it took nothing away: nothing to give back
                continue
            if op.adds:
                sheet = with_field(sheet, path, added(field(sheet, path), now, was))
                sheet = self._bought_since(cid, path, sheet, others)
                continue
            if self.written.get((cid, path)) != op.key:
                continue
            setting = [o for o in others if o is not op and o.character == cid and not o.adds and path in o.fields]
            if setting:
                holder = max(setting, key=lambda o: o.key)
                self.written[(cid, path)] = holder.key
                sheet = with_field(sheet, path, holder.fields[path][1])
            else:
                del self.written[(cid, path)]
                sheet = with_field(sheet, path, was)
        if op.line is not None:
            sheet = {**sheet, "experience": experience_without(sheet.get("experience", {}), op.line)}
        self.starts[cid] = with_willpower(start, sheet)

    def _bought_since(self, cid: str, path: str, sheet: dict[str, Any], others: list[Operation]) -> dict[str, Any]:
        """A purchase taken back: each standing one of that field that had found nothing to buy,
        in the season's order, buys now what it would have bought without it (as a fold of the
        operations without the one reversed has it)."""
        standing = {o.entry.id for o in others}
        for o, p in sorted((pair for pair in self.short if pair[1] == path and pair[0].character == cid and pair[0].entry.id in standing), key=lambda pair: pair[0].key):
            was, now = o.fields[path]
            current = field(sheet, path)
            if nothing_bought(o, current, was, now):
                continue
            self.short.remove((o, p))
            sheet = with_field(sheet, path, added(current, was, now))
        return sheet

    def _unjoined(self, op: Operation, others: list[Operation]) -> None:
        """A new character's joining taken back: she is gone, unless another station added her
        too (that one's sheet is hers then)."""
        cid = op.character
        other = min((o for o in others if o is not op and o.character == cid and o.joins is not None), key=lambda o: o.key, default=None)
        self.written = {key: place for key, place in self.written.items() if key[0] != cid}
        if other is None:
            del self.starts[cid]
        else:
            self.starts[cid] = other.joins


def whole_state(known: dict | None, data: dict, line: dict | None) -> dict:
    """An older record's entry: its whole state replaces hers; an experience line it carries is
    added to her experience as the fold has it (so that lines written at two stations both stand),
    and a purchase keeps what it bought."""
    if known is None or line is None:
        return data
    old, new = known["sheet"], data["sheet"]
    bought = line["type"] == "spent" and {**old, "experience": new.get("experience")} != new
    base, sheet = (data, new) if bought else (known, old)
    return {**base, "sheet": {**sheet, "experience": experience_with(old.get("experience", {}), line)}}

