"""The game clock at the station: read each tick with the entries of other stations, and its keys
(Hold!, Resume, Advance) refused with a reason while the night record is not open."""

from typing import Any

from textual import work

from larp.station.modals import NumberScreen
from larp.station.screens.base import StationScreen


class GameClockKeys:
    """The clock's keys and what each tick reads (a mixin of the app)."""

    def read_clock(self) -> None:
        if self.desk is None:
            return
        try:
            self.game_minutes = self.desk.game_time()  # reads the record again if it changed
            self.read_record()
            held = self.desk.clock_held()
            night_open = self.desk.night_open_here
        except Exception as error:  # the record went away under the station: say so, keep the screen
            self.report(error)
            return
        if held != self.clock_held:
            self.clock_held = held
            self.refresh_bindings()
        if night_open != self.night_open:
            self.night_open = night_open
            self.show_place()
            self.refresh_bindings()
            if not night_open:
                self.notify(
                    f"Night {self.desk.night_number} is closed at this station (larp close-night, or larp night close): "
                    "nothing more is recorded in it. Ctrl+O opens the next night.",
                    title="The night is closed",
                    severity="warning",
                    timeout=30,
                )

    _revision = -1

    def read_record(self) -> None:
        """Entries arrived from the other stations (or written here): the screen shows them."""
        status = self.desk.sync_status()
        self.event_status = status.text() if status is not None else ""
        if self.desk.revision != self._revision:
            self._revision = self.desk.revision
            if isinstance(self.screen, StationScreen):
                self.screen.record_changed()

    @property
    def reading(self) -> bool:
        """The night record is being opened and read: the desk is not there yet."""
        return self.desk is None and self.opening_failed is None

    def record_not_open(self) -> bool:
        """True while there is no desk (the night record being read, or not opened): a key that
        needs the record then says so, rather than doing nothing."""
        if self.desk is not None:
            return False
        if self.reading:
            self.notify(
                "The night record is still being read (a big night takes a moment): press the key again once the game clock shows.",
                title="Reading the night record",
                severity="warning",
            )
        else:
            self.notify("The night record did not open: F2 shows why; fix it, then Ctrl+L.", title="The night record is not open", severity="error")
        return True

    def action_hold(self) -> None:
        if not self.record_not_open():
            self.clock_work("hold")

    def action_resume(self) -> None:
        if not self.record_not_open():
            self.clock_work("resume")

    @work
    async def action_advance(self) -> None:
        if self.record_not_open():
            return
        minutes = await self.push_screen_wait(
            NumberScreen("Advance the game clock", "Minutes of game time that pass", default=5, maximum=24 * 60)
        )
        if minutes:
            self.clock_work("advance", minutes)

    def clock_work(self, what: str, *args: Any) -> None:
        entry = self.consult(getattr(self.desk, what), *args)
        if entry is not None:
            self.read_clock()
            self.refresh_bindings()
            self.notify(entry.summary, title="Game clock")
