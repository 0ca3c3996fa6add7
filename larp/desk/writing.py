"""Writing at the desk: entries made from the desk's view, one transaction each, or behind its back."""

import uuid
from contextlib import contextmanager
from datetime import timezone
from typing import Callable, Iterator

from larp.desk.errors import recorded
from larp.desk.errors import DeskError
from larp.ledger.entry import Entry, Kind
from larp.ledger.errors import FoldBehind
from larp.ledger.store import MEMORY
from larp.ledger.write_behind import WriteBehind


BEHIND_FROM = 256
"""The shortest run of entries written behind: forking the writer costs what a few hundred entries
written in line do (more on a big night, whose fold the fork copies as the desk goes on)."""


class Writing:
    """Writing entries: the station's night must be open here (a reversal needs only a night not archived)."""

    @contextmanager
    def writing_behind(self, committed: Callable[[Entry], None], count: int | None = None) -> Iterator[None]:
        """Entries written by a process of their own while the next are adjudicated (where one
        can be forked: see `WriteBehind.possible`, and for a run of `BEHIND_FROM` entries or
        more, or of a length not known; else each is written in line); `committed` hears of
        each once it is on disk. On leaving, every entry is written (or the first failure
        raised, after which the desk reads the record again)."""
        short = count is not None and count < BEHIND_FROM
        if self.ledger.where == MEMORY or self._behind is not None or short or not WriteBehind.possible():
            yield
            return
        self._check_writable(Kind.ADJUDICATION)
        with recorded:
            self._behind = WriteBehind(self.ledger, self.night_row, self.station)
        try:
            yield
        finally:
            behind, self._behind = self._behind, None
            try:
                with recorded:
                    for entry in behind.close():
                        committed(entry)
            finally:
                if behind.failure is not None:
                    self._fold_night = None  # entries taken that never reached the record: fold it afresh
                self.refold_later()

    def _entry(self, kind, summary, characters, payload, *, reverses=None, game_time=None, night=None, seq=0) -> Entry:
        return Entry(
            id=uuid.uuid4().hex,
            night=night if night is not None else self.night_number,
            station=self.station,
            seq=seq,
            narrator=self.narrator,
            kind=kind,
            game_time=self.clock.at(self.now()) if game_time is None else game_time,
            wall_time=self.now().astimezone(timezone.utc).isoformat(timespec="microseconds"),
            summary=" ".join(summary.split()),
            character_ids=tuple(characters),
            reverses=reverses,
            payload=payload,
        )

    def _write(self, kind: Kind, summary: str, characters, payload: dict, **placed) -> Entry:
        """Write an entry made from the desk's view (which the caller brought up to date);
        `placed`: the entry it reverses, a game time other than the clock's."""
        self._check_writable(kind)
        with recorded:
            if self._behind is not None:
                entry = self._entry(kind, summary, characters, payload, seq=self._behind.next_seq, **placed)
                self._behind.put(entry)
            else:
                entry = self._entry(kind, summary, characters, payload, **placed)
                entry = self.ledger.append(self.night_row, entry)
        self._take(entry)
        return entry

    def _check_writable(self, kind: Kind) -> None:
        """Anything goes into the station's open night; a reversal into any night not archived."""
        if self.night_row is None:
            raise DeskError("no night is open at this station: open one (larp night open)")
        number = self.night_row.number
        if self.night_row.archived_at is not None:
            raise DeskError(f"night {number} is archived (larp close-night): open the next night")
        if kind is Kind.REVERSAL:
            return
        if not self.opened_here:
            raise DeskError(f"station {self.station} has no night open: open one (larp night open)")
        if self.closed:
            raise DeskError(f"night {number} is closed at station {self.station}: open the next night")

    def _take(self, entry: Entry) -> None:
        """The desk's view, after writing an entry of its own."""
        self.clock = self.clock.after(entry)
        self.closed = self.closed or entry.kind is Kind.CLOSED
        self.revision += 1
        if entry.kind is not Kind.REVERSAL and self._fold_night == self.night_row.id:
            try:
                self._fold.add([entry])
                self.tonight = self._fold.tonight
                return
            except FoldBehind:  # before the kept fold's last entry: read back below, and the reload folds the night whole
                pass
        if self._behind is not None:
            with recorded:
                self._behind.drain()
        self.reload()
