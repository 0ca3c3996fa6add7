"""The roster: who plays in the chronicle (the retired and dead do not), filtered as the Narrator types; Enter opens a sheet."""

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Input, Static

from larp.rules import CharacterState
from larp.sheet import ATTRIBUTES, Category
from larp.station.screens.base import StationScreen
from larp.words import counted
from larp.station.plain import plain

COLUMNS = ("Name", *(category.value.title() for category in ATTRIBUTES), "Willpower", "Creature", "Player")
"""The totals beside the name, so that a narrow screen shows them first."""


def roster_row(state) -> tuple[str, ...]:
    """A character's line: who she is, and her totals now of her full ones (tabletop sheets: Willpower)."""
    sheet = state.sheet
    creature = ", ".join(part for part in (sheet.creature, sheet.lineage) if part)
    if isinstance(state, CharacterState):
        totals = [f"{state.total(category)}/{sheet.rating(category)}" for category in (*ATTRIBUTES, Category.WILLPOWER)]
    else:
        totals = ["—"] * len(ATTRIBUTES) + [f"{state.willpower}/{sheet.willpower}"]
    return (sheet.display_name, *totals, creature, sheet.player)


class RosterScreen(StationScreen):
    """Tonight's characters; the filter holds words of a name, an id, a player, a creature or a lineage."""

    CSS_PATH = "roster.tcss"
    AUTO_FOCUS = "#roster-filter"
    BINDINGS = [
        Binding("enter", "open_sheet", "Open sheet", id="roster.open-sheet", tooltip="the sheet of the character under the cursor (the first, from the filter)"),
        Binding("down", "to_list", "To the list", id="roster.to-list", show=False, tooltip="from the filter down to the characters"),
        Binding("escape", "clear_filter", "Clear filter", id="roster.clear-filter", tooltip="everyone in play again"),
    ]

    def body(self) -> ComposeResult:
        yield Input(placeholder="Filter by name, player, creature or lineage; ↓ to the list", id="roster-filter", compact=True)
        yield Static(id="roster-count")
        yield DataTable(id="roster", cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns(*COLUMNS)

    def on_screen_resume(self) -> None:
        self.record_changed()

    def record_changed(self) -> None:
        self.show_roster()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.show_roster()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_open_sheet()

    def show_roster(self) -> None:
        if self.desk is None:
            self.query_one("#roster-count", Static).update(self.without_record())
            return
        text = self.query_one("#roster-filter", Input).value
        shown = self.app.consult(self.desk.roster, text)
        if shown is None:
            return
        table = self.query_one(DataTable)
        table.clear()
        for state in shown:
            table.add_row(*map(plain, roster_row(state)), key=state.id)
        everyone = len(self.desk.roster())  # who plays: not the retired or dead
        said = f"{len(shown)} of {counted(everyone, 'character')} in play" if text.strip() else f"{counted(everyone, 'character')} in play"
        self.query_one("#roster-count", Static).update(plain(said if shown or not text.strip() else f"{said}: nobody matches “{text.strip()}”"))

    def action_to_list(self) -> None:
        self.query_one(DataTable).focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.app.open_sheet(event.row_key.value)

    def action_open_sheet(self) -> None:
        table = self.query_one(DataTable)
        if not table.row_count:
            return
        row = table.coordinate_to_cell_key((table.cursor_row, 0)).row_key
        self.app.open_sheet(row.value)

    def action_clear_filter(self) -> None:
        self.query_one("#roster-filter", Input).value = ""
        self.query_one("#roster-filter", Input).focus()
