"""The event at the desk: joining an event's hub, syncing with it once, or all night.

The desk keeps talking to its own record; the sync (larp.event) brings the other
stations' entries into it, and the desk folds them in like any entry written elsewhere.
"""

from larp.desk.core import recorded
from larp.desk.errors import DeskError, Translated
from larp.event import EventError, Live, Moved, SyncStatus, connect, sync_once
from larp.ledger.exchange import HUB_SETTING, keep_private
from larp.ledger.store import MEMORY

HUB_SCHEMES = ("postgresql://", "postgres://")

told = Translated(EventError, lambda error: DeskError(str(error)))
"""The event's errors, as the desk's."""


class EventSync:
    _live: Live | None = None

    def join(self, url: str) -> Moved:
        """This record joins the event at `url` (the line `larp hub start` printed), and syncs
        once; the hub is kept, and the record made readable by its owner only (the URL
        carries the password). A hub that can't be reached now is a DeskError, and joined all
        the same: the station syncs when it can."""
        url = url.strip()
        if not url.startswith(HUB_SCHEMES):
            raise DeskError(
                f"{url[:40]!r} is not an event's address: give the line larp hub start printed "
                "(postgresql://…)"
            )
        with recorded:
            self.ledger.remember(HUB_SETTING, url)
            keep_private(self.ledger)
        self.hub = url
        self.refold_later()
        return self.sync()

    def sync(self) -> Moved:
        """Push this record's new entries to the hub and pull everyone else's, once."""
        if not self.hub:
            raise DeskError("this station has joined no event: larp join URL (the line larp hub start printed)")
        with told, recorded:
            with connect(self.hub) as hub:
                moved = sync_once(self.ledger, hub, self.hub, self.station)
        self.refold_later()
        return moved

    def go_live(self) -> None:
        """Keep the record and the hub level from now on, in a thread of its own."""
        if self.hub and self._live is None and self.ledger.where != MEMORY:
            self._live = Live(self.ledger.where, self.hub, self.station)

    def sync_status(self) -> SyncStatus | None:
        """Online or offline since when, entries waiting; None when not joined or not live."""
        return self._live.status() if self._live is not None else None

    def stop_live(self) -> None:
        live, self._live = self._live, None
        if live is not None:
            live.stop()
