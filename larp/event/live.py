"""The sync all night: a thread of its own that keeps this record and the event's hub level.

It pushes an entry soon after the station commits it (it watches the record), pulls as
soon as another station says it brought something (LISTEN/NOTIFY), at most ten times a
second (what arrives meanwhile is taken in one round), and syncs every few seconds anyway (the cards, a notification lost). When the hub can't be reached it says
since when, and how many entries wait, and tries again until the hub is back.

It syncs by the hub's line the record holds, read again before each try and whenever another
program writes the record: a `larp join` run while the station is open (a new join line after
`larp hub revoke`) is taken up at once, without restarting the station.
"""

import threading
import time
from dataclasses import dataclass
from datetime import datetime, timezone

import psycopg

from larp.event.errors import EventError, Unreachable
from larp.event.schema import CHANNEL
from larp.event.sync import Moved, connect, own_login, skew, sync_once, unreachable
from larp.ledger import Ledger, LedgerError
from larp.ledger.exchange import waiting
from larp.ledger.store import HUB_SETTING, STATION_SETTING
from larp.words import counted

WATCH_SECONDS = 0.1
"""How often the record is looked at for new entries of this station."""
ROUND_SECONDS = 2.0
"""A whole sync (the cards too) at least this often, while the hub answers."""
GATHER_SECONDS = 0.1
"""After a sync, what arrives meanwhile waits this long, to be taken in one round: with many
stations writing at once, every station would otherwise sync for every entry of every other."""
RETRY_SECONDS = 1.0
"""How soon the hub is tried again when it can't be reached."""


@dataclass(frozen=True)
class SyncStatus:
    online: bool
    since: datetime | None
    """Offline since (None: not reached yet, or online)."""
    waiting: int
    """This record's entries not on the hub yet."""
    problem: str | None = None
    """The last sync refused, or why the hub can't be reached."""
    last_sync: datetime | None = None
    aside: int = 0
    """Entries of the hub set aside at the last pull (larp sync names them)."""
    skew: str = ""
    """This laptop's clock against the hub's, when more than a minute off."""

    def text(self) -> str:
        waits = f"{counted(self.waiting, 'entry')} waiting"
        if not self.online and self.since is None:
            return "connecting to the hub…"
        if not self.online:
            return f"offline since {self.since.astimezone().strftime('%H:%M')}, {waits}"
        if self.problem:
            return f"sync refused: {self.problem}"
        aside = f", {self.aside} set aside (larp sync says why)" if self.aside else ""
        clock = ", this laptop's clock is off the hub's: set it right" if self.skew else ""
        return "online" + (f", {waits}" if self.waiting else "") + aside + clock


class Live:
    """The sync worker of one record; `status()` for the station's status bar."""

    def __init__(self, where: str, url: str, station: str) -> None:
        self.where = where
        self.url = url
        self.station = station
        self.stopping = threading.Event()
        self.synced = threading.Condition()
        self.rounds = 0
        """Whole syncs done (tests wait on it)."""
        self._status = SyncStatus(online=False, since=None, waiting=0)
        self.thread = threading.Thread(target=self._run, name="larp-event-sync", daemon=True)
        self.thread.start()

    def status(self) -> SyncStatus:
        return self._status

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join()

    def wait_round(self, timeout: float) -> bool:
        """Wait for the next whole sync; whether one happened."""
        with self.synced:
            seen = self.rounds
            return self.synced.wait_for(lambda: self.rounds > seen, timeout)

    def _run(self) -> None:
        try:
            ledger = Ledger.open(self.where)
        except LedgerError as error:
            self._status = SyncStatus(False, datetime.now(timezone.utc), 0, str(error))
            return
        try:
            while not self.stopping.is_set():
                try:
                    self._joined(ledger)
                    self._connected(ledger)
                except Unreachable as error:
                    self._offline(ledger, str(error))
                except EventError as error:  # its join line refused (a name taken, a station revoked)
                    self._offline(ledger, str(error))
                except psycopg.Error as error:
                    self._offline(ledger, str(unreachable(self.url, error)))
                self.stopping.wait(RETRY_SECONDS)
        finally:
            ledger.close()

    def _joined(self, ledger: Ledger) -> bool:
        """Whether the record holds the hub line and station name this worker syncs by: if not
        (joined again elsewhere), they are taken up from now on."""
        url, station = ledger.setting(HUB_SETTING) or self.url, ledger.setting(STATION_SETTING) or self.station
        same = (url, station) == (self.url, self.station)
        self.url, self.station = url, station
        return same

    def _connected(self, ledger: Ledger) -> None:
        with connect(self.url) as work, connect(self.url) as listen:
            own = own_login(ledger, work, self.url, self.station)
            if own is not None:
                self.url = own  # the record joined while the hub was out of reach: its own login from now on
                return
            listen.execute(f"LISTEN {CHANNEL}")
            self._round(ledger, work, whole=True)
            seen, last = ledger.changed_elsewhere(), time.monotonic()
            while not self.stopping.is_set():
                told = any(True for _ in listen.notifies(timeout=WATCH_SECONDS, stop_after=1))
                written = ledger.changed_elsewhere() != seen
                whole = time.monotonic() - last > ROUND_SECONDS
                if written and not self._joined(ledger):
                    return  # joined again elsewhere: connect by the new line
                if told or written or whole:
                    seen = ledger.changed_elsewhere()
                    if whole:
                        last = time.monotonic()
                    self._round(ledger, work, whole)
                    self.stopping.wait(GATHER_SECONDS)

    def _round(self, ledger: Ledger, work: psycopg.Connection, whole: bool) -> Moved | None:
        moved, problem = None, None
        try:
            moved = sync_once(ledger, work, self.url, self.station, whole)
        except Unreachable:
            raise
        except EventError as error:
            problem = str(error)
        aside = len(moved.aside) if moved is not None else self._status.aside
        off = skew(moved.hub_time, datetime.now(timezone.utc)) if moved is not None and moved.hub_time else self._status.skew
        self._status = SyncStatus(True, None, waiting(ledger), problem, datetime.now(timezone.utc), aside, off)
        with self.synced:
            self.rounds += 1
            self.synced.notify_all()
        return moved

    def _offline(self, ledger: Ledger, why: str) -> None:
        since = self._status.since if not self._status.online and self._status.since else datetime.now(timezone.utc)
        try:
            count = waiting(ledger)
        except LedgerError:
            count = self._status.waiting
        self._status = SyncStatus(False, since, count, why, self._status.last_sync)
