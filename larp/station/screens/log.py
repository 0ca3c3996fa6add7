"""The night log: tonight's entries, filtered by character, station or kind; a mistake reversed."""

from rich.console import Group
from rich.text import Text
from textual import work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import DataTable, Label, Select, Static

from larp.desk import roll_lines
from larp.ledger import REVERSIBLE, Kind
from larp.rules import game_time
from larp.rules.tabletop import TableState
from larp.sheet import ATTRIBUTES
from larp.station.modals import TextScreen
from larp.station.scan_catcher import HoldsScans
from larp.station.screens.base import StationScreen
from larp.station.sizes import WIDE
from larp.station.widgets.notes_log import note_line
from larp.station.plain import plain

KIND_NAMES = {
    Kind.OPENED: "night opened",
    Kind.CLOSED: "night closed",
    Kind.ADJUDICATION: "challenge",
    Kind.REGAIN: "regain",
    Kind.CLOCK: "game clock",
    Kind.REVERSAL: "reversal",
    Kind.ADDED: "character added",
    Kind.CHANGED: "sheet changed",
    Kind.BETWEEN: "season",
    Kind.ROLL: "roll",
    Kind.HEALTH: "health",
    Kind.EXPERIENCE: "experience",
    Kind.CHECKIN: "check-in",
}


COLUMNS = {"Entry": 8, "Game time": 9, "Station": 10, "Narrator": 10, "Kind": 15}
"""The columns before the summary, and their widths (a longer station or Narrator is cut)."""
NARROW_COLUMNS = ("Entry", "Game time", "Kind")
"""On a narrow screen the log leaves out the station and the Narrator: the entry's detail names them."""
EDGES = 2 + 2
"""The summary column's padding and the scroll bar."""


class EntryTable(DataTable):
    """The night's entries, a row each: Home goes to the first entry of the night, End to the latest."""

    BINDINGS = [
        Binding("home", "screen.first_entry", "First entry", show=False),
        Binding("end", "screen.last_entry", "Latest entry", show=False),
    ]


def columns_for(width: int) -> tuple[tuple[str, ...], int]:
    """The columns before the summary for a screen this wide, and the summary's width: the rest
    (its end is cut; the entry's detail shows it whole)."""
    names = tuple(COLUMNS) if width >= WIDE else NARROW_COLUMNS
    return names, max(20, width - EDGES - sum(COLUMNS[name] + 2 for name in names))


def now(character) -> str:
    """Where a character stands now: her categories and Willpower, or (a tabletop sheet) her
    Willpower and Health track."""
    if isinstance(character, TableState):
        return character.describe()
    totals = ", ".join(
        f"{category.value.title()} {character.total(category)} of {character.sheet.rating(category)}" for category in ATTRIBUTES
    )
    return f"{totals}, Willpower {character.willpower}"


PAGE = 100
"""The entries the table takes at a time: a night of thousands shows its latest at once."""


