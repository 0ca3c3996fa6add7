"""The Narrator station: the app, its global keys, the game clock and the one error handler.

The first screen is drawn before the game's modules load: the rules, the night record and
the sheet models (pydantic) are imported in a thread once the station is on screen, and the
same thread then opens the night record and reads its night (a big night takes a second),
while the screens say that the record is being read. So the modules of the first screen
(this one, the sheets screen, the clock bar, the lookup field) import the game only inside
the functions that run once the desk is open.
"""

import importlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.reactive import var
from textual.screen import Screen
from textual.worker import Worker, WorkerState, get_current_worker

from larp.station.inert_filter import InertControls
from larp.station.keymap import keymap_path, read_keymap
from larp.station.modals import ConfirmScreen, NarratorScreen, NumberScreen
from larp.station.opening import Opening
from larp.station.screens.base import StationScreen
from larp.station.screens.sheets import SheetScreen
from larp.station.sizes import ROOMY, TALL, WIDE

Result = TypeVar("Result")

CLOCK_TICK_SECONDS = 0.5
"""The game clock shown, and the record looked at for entries from other stations, this often."""
READING = "reading the night record…"
"""What the clock bar says while the night record is opened and its night read."""
GAME_MODULES = ("larp.desk", "larp.cards", "larp.station.errors", "larp.station.widgets.sheet_view")
"""Loaded in a thread while the first screen is up: the desk and what the first scan needs."""


def night_log_screen() -> Screen:
    from larp.station.screens.log import NightLogScreen

    return NightLogScreen()


def reconcile_screen() -> Screen:
    from larp.station.screens.reconcile import ReconcileScreen

    return ReconcileScreen()


def roster_screen() -> Screen:
    from larp.station.screens.roster import RosterScreen

    return RosterScreen()


INERT = InertControls()


