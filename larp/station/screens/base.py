"""What every main screen shares: the clock bar on top, the footer below, failures reported."""

from collections.abc import Iterable

from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.screen import Screen
from textual.widgets import Input
from textual.worker import Worker, WorkerState

from larp.station.widgets.clock_bar import ClockBar
from larp.station.widgets.key_bar import KeyBar


class StationScreen(Screen):
    """A screen of the station. Subclasses give `body`; the desk is the app's."""

    def compose(self) -> ComposeResult:
        yield ClockBar()
        yield from self.body()
        yield KeyBar()

    def body(self) -> ComposeResult:
        yield from ()

    @property
    def desk(self):
        return self.app.desk

    @property
    def station_closing(self) -> bool:
        """Whether the station is closing: a screen made a moment before (the night log and the
        reconciliation are made while nobody waits on them) is still told it shows while its
        widgets are taken away; it reads nothing then."""
        return not self.app.is_running

    def record_changed(self) -> None:
        """The night record changed (an entry written here, or arrived from another station):
        show it afresh. The night log and the reconciliation read it again; others need not."""

    def without_record(self) -> Text:
        """What a screen shows while there is no desk: the night record being read, or not opened."""
        if self.app.opening_failed is not None:
            return Text("The night record did not open: F2 shows why.", style="bold")
        return Text("Reading the night record…", style="dim")

    @property
    def closes_when_left(self) -> bool:
        """Whether going to another screen (F2 to F4, F9, F10) closes this one for good: a
        challenge once recorded has nothing left to come back to."""
        return False

    scan_field: str | None = None
    """The field (a selector) that a card scanned on this screen goes to, wherever the cursor is."""

    def takes_card_key(self, event) -> bool:
        """Whether this key, before the widget with the cursor sees it, belongs to a card being
        scanned: on a screen with a `scan_field`, a key typed elsewhere moves the cursor there at
        once, with the key, so that the card's next keys and its Enter follow it."""
        if self.scan_field is None or not event.is_printable:
            return False
        field = self.query_one(self.scan_field, Input)
        if self.focused is field:
            return False
        self.set_focus(field)
        field.insert_text_at_cursor(event.character or "")
        return True

    def commands(self) -> Iterable[SystemCommand]:
        """What this screen adds to the command palette."""
        return ()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state is WorkerState.ERROR:
            self.app.report(event.worker.error)