class NightLogScreen(HoldsScans, StationScreen):
    """The record as it stands; nothing in it is edited, a mistake is reversed by a new entry."""

    CSS_PATH = "log.tcss"
    AUTO_FOCUS = "DataTable"
    BINDINGS = [
        Binding("ctrl+r", "reverse", "Reverse entry", id="log.reverse", tooltip="undo the entry under the cursor by a new one, with a reason (R-NIGHT-3)"),
        Binding("enter", "open_sheet", "Open sheet", id="log.open-sheet", tooltip="the sheet of the entry's character"),
        Binding("escape", "clear_filters", "Clear filters", id="log.clear-filters", tooltip="show every entry again; a card scanned, or a name typed then Enter, filters by that character"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.shown: dict = {}
        """The entries in the table, by id."""
        self.found: list = []
        """Every entry the filters let through, in order; the table holds the latest `self.rows` of them."""
        self.rows = PAGE
        self.reversed_by: dict[str, str] = {}
        self.columns: tuple[tuple[str, ...], int] | None = None
        """The columns before the summary, and the summary's width, as fitted to the screen."""
        self.revision: int | None = None
        """The desk's revision the table was read at: back on the log, it stands as it was unless the record changed."""

    def body(self) -> ComposeResult:
        with Horizontal(id="filters"):
            yield Label("Character")
            yield Select([], prompt="everyone", id="character", compact=True)
            yield Label("Station")
            yield Select([], prompt="every station", id="station", compact=True)
            yield Label("Kind")
            yield Select([(name, kind.value) for kind, name in KIND_NAMES.items()], prompt="every kind", id="kind", compact=True)
        yield EntryTable(id="entries", cursor_type="row", zebra_stripes=True)
        with VerticalScroll(id="entry-detail"):
            yield Static(id="entry-text")

    def on_mount(self) -> None:
        self.fit_columns()

    def on_resize(self) -> None:
        if self.fit_columns():
            self.fill_table()  # the same entries, in the columns that fit now

    def on_screen_resume(self) -> None:
        """Back on the log: the record read again if it changed meanwhile, with the cursor on the
        newest entry (the one just made, most likely the one to look at), else the table as it was."""
        if self.station_closing:
            return
        refit = self.fit_columns()
        if self.desk is None or self.desk.revision != self.revision:
            self.record_changed()
            table = self.query_one(DataTable)
            if table.row_count:
                table.move_cursor(row=table.row_count - 1)
        elif refit:
            self.fill_table()

    def fit_columns(self) -> bool:
        """The table's columns for the screen's width; True if they changed (the rows must be shown again)."""
        columns = columns_for(self.app.size.width)
        if columns == self.columns:
            return False
        self.columns = columns
        names, summary = columns
        table = self.query_one(DataTable)
        table.clear(columns=True)
        for name in names:
            table.add_column(name, width=COLUMNS[name])
        table.add_column("What happened", width=summary)
        return True

    def record_changed(self) -> None:
        """Read the record afresh: the filters' choices and the entries."""
        self.fill_filters()
        self.show_entries()
        self.revision = None if self.desk is None else self.desk.revision

    def fill_filters(self) -> None:
        if self.desk is None:
            return
        everyone = self.app.consult(self.desk.entries)
        if everyone is None:
            return
        names = {cid: character.name for cid, character in self.desk.night().characters.items()}
        characters = self.query_one("#character", Select)
        chosen = characters.value
        characters.set_options(sorted(((plain(name), cid) for cid, name in names.items()), key=lambda pair: pair[0].plain))
        if chosen is not Select.NULL:
            characters.value = chosen
        stations = self.query_one("#station", Select)
        chosen = stations.value
        stations.set_options((plain(station), station) for station in sorted({entry.station for entry in everyone}))
        if chosen is not Select.NULL:
            stations.value = chosen

    def filters(self) -> dict[str, str | None]:
        chosen = {}
        for name in ("character", "station", "kind"):
            value = self.query_one(f"#{name}", Select).value
            chosen[name] = None if value is Select.NULL else value
        return chosen

    def on_select_changed(self, event: Select.Changed) -> None:
        self.rows = PAGE
        self.show_entries()

    def show_entries(self) -> None:
        """The table, from the desk, filtered; the cursor stays on the same entry where it can."""
        if self.desk is None:
            self.show_detail()
            return
        entries = self.app.consult(lambda: self.desk.entries(**self.filters()))
        everything = self.app.consult(lambda: self.desk.entries(kind=Kind.REVERSAL.value))
        if entries is None or everything is None:
            return
        self.reversed_by = {entry.reverses: entry.short_id for entry in everything if entry.reverses}
        self.found = entries
        self.fill_table()

    def fill_table(self) -> None:
        """The latest `self.rows` entries found (a long night is shown a page at a time: moving
        up past the first row shows the page before); the cursor stays on the same entry."""
        keep = self.selected()
        if keep is not None:
            place = next((index for index, entry in enumerate(reversed(self.found)) if entry.id == keep.id), None)
            if place is not None:
                self.rows = max(self.rows, place + 1)
        entries = self.found[-self.rows:]
        table = self.query_one(DataTable)
        table.clear()
        self.shown = {entry.id: entry for entry in entries}
        for entry in entries:
            reversed_by = self.reversed_by.get(entry.id)
            summary = Text(no_wrap=True, overflow="ellipsis")
            if reversed_by:
                summary.append(f"reversed by {reversed_by}: ", "bold")
            summary.append(entry.summary, style="strike dim" if reversed_by else "")
            cells = {
                "Entry": entry.short_id,
                "Game time": game_time(entry.game_time),
                "Station": entry.station,
                "Narrator": entry.narrator,
                "Kind": KIND_NAMES.get(entry.kind, str(entry.kind)),
            }
            table.add_row(*(plain(cells[name]) for name in self.columns[0]), summary, key=entry.id)
        if keep is not None and keep.id in self.shown:
            table.move_cursor(row=table.get_row_index(keep.id))
        elif entries:
            table.move_cursor(row=len(entries) - 1)
        self.show_detail()

    def action_first_entry(self) -> None:
        """Home: the night's first entry, every page of the night shown."""
        if len(self.found) > self.rows:
            self.rows = len(self.found)
            self.fill_table()
        self.query_one(DataTable).move_cursor(row=0)

    def action_last_entry(self) -> None:
        table = self.query_one(DataTable)
        table.move_cursor(row=max(table.row_count - 1, 0))

    def selected(self):
        table = self.query_one(DataTable)
        if not self.shown or table.cursor_row < 0 or table.cursor_row >= table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        return self.shown.get(key.value)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.cursor_row == 0 and len(self.found) > self.rows:  # not a highlight of a table refilled since
            self.rows += PAGE
            self.fill_table()
            return
        self.show_detail()
        self.refresh_bindings()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open_sheet()

    def show_detail(self) -> None:
        """The entry under the cursor in full, and where its characters stand now."""
        detail = self.query_one("#entry-text", Static)
        if self.desk is None:
            detail.update(self.without_record())
            return
        entry = self.selected()
        if entry is None:
            detail.update(Text("No entry to show: change the filters, or record something first.", style="dim"))
            return
        narrator = f", Narrator {entry.narrator}" if entry.narrator else ""
        lines = [
            Text.assemble(
                (f"{entry.short_id} ", "bold"),
                (f"at {game_time(entry.game_time)}, station {entry.station}{narrator}: ", "dim"),
                entry.summary,
            )
        ]
        if entry.id in self.reversed_by:
            lines.append(Text(f"Reversed by {self.reversed_by[entry.id]}.", style="bold yellow"))
        result = entry.result
        if result is not None:
            lines += [note_line(note) for note in result.notes]
        if entry.kind is Kind.ROLL:
            lines += [Text(line) for line in roll_lines(entry)[1:]]
        for cid in entry.character_ids:
            character = self.app.consult(self.desk.character, cid)
            if character is not None:
                lines.append(Text(f"{character.name} now: {now(character)}", style="italic"))
        hints = ["Enter opens the sheet"] if entry.character_ids else []
        if self.reversible(entry):
            hints.append("Ctrl+R reverses this entry")
        if hints:
            lines.append(Text(" · ".join(hints), style="dim"))
        detail.update(Group(*lines))

    def reversible(self, entry) -> bool:
        return entry is not None and entry.kind in REVERSIBLE and entry.id not in self.reversed_by

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "reverse":
            return self.reversible(self.selected())
        if action == "open_sheet":
            entry = self.selected()
            return entry is not None and bool(entry.character_ids)
        if action == "clear_filters":
            return any(self.filters().values())
        return True

    @work(exclusive=True)
    async def action_reverse(self) -> None:
        entry = self.selected()
        if not self.reversible(entry):
            return
        reason = await self.app.push_screen_wait(
            TextScreen(
                f"Reverse entry {entry.short_id}?",
                f"{entry.summary}\n\nA new entry undoes it and says why; the entry itself stays in the record (R-NIGHT-3).",
                placeholder="why it is reversed, for the record",
            )
        )
        if reason is None:
            return
        reversal = self.app.consult(self.desk.reverse, entry.id, reason)
        if reversal is not None:
            self.notify(
                f"{reversal.summary}. Enter on the entry opens the sheet it changed.",
                title=f"Reversed by {reversal.short_id}",
            )
            self.show_entries()

    def action_open_sheet(self) -> None:
        entry = self.selected()
        if entry is None or not entry.character_ids:
            return
        self.app.open_sheet(entry.character_ids[0])

    def action_clear_filters(self) -> None:
        for select in self.query(Select):
            select.clear()

    def card_scanned(self, sheet) -> None:
        """A card scanned here shows that character's entries."""
        self.query_one("#character", Select).value = sheet.id

    def commands(self):
        entry = self.selected()
        if self.reversible(entry):
            yield SystemCommand(f"Reverse entry {entry.short_id}", entry.summary, self.action_reverse)
