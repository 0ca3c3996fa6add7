"""A station's game clock (R-NIGHT-2), as its entries tell it; or an event's, as all its stations' do.

The clock starts at 0:00 when the station opens its night and runs with wall
time; a hold stops it, a resume starts it again, and an advance moves it on.
Every clock entry carries the game time at which it was written, so the clock
is the latest of those figures plus the wall time elapsed since, if running.
"""

from dataclasses import dataclass
from datetime import datetime
from typing import Iterable

from larp.ledger.entry import Entry, Kind


@dataclass(frozen=True, slots=True)
class GameClock:
    offset: float = 0.0
    """Game minutes at `since`, or where the clock stands while held."""
    since: datetime | None = None
    """The wall time the clock last started running; None while it is held."""

    @property
    def held(self) -> bool:
        return self.since is None

    @classmethod
    def of(cls, entries: Iterable[Entry], station: str | None) -> "GameClock":
        """The clock as the station's entries tell it, in the order it wrote them; with no
        station, the event's one clock: every station's entries in wall-time order, started by
        the first opening, so that a hold at any station holds them all."""
        if station is not None:
            told = [entry for entry in entries if entry.station == station]
        else:
            told = sorted(entries, key=lambda entry: (entry.wall_time, entry.station, entry.seq))
        clock, started = cls(), False
        for entry in told:
            if entry.kind is Kind.OPENED:
                if started:
                    continue
                started = True
            clock = clock.after(entry)
        return clock

    def at(self, now: datetime) -> float:
        """Game minutes at wall time `now`."""
        if self.since is None:
            return self.offset
        return self.offset + max(0.0, (now - self.since).total_seconds() / 60)

    def after(self, entry: Entry) -> "GameClock":
        """The clock once this station's entry is written."""
        if entry.kind is Kind.OPENED:
            return GameClock(0.0, datetime.fromisoformat(entry.wall_time))
        if entry.kind is not Kind.CLOCK:
            return self
        action = entry.payload["action"]
        if action == "hold":
            return GameClock(entry.game_time, None)
        since = datetime.fromisoformat(entry.wall_time)
        if action == "resume":
            return GameClock(entry.game_time, since)
        moved = entry.game_time + entry.payload["minutes"]
        return GameClock(moved, None if self.held else since)
