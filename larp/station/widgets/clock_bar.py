"""The top line of every screen: the chronicle, this station, the event's sync, and the game clock."""

from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from larp.station.sizes import WIDE


class ClockBar(Widget):
    """Where the Narrator is, and the game time: running, or stopped by a Hold!"""

    place = reactive("Reading the night record…")
    minutes: reactive[float | None] = reactive(None)
    """Game minutes since the night opened; None until the night record is open."""
    held = reactive(False)
    closed = reactive(False)
    """This station's night is closed: its clock runs no more."""
    event = reactive("")
    """The event's sync: online, or offline since when, entries waiting; "" with no event."""

    def on_mount(self) -> None:
        self.watch(self.app, "event_status", self.show_event)
        self.watch(self.app, "game_minutes", self.show_minutes)
        self.watch(self.app, "clock_held", self.show_held)
        self.watch(self.app, "place", self.show_place)
        self.watch(self.app, "night_open", self.show_open)

    def show_open(self, night_open: bool) -> None:
        self.closed = not night_open

    def show_minutes(self, minutes: float | None) -> None:
        self.minutes = minutes

    def show_held(self, held: bool) -> None:
        self.held = held
        self.set_class(held, "-held")

    def show_place(self, place: str) -> None:
        self.place = place

    def show_event(self, event: str) -> None:
        self.event = event

    def render(self) -> Table:
        line = Table.grid(expand=True)
        line.add_column(ratio=1)
        line.add_column(justify="right", no_wrap=True)
        wide = self.size.width >= WIDE  # else the place and the time only
        right = Text()
        if self.event:  # beside the clock, in the column that never gives way: the place does
            right.append(f" event {self.event} " if wide else f" {self.event} ", style="" if self.event.startswith("online") else "bold reverse")
        right.append(f" Game time {self.time_text()} " if wide else f" {self.time_text()} ", style="bold")
        if self.closed:
            right.append("■ closed ", style="bold reverse")
        elif self.minutes is not None:
            right.append("⏸ HOLD! " if self.held else "▶ running ", style="bold reverse" if self.held else "")
        where = Text(f" larp · {self.place}" if wide else f" {self.place}", overflow="ellipsis", no_wrap=True)
        line.add_row(where, right)
        return line

    def time_text(self) -> str:
        if self.minutes is None:
            return "-:--"
        from larp.rules import game_time  # loaded with the night record (see larp.station.app)

        return game_time(self.minutes)
