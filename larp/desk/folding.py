"""The desk's fold of its night: read from the record as entries arrive, from the fold the
record keeps (larp.ledger.kept_fold) where it may, and kept there again for the next command."""

from larp.desk.errors import DeskError, recorded
from larp.ledger import GameClock, Kind, NightRow
from larp.ledger.bulk import bulk
from larp.ledger.errors import FoldBehind
from larp.ledger.fold import LiveFold
from larp.ledger.kept_fold import KEEP_EVERY, keep, kept, kept_count
from larp.ledger.store import MEMORY

class Folding:
    """The night folded at the desk (`DeskCore` holds what it folds into: `tonight`, the clock)."""

    def reload(self) -> None:
        """Fold in what the record received since (another program wrote to it, a station's
        entries arrived); the whole night again when the desk moved to another night."""
        with recorded:
            self._version = self.ledger.changed_elsewhere()
            if self.night_row is None:
                return
            self.night_row = self.ledger.night(self.night_row.chronicle, self.night_row.number)
            if self._fold_night != self.night_row.id:
                self._fold, self._read_upto = self._starting_fold()
                self._fold_night = self.night_row.id
            self._read_upto, arrived = self.ledger.entries_after(self.night_row, self._read_upto, self._fold.ids)
        try:
            self._fold.add(arrived)
        except FoldBehind:  # an entry before the kept fold's last, or a reversal: the night folded whole
            self.fold_whole()
            return
        self.tonight = self._fold.tonight
        self.ledger.found(self.tonight.damaged)
        self.revision += 1
        self._read_clock()

    def _starting_fold(self) -> tuple[LiveFold, int]:
        """The fold to go on from, and the record's number of its last entry: the record's kept
        fold, if it may be taken, else none yet."""
        found = None
        if self.resumes and self.ledger.where != MEMORY:
            with bulk():
                found = kept(self.ledger.db, self.night_row)
        if found is None:
            return LiveFold(), 0
        return found.fold, found.upto

    def _read_clock(self) -> None:
        """The game clock, and whether this station opened and closed the night, as the fold's
        openings and clock entries tell them."""
        self.clock = GameClock.of(self._fold.told, None if self.hub else self.station)
        mine = self._fold.written.get(self.station, set())
        self.opened_here = Kind.OPENED in mine
        self.closed = Kind.CLOSED in mine

    def refold_later(self) -> None:
        """The desk's view is out of date: it is folded again from the record when next needed."""
        self._version = None

    def _current(self) -> None:
        if self._behind is not None:
            return  # the record changes under the desk's own writer only
        with recorded:
            changed = self.ledger.changed_elsewhere() != self._version
        if changed:
            self.reload()

    def keep_fold(self) -> bool:
        """Keep the desk's fold of its night in the record (larp.ledger.kept_fold), once it holds
        `KEEP_EVERY` entries more than the one kept: the next command folds only what comes
        after. Never by a desk opened to read, nor of a night archived or found damaged; whether
        it was kept."""
        row = self.night_row
        if self.reading or row is None or self._fold_night != row.id or self._behind is not None:
            return False
        if self.ledger.where == MEMORY or self.ledger.read_only or row.archived_at is not None:
            return False
        try:
            self._current()
        except DeskError:
            return False
        if self.tonight.damaged or self.ledger.damaged or self.night_row.archived_at is not None:
            return False
        if self._fold.count - kept_count(self.ledger.db, self.night_row) < KEEP_EVERY:
            return False
        return keep(self.ledger.db, self.night_row, self._fold)

    def fold_whole(self) -> None:
        """Fold the night from its every entry, and keep them all (the station's log and
        reconciliation read them from the fold), not from the fold the record keeps."""
        self.resumes, self._fold_night = False, None
        self.reload()

    def _holds_whole(self, row: NightRow) -> bool:
        """The desk's fold is of this night, up to date, with every entry of it."""
        if row.id != self._fold_night or self._behind is not None:
            return False
        self._current()
        return row.id == self._fold_night and self._fold.whole
