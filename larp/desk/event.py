"""The event at the desk: joining an event's hub, syncing with it once, or all night.

The desk keeps talking to its own record; the sync (larp.event) brings the other
stations' entries into it, and the desk folds them in like any entry written elsewhere.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit
from typing import TYPE_CHECKING

from larp.desk.errors import recorded
from larp.desk.errors import DeskError, Translated
from larp.event import EventError, Unreachable
from larp.home import data_dir
from larp.ledger.store import HUB_SETTING, MEMORY, STATION_SETTING

if TYPE_CHECKING:
    from larp.event import Live, Moved, SyncStatus
    from larp.event.existing import Made
    from larp.event.hub import HubSettings, StationSeen

HUB_SCHEMES = ("postgresql://", "postgres://")
ROOT_HUB = "/var/lib/larp/hub"

told = Translated(EventError, lambda error: DeskError(str(error)))
"""The event's errors, as the desk's."""


class EventSync:
    _live: Live | None = None

    def join(self, url: str, name: str | None = None) -> Moved:
        """This record joins the event at `url` (the line `larp hub start` printed) as station
        `name` (else the name it has), and syncs once. A hub that can't be reached now is a
        DeskError, and joined all the same: the station syncs when it can. Refused (DeskError,
        the record as it was, its name and keys unchanged, free to join again) when another
        station of the event has the name, or when the record's own entries bear another name."""
        name = name or self.station
        if name != self.station:
            self._check_renamed(name)
        station, self.station = self.station, name
        try:
            kept = self.enlist(url)
        except DeskError:
            self.station = station
            raise
        with recorded:
            self.ledger.remember(STATION_SETTING, name)
        self.keep_hub(kept)
        return self.sync()

    def _check_renamed(self, name: str) -> None:
        """A record whose own entries were written as another station can't join under a new
        name: they would reach the event as a station it never registered."""
        with recorded:
            written = any(self.ledger.rows(night, station=self.station) for night in self.ledger.nights())
        if written:
            raise DeskError(
                f"this record's entries were written as station {self.station!r}: it joins the event under that name "
                f"(larp join without --station), or a new record joins as {name!r}. Nothing was changed"
            )

    def enlist(self, url: str) -> str:
        """This station's name and key registered with the event at `url` (its join line); the
        address to keep: the station's own login, made as it registers, or the one the record
        holds for that event already (joining again). DeskError if another station holds the
        name; `url` itself when the hub can't be reached (it registers on its first sync)."""
        from larp.event.sync import connect, enlist, is_own_login, same_event

        url = address(url)
        with recorded:
            held = self.ledger.setting(HUB_SETTING)
        if held and same_event(held, url) and is_own_login(urlsplit(held).username):
            url = held
        try:
            with recorded, connect(url) as connection:
                return enlist(self.ledger, connection, url, self.station)
        except Unreachable:
            return url
        except EventError as error:
            raise DeskError(str(error)) from None

    def keep_hub(self, url: str) -> None:
        """This record joins the event at `url` (its station's own login, or the join line until
        the hub is reached), without syncing yet: the address is kept, and the record made
        readable by its owner only (the URL carries the password). DeskError if `url` is not an
        event's address."""
        from larp.ledger.exchange import keep_hub  # what the sync reads and files: only once joining

        url = address(url)
        with recorded:
            keep_hub(self.ledger, url)
        self.hub = url
        self.refold_later()

    def sync(self) -> Moved:
        """Push this record's new entries to the hub and pull everyone else's, once."""
        with recorded:
            self.hub = self.ledger.setting(HUB_SETTING) or self.hub  # joined since, or given its own login, by another program or the sync worker
        if not self.hub:
            raise DeskError("this station has joined no event: larp join (it asks for the address larp hub start printed)")
        from larp.event.sync import connect, own_login, skew, sync_once

        before = self.closes_known()
        with told, recorded:
            with connect(self.hub) as connection:
                own = own_login(self.ledger, connection, self.hub, self.station)
                moved = None if own else sync_once(self.ledger, connection, self.hub, self.station)
            if own is not None:
                self.hub = own  # kept in the record by own_login
                with connect(own) as connection:
                    moved = sync_once(self.ledger, connection, own, self.station)
        self.refold_later()
        moved.closes = self.closes_learnt(before)
        moved.skew = skew(moved.hub_time, self.now())
        return moved

    def go_live(self) -> None:
        """Keep the record and the hub level from now on, in a thread of its own."""
        if self.hub and self._live is None and self.ledger.where != MEMORY:
            from larp.event.live import Live

            self._live = Live(self.ledger.where, self.hub, self.station)

    def sync_status(self) -> SyncStatus | None:
        """Online or offline since when, entries waiting; None when not joined or not live."""
        return self._live.status() if self._live is not None else None

    def stop_live(self) -> None:
        live, self._live = self._live, None
        if live is not None:
            live.stop()


def address(url: str) -> str:
    """`url` if it is an event's address (DeskError if not, never showing its password)."""
    url = url.strip()
    if not url.startswith(HUB_SCHEMES):
        raise DeskError(
            "the line given is not an event's address (it is not shown here: it may hold a password): give the "
            "line larp hub start printed (postgresql://…)"
        )
    return url


def hub_folder() -> Path:
    """Where `larp hub start` keeps the event's cluster: the larp data folder; run by root,
    a folder the `postgres` user who runs the server can reach."""
    return Path(ROOT_HUB) if os.geteuid() == 0 and "LARP_HOME" not in os.environ else data_dir() / "hub"


def start_hub(folder: Path | None, listen: str | None, port: int | None) -> HubSettings:
    from larp.event import hub

    with told:
        return hub.start_hub(folder or hub_folder(), listen, port)


def stop_hub(folder: Path | None) -> None:
    from larp.event import hub

    with told:
        hub.stop_hub(folder or hub_folder())


def hub_status(folder: Path | None) -> tuple[HubSettings, list[StationSeen]]:
    from larp.event import hub

    with told:
        return hub.hub_status(folder or hub_folder())


def init_hub(owner_url: str, host: str | None, role: str) -> Made:
    from larp.event import existing

    with told:
        return existing.init_hub(address(owner_url), host, role)


def revoke(station: str, folder: Path | None, owner_url: str | None, host: str | None, role: str) -> str:
    """A station revoked (larp.event.revoking): the new line the other stations join by."""
    from larp.event import existing, hub

    with told:
        if owner_url is not None:
            return existing.revoke_on_server(address(owner_url), station, role, host)
        return hub.revoke_on_laptop(folder or hub_folder(), station).join_url()


def is_loopback(listen: str) -> bool:
    from larp.event import hub

    return hub.is_loopback(listen)
