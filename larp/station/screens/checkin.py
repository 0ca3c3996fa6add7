"""Check-in at the door: cards scanned (or names typed) one after another, each character marked
present for this game; a refused card says why, a second scan says she is already in."""

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Input, Static

from larp.station.screens.base import StationScreen
from larp.words import counted
from larp.station.plain import plain

COLUMNS = ("Name", "Id", "In at", "Station")


def present_row(sheet, entry) -> tuple[str, ...]:
    from larp.rules import game_time

    return (sheet.display_name, sheet.id, game_time(entry.game_time), entry.station)


class CheckInScreen(StationScreen):
    """The door: the scan field on top, what the last card said, and who is in."""

    CSS_PATH = "checkin.tcss"
    AUTO_FOCUS = "#door-scan"
    scan_field = "#door-scan"
    BINDINGS = [
        Binding("escape", "clear", "Clear", id="checkin.clear", show=False, tooltip="empty the scan field"),
    ]

    def body(self) -> ComposeResult:
        yield Input(
            placeholder="Scan a card at the door (or type a name, or its start), then Enter",
            id="door-scan",
            compact=True,
            select_on_focus=False,  # the first keys of a card that brought the cursor here stay
        )
        yield Static(id="door-said")
        yield Static(id="door-count")
        yield DataTable(id="door-present", cursor_type="row", zebra_stripes=True)

    said_night: int | None = None
    """The night of what the door last said."""

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns(*COLUMNS)

    def on_screen_resume(self) -> None:
        self.record_changed()
        self.query_one("#door-scan", Input).focus()

    def record_changed(self) -> None:
        """Everyone in, afresh: check-ins from other stations arrive too."""
        if self.desk is None:
            self.query_one("#door-count", Static).update(self.without_record())
            return
        present = self.app.consult(self.desk.present)
        if present is None:
            return
        if self.said_night != self.desk.night_number:  # what the door said was of another night
            self.query_one("#door-said", Static).update("")
            self.said_night = self.desk.night_number
        table = self.query_one(DataTable)
        table.clear()
        for sheet, entry in present:
            table.add_row(*map(plain, present_row(sheet, entry)), key=sheet.id)
        self.show_count(len(present))

    def show_count(self, count: int) -> None:
        self.query_one("#door-count", Static).update(f"{counted(count, 'character')} checked in for night {self.desk.night_number}")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        event.input.clear()
        if event.value.strip():
            self.check_in(event.value)

    def check_in(self, text: str) -> None:
        from larp.desk import DeskError
        from larp.station.errors import notice_of

        said = self.query_one("#door-said", Static)
        if self.desk is None:
            said.update(self.without_record())
            return
        try:
            checked = self.desk.check_in(text)
        except DeskError as error:
            said.update(Text.assemble(("REFUSED  ", "bold red"), notice_of(error).message))
            self.app.report(error)
            return
        if checked.already is not None:
            said.update(Text.assemble(("ALREADY IN  ", "bold yellow"), checked.message))
            return
        said.update(Text.assemble(("PRESENT  ", "bold green"), checked.message))
        table = self.query_one(DataTable)
        table.add_row(*map(plain, present_row(checked.sheet, checked.entry)), key=checked.sheet.id)
        self.show_count(table.row_count)

    def action_clear(self) -> None:
        self.query_one("#door-scan", Input).clear()