class StationApp(App[None]):
    """What a Narrator has open all night: sheets, challenges, the night log, the reconciliation."""

    TITLE = "larp"
    CSS_PATH = "station.tcss"
    MODES = {"sheets": SheetScreen, "log": night_log_screen, "reconcile": reconcile_screen, "roster": roster_screen}
    DEFAULT_MODE = "sheets"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide"), (ROOMY, "-roomy")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (TALL, "-tall")]
    """The screens' CSS fits their parts to these classes (80×24 is `-narrow` and `-short`)."""
    BINDINGS = [
        Binding("f1", "help", "Help", id="help", tooltip="every key, screen by screen"),
        Binding("f2", "show('sheets')", "Sheets", id="sheets", tooltip="look up a character; a challenge under way waits here"),
        Binding("f3", "show('log')", "Night log", id="log", tooltip="tonight's entries; reverse a mistaken one"),
        Binding("f4", "show('reconcile')", "Reconcile", id="reconcile", tooltip="per character: start, changes, end; anomalies first"),
        Binding("f5", "hold", "Hold!", id="hold", tooltip="stop the game clock"),
        Binding("f5", "resume", "Resume", id="resume", tooltip="start the game clock again"),
        Binding("f6", "advance", "Advance clock", id="advance", tooltip="let minutes of game time pass"),
        Binding("f9", "show('roster')", "Roster", id="roster", tooltip="who is in tonight, filtered as you type"),
        Binding("ctrl+l", "reload", "Load again", id="reload", show=False, tooltip="read the chronicle folder again: new and changed sheets, or a chronicle that failed to load"),
        Binding("ctrl+o", "open_night", "Open next night", id="open-night", tooltip="after the night was closed here (or by larp close-night)"),
        Binding("ctrl+q", "quit", "Quit", id="quit", show=False, priority=True, tooltip="everything recorded stays recorded; asks first if a challenge is unrecorded"),
    ]

    desk = var(None)
    """The desk this station works through; None until the night record is open."""
    game_minutes: var[float | None] = var(None)
    """The game clock as the desk last gave it, in minutes since the night opened (None before)."""
    clock_held = var(False)
    event_status = var("")
    """The event's sync, for the clock bar: online, or offline since when with entries waiting
    ("" when the station has joined no event)."""
    place = var(READING)
    """The chronicle, the station and its Narrator, for the clock bar."""
    opening_failed: var[str | None] = var(None)
    """Why the night record did not open, shown on the sheets screen until Ctrl+L opens it."""
    night_open = var(True)
    """This station may record into its night (else Ctrl+O opens the next one)."""
    unrecorded = var(None)
    """The challenge screen whose challenge is not recorded yet, if any: Ctrl+Q asks first."""

    def __init__(self, desk=None, opening: Opening | None = None, ask_narrator: bool = False) -> None:
        super().__init__()
        self._given_desk = desk
        self.opening = opening
        """What the station opens when no desk is given: the night record, and at whose station."""
        self.ask_narrator = ask_narrator
        """Ask the Narrator's name even if the record remembers one (each browser tab of larp serve)."""
        self.presence = None
        self.last_terms: dict = {}
        """The kind and category of the challenge last started: the next one's setup starts on them."""
        self.keymap = read_keymap(keymap_path())
        self.set_keymap(self.keymap.keys)

    def get_line_filters(self):
        """Textual's filters, and one that keeps control characters in names and effects off the terminal."""
        return [*super().get_line_filters(), INERT]

    def on_mount(self) -> None:
        self.set_interval(CLOCK_TICK_SECONDS, self.read_clock)
        for problem in self.keymap.problems:
            self.notify(problem, title="Your keymap has a mistake", severity="warning", timeout=20)
        if self._given_desk is not None:
            self.desk = self._given_desk
        else:
            self.call_after_refresh(self.load_game)

    @work(thread=True, exclusive=True, group="opening", exit_on_error=False)
    def load_game(self):
        """Off the screen's thread: import the game's modules, open the night record and read
        its night. The desk, handed to the screen's thread when the worker is done; None when
        the Narrator's name must be asked first, so that the night's opening entry carries it."""
        for module in GAME_MODULES:
            importlib.import_module(module)
        if self.opening.known_narrator() == "":
            return None
        desk = self.opening.open()
        if get_current_worker().is_cancelled:  # the station closed meanwhile
            desk.close()
            return None
        return desk

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "opening":
            if event.state is WorkerState.SUCCESS:
                self.night_read(event.worker.result)
            elif event.state is WorkerState.ERROR:
                self.not_opened(event.worker.error)
        elif event.state is WorkerState.ERROR:
            self.report(event.worker.error)

    def on_unmount(self) -> None:
        if self.presence is not None:
            self.presence.leave()
        if self.desk is not None and self._given_desk is None:
            self.desk.close()

    def night_read(self, desk) -> None:
        """The night record is open and its night read: the station works on it from now on
        (without a desk, the Narrator's name is asked first, then the record opened with it)."""
        if desk is None:
            self.name_before_opening()
            return
        desk.go_live()
        self.opening_failed = None
        self.desk = desk

    def not_opened(self, error: BaseException) -> None:
        """Why the night record did not open, on the screen until the Narrator fixes it and loads again."""
        from larp.station.errors import notice_of

        self.opening_failed = notice_of(error).message
        self.place = "the night record is not open: fix what the screen says, then Ctrl+L"
        self.refresh_bindings()

    @work(exclusive=True, group="narrator")
    async def name_before_opening(self) -> None:
        self.opening = self.opening.named(await self.narrator_name(""))
        self.ask_narrator = False
        self.load_game()

    def watch_desk(self) -> None:
        self.read_clock()
        self.refresh_bindings()
        if self.desk is not None:
            if self.presence is None:
                self.presence = self.desk.on_screen()
            self.show_place()
            self.check_keymap()
            if self.ask_narrator or not self.desk.narrator:
                self.ask_narrator_name()

    @work(exclusive=True, group="narrator")
    async def ask_narrator_name(self) -> None:
        """The Narrator's name, for a desk already open (the record remembers it for the next time)."""
        name = await self.narrator_name(self.desk.narrator)
        self.consult(self.desk.name_narrator, name)  # taken even where the record can't remember it
        self.ask_narrator = False
        self.show_place()

    async def narrator_name(self, known: str) -> str:
        """The Narrator's name, asked until one is given; `known`, the one to keep with Enter."""
        from larp.desk.core import narrator_name

        name = None
        while not name:
            name = self.consult(narrator_name, await self.push_screen_wait(NarratorScreen(known)))
        return name

    def show_place(self) -> None:
        desk = self.desk
        narrator = f" · Narrator {desk.narrator}" if desk.narrator else ""
        closed = "" if self.night_open else " closed: Ctrl+O opens the next"
        self.place = f"{desk.chronicle.name} · night {desk.night_number}{closed} · station {desk.station}{narrator}"

    def check_keymap(self) -> None:
        """Ids in the keymap file that are no key of the station, said once the screens are loaded."""
        from larp.station.screens.help import binding_ids

        for problem in self.keymap.unknown(binding_ids(self), keymap_path()):
            self.notify(problem, title="Your keymap has a mistake", severity="warning", timeout=20)

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

    # The one error handler.

    def report(self, error: BaseException) -> None:
        """Tell the Narrator what went wrong and what to do; never a traceback."""
        from larp.station.errors import notice_of

        notice = notice_of(error)
        self.notify(notice.message, title=notice.title, severity=notice.severity, timeout=10)

    def consult(self, call: Callable[..., Result], *args: Any) -> Result | None:
        """Ask the desk; a refusal or a failure becomes a notification, and the answer None."""
        try:
            return call(*args)
        except Exception as error:  # every failure reaches the Narrator as a notice
            self.report(error)
            return None

    # Global actions.

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("hold", "resume", "advance", "open_night") and self.desk is None:
            return self.reading and action != "open_night"  # the clock's keys say to wait
        if action == "open_night":
            return not self.night_open
        if action == "reload":
            return self.desk is not None or self.opening_failed is not None
        if action == "hold":
            return not self.clock_held
        if action == "resume":
            return self.clock_held
        if action == "show":
            return self.current_mode != parameters[0]
        return True

    def action_help(self) -> None:
        from larp.station.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_show(self, mode: str) -> None:
        """Go to the sheets, the night log or the reconciliation; a challenge under way waits on the sheets."""
        if self.current_mode != mode:
            self.switch_mode(mode)

    def open_sheet(self, character_id: str) -> None:
        """The sheets, with this character's sheet on screen (a challenge under way stays on top)."""
        self.switch_mode("sheets")
        self.screen_stack[0].show(character_id)

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

    def action_reload(self) -> None:
        """Open the night record again after it failed; once open, read the chronicle folder again."""
        if self.desk is None:
            if self.opening_failed is not None:
                self.opening_failed = None
                self.place = READING
                self.load_game()
            return
        self.take_from_folder()

    @work(exclusive=True, group="folder")
    async def take_from_folder(self, wanted: str | None = None) -> list | None:
        """The folder's new and changed sheets, shown before they are taken; a file with a mistake is
        named (file, line, field) and nothing is taken. `wanted`: the character a scanned card named."""
        changes = self.consult(self.desk.folder_changes)
        if changes is None:
            return None
        if wanted is not None and wanted not in [change.sheet.id for change in changes]:
            self.notify(
                f"The card is genuine, but the chronicle folder has no sheet with id {wanted!r}: add her file, then scan again.",
                title="Card refused: no such character",
                severity="error",
            )
            return None
        if not changes:
            self.notify("Every sheet in the chronicle folder is as tonight's record has it.", title="Nothing new in the folder")
            return None
        lines = [
            f"{'joins tonight' if change.is_new else 'changes ' + ', '.join(change.fields)}: "
            f"{change.sheet.display_name} ({change.file})"
            for change in changes
        ]
        sure = await self.push_screen_wait(
            ConfirmScreen(
                "Take these sheets into tonight's record?",
                "\n".join(lines) + "\n\nEach is an entry of the night record; Ctrl+R in the night log reverses it.",
                yes="Take them",
            )
        )
        if not sure:
            return None
        entries = self.consult(self.desk.take, changes)
        if entries:
            self.notify("\n".join(entry.summary for entry in entries), title="Sheets taken from the folder")
        return entries

    def action_open_night(self) -> None:
        number = self.consult(self.desk.open_next_night)
        if number is not None:
            self.night_open = True
            self.read_clock()
            self.show_place()
            self.refresh_bindings()
            self.notify(f"Night {number} is open at station {self.desk.station}.", title=f"Night {number} opens")

    async def action_quit(self) -> None:
        """Quit; a challenge not recorded yet is lost by quitting, so ask first (as Esc does)."""
        if self.unrecorded is None:
            self.exit()
        else:
            self.ask_before_quitting()

    @work(exclusive=True, group="quit")
    async def ask_before_quitting(self) -> None:
        state = self.unrecorded.state
        sure = await self.push_screen_wait(
            ConfirmScreen(
                "Quit with a challenge unrecorded?",
                f"The challenge of {state.challenger.name} against {state.defender.name} is not recorded: "
                "quitting loses it. n goes back to it (F2 if you are elsewhere).",
                yes="Quit",
            )
        )
        if sure:
            self.exit()

    def clock_work(self, what: str, *args: Any) -> None:
        entry = self.consult(getattr(self.desk, what), *args)
        if entry is not None:
            self.read_clock()
            self.refresh_bindings()
            self.notify(entry.summary, title="Game clock")

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield SystemCommand("Sheets", "Look up a character: scan a card, or type a name or id", lambda: self.action_show("sheets"))
        yield SystemCommand("Night log", "Tonight's entries, filtered; reverse a mistaken one", lambda: self.action_show("log"))
        yield SystemCommand("Reconcile", "The night record per character, anomalies first", lambda: self.action_show("reconcile"))
        yield SystemCommand("Roster", "Who is in tonight, filtered as you type", lambda: self.action_show("roster"))
        if self.desk is not None:
            if self.clock_held:
                yield SystemCommand("Resume the game clock", "End the Hold!", self.action_resume)
            else:
                yield SystemCommand("Hold! the game clock", "Stop game time", self.action_hold)
            yield SystemCommand("Advance the game clock", "Let minutes of game time pass", self.action_advance)
        if self.desk is not None:
            yield SystemCommand("Load the chronicle folder again", "New and changed sheets, shown before they are taken", self.action_reload)
            if not self.night_open:
                yield SystemCommand("Open the next night", "This station's night is closed: open the next one", self.action_open_night)
        elif self.opening_failed is not None:
            yield SystemCommand("Load again", "Open the night record again, once the file is fixed", self.action_reload)
        if isinstance(screen, StationScreen):
            yield from screen.commands()
        yield SystemCommand("Theme", "Change the station's colours", self.action_change_theme)
        yield SystemCommand("Help", "The keys of every screen", self.action_help)
        yield SystemCommand("Quit", "Close the station; everything recorded stays recorded", self.action_quit)


def create_app(
    desk=None,
    *,
    db: Path | None = None,
    chronicle: Path | None = None,
    station: str | None = None,
    narrator: str = "",
    hub: str | None = None,
    ask_narrator: bool = False,
) -> StationApp:
    """The station, on `desk` if given (tests), else on the desk it opens from these options.
    `ask_narrator`: ask the Narrator's name even if the record remembers one (a browser tab)."""
    opening = Opening(db=db, chronicle=chronicle, station=station, narrator=narrator, hub=hub)
    return StationApp(desk=desk, opening=opening, ask_narrator=ask_narrator)
