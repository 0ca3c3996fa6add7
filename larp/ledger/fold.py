"""The night folded while entries keep arriving, in any order.

An event's station receives other stations' entries a moment after they were written, a
little earlier in game time than its own latest: folding the whole night again for each
would cost more and more as the night grows. `LiveFold` keeps a copy of the fold every
`EVERY` entries; an entry that arrives out of order is folded from the last copy before
its place, an entry that comes last is simply applied. A reversal folds the night afresh
(what it reverses is skipped from the start).
"""

import bisect
from typing import Iterable

from larp.ledger.bulk import bulk
from larp.ledger.effects import Effect
from larp.ledger.entry import Entry, Kind
from larp.ledger.projection import Tonight

EVERY = 64


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
        self._rebuild(list(entries))

    def add(self, entries: Iterable[Entry]) -> list[Entry]:
        """Fold in the entries not folded yet; those that were new."""
        with bulk():
            return self._add(entries)

    def _add(self, entries: Iterable[Entry]) -> list[Entry]:
        new = [entry for entry in entries if entry.id not in self.ids]
        if not new:
            return new
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
        start = Tonight({e.reverses: e for e in self.ordered if e.kind is Kind.REVERSAL and e.reverses})
        self.copies = [(0, start)]
        self._apply_from(0, start.snapshot())

    def _apply_from(self, count: int, tonight: Tonight) -> None:
        for index in range(count, len(self.ordered)):
            self.effects[index] = tonight.apply(self.ordered[index])
            if (index + 1) % EVERY == 0 and index + 1 > self.copies[-1][0]:
                self.copies.append((index + 1, tonight.snapshot()))
        self.tonight = tonight
