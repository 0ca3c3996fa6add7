"""The night folded while entries keep arriving, in any order.

An event's station receives other stations' entries a moment after they were written, a
little earlier in game time than its own latest: folding the whole night again for each
would cost more and more as the night grows. `LiveFold` keeps a copy of the fold every
`EVERY` entries; an entry that arrives out of order is folded from the last copy before
its place, an entry that comes last is simply applied. A reversal folds the night afresh
(what it reverses is skipped from the start).

A fold `resumed` from the record's kept fold (larp.ledger.kept_fold) holds only the entries
after it: one that would go before them, or a reversal, raises `FoldBehind`, and the night is
folded whole. It holds what the entries before did to each character too (`Parts`, as the
night's account shows them), so that the account is made without folding them again.
"""

import bisect
import io
import pickle
import zlib
from types import MappingProxyType
from typing import Iterable

from larp.ledger.bulk import bulk
from larp.ledger.effects import Effect
from larp.ledger.entry import Entry, Kind
from larp.ledger.errors import FoldBehind
from larp.ledger.projection import Tonight

Parts = list[tuple[Entry, tuple[tuple, ...]]]
"""Each entry folded, in the merged order (without its payload), with what it did to each
character it named: (character, delta, the reversal's id or None, what a reversed entry had
recorded, the reason)."""

def read_only(items: dict) -> MappingProxyType:
    return MappingProxyType(items)


def packed(value: object) -> bytes:
    """`value` pickled (a read-only mapping as one) and compressed."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {MappingProxyType: lambda proxy: (read_only, (dict(proxy),))}
    pickler.dump(value)
    return zlib.compress(out.getvalue(), 1)


def unpacked(held: bytes):
    """What `packed` packed."""
    return pickle.loads(zlib.decompress(held))


EVERY = 64
TELLING_CLOCK = (Kind.OPENED, Kind.CLOCK)


class LiveFold:
    def __init__(self, entries: Iterable[Entry] = ()) -> None:
        self.ordered: list[Entry] = []
        self.keys: list[tuple] = []
        self.ids: set[str] = set()
        self.tonight = Tonight({})
        self.copies: list[tuple[int, Tonight]] = []
        """(entries applied, the fold then), at every EVERY entries."""
        self.effects: list[list[Effect]] = []
        """What each entry of `ordered` did, as it was applied (the night's account reads them)."""
        self.told: list[Entry] = []
        """The openings and clock entries, in the merged order: what the game clocks are told by."""
        self.written: dict[str, set[Kind]] = {}
        """Per station, the kinds of entry it wrote."""
        self.before: tuple | None = None
        """Resumed: where the kept fold's last entry stands; `ordered` holds only those after it."""
        self.kept = 0
        """Resumed: how many entries the kept fold holds."""
        self.kept_parts: bytes = b""
        """Resumed: what the kept fold's entries did to each character (`packed`), unpacked
        only by what asks for them: a command that writes an entry does not pay for the night's."""
        self._rebuild(list(entries))

    def kept_state(self) -> tuple[Tonight, list[Entry], dict[str, set[Kind]], bytes]:
        """What a fold resumed from this one starts with (larp.ledger.kept_fold)."""
        return self.tonight, self.told, self.written, packed(self.parts())

    def parts(self) -> Parts:
        """What every entry folded did to each character, in the merged order."""
        from larp.ledger.reconcile import parts_of  # the account's own reading of an effect

        kept = unpacked(self.kept_parts) if self.kept_parts else []
        return kept + [(entry.without_payload(), parts_of(found, self.tonight)) for entry, found in zip(self.ordered, self.effects)]

    @classmethod
    def resumed(cls, state: tuple[Tonight, list[Entry], dict[str, set[Kind]], bytes], count: int) -> "LiveFold":
        """The fold going on from a kept one of `count` entries (its `kept_state`)."""
        fold = cls()
        tonight, fold.told, fold.written, fold.kept_parts = state
        fold.tonight, fold.copies, fold.kept = tonight, [(0, tonight.snapshot())], count
        fold.before = tonight.last or ()
        return fold

    @property
    def whole(self) -> bool:
        """Every entry of the night is in `ordered` (not resumed from a kept fold)."""
        return self.before is None

    @property
    def count(self) -> int:
        return self.kept + len(self.ordered)

    def add(self, entries: Iterable[Entry]) -> list[Entry]:
        """Fold in the entries not folded yet; those that were new."""
        with bulk():
            return self._add(entries)

    def _add(self, entries: Iterable[Entry]) -> list[Entry]:
        new = [entry for entry in entries if entry.id not in self.ids]
        if not new:
            return new
        if not self.whole and any(entry.kind is Kind.REVERSAL or entry.order < self.before for entry in new):
            raise FoldBehind()
        if any(entry.kind is Kind.REVERSAL for entry in new):
            self._rebuild(self.ordered + new)
            return new
        place = min(bisect.bisect_right(self.keys, entry.order) for entry in new)
        for entry in new:
            at = bisect.bisect_right(self.keys, entry.order)
            self.keys.insert(at, entry.order)
            self.ordered.insert(at, entry)
            self.effects.insert(at, [])
            self.ids.add(entry.id)
            self._note(entry)
        if place >= len(self.ordered) - len(new):
            self._apply_from(len(self.ordered) - len(new), self.tonight)
        else:
            self.copies = [(count, copy) for count, copy in self.copies if count <= place]
            count, copy = self.copies[-1]
            self._apply_from(count, copy.snapshot())
        return new

    def folded(self) -> tuple[list[Entry], list[list[Effect]], Tonight]:
        """The entries, their effects and a copy of the fold as they are now: for an account
        made on another thread while entries keep arriving here."""
        return list(self.ordered), list(self.effects), self.tonight.snapshot()

    def _rebuild(self, entries: list[Entry]) -> None:
        self.ordered = sorted(entries, key=lambda entry: entry.order)
        self.keys = [entry.order for entry in self.ordered]
        self.ids = {entry.id for entry in self.ordered}
        self.effects = [[] for _ in self.ordered]
        self.told, self.written = [], {}
        for entry in self.ordered:
            self._note(entry)
        start = Tonight({e.reverses: e for e in self.ordered if e.kind is Kind.REVERSAL and e.reverses})
        self.copies = [(0, start)]
        self._apply_from(0, start.snapshot())

    def _note(self, entry: Entry) -> None:
        self.written.setdefault(entry.station, set()).add(entry.kind)
        if entry.kind in TELLING_CLOCK:
            bisect.insort(self.told, entry, key=lambda told: told.order)

    def _apply_from(self, count: int, tonight: Tonight) -> None:
        for index in range(count, len(self.ordered)):
            self.effects[index] = tonight.apply(self.ordered[index])
            if (index + 1) % EVERY == 0 and index + 1 > self.copies[-1][0]:
                self.copies.append((index + 1, tonight.snapshot()))
        self.tonight = tonight
