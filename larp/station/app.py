"""The Narrator station: the app, its global keys and the one error handler; the game clock's
keys (game_clock.py), the night's opening (night_opening.py) and the ways between screens
(navigation.py) are its parts.

The first screen is drawn before the game's modules load: the rules, the night record and
the sheet models (pydantic) are imported in a thread once the station is on screen, and the
same thread then opens the night record and reads its night (a big night takes a second),
while the screens say that the record is being read. So the modules of the first screen
(this one, the sheets screen, the clock bar, the lookup field) import the game only inside
the functions that run once the desk is open.
"""

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from textual import events, work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.reactive import var
from textual.screen import Screen

from larp.station.game_clock import GameClockKeys
from larp.station.inert_filter import InertControls
from larp.station.keymap import keymap_path, read_keymap
from larp.station.modals import ConfirmScreen
from larp.station.navigation import Navigation, checkin_screen, night_log_screen, reconcile_screen, roster_screen
from larp.station.night_opening import READING, NightOpening
from larp.station.opening import Opening
from larp.station.screens.base import StationScreen
from larp.station.screens.sheets import SheetScreen
from larp.station.sizes import ROOMY, TALL, WIDE

Result = TypeVar("Result")

CLOCK_TICK_SECONDS = 0.5
"""The game clock shown, and the record looked at for entries from other stations, this often."""

INERT = InertControls()


class StationApp(NightOpening, GameClockKeys, Navigation, App[None]):
    """What a Narrator has open all night: sheets, challenges, the night log, the reconciliation."""

    TITLE = "larp"
    CSS_PATH = "station.tcss"
    MODES = {"sheets": SheetScreen, "log": night_log_screen, "reconcile": reconcile_screen, "roster": roster_screen, "checkin": checkin_screen}
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
        Binding("f9", "show('roster')", "Roster", id="roster", tooltip="who plays in the chronicle, filtered as you type"),
        Binding("f10", "show('checkin')", "Check-in", id="checkin", tooltip="the door: scan each card as players come in"),
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
        self.console._markup = False  # a string in a Rich table or group is text as it stands (larp/station/plain.py)
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

    async def on_event(self, event: events.Event) -> None:
        """A key goes to the screen's card scan first, wherever the cursor is (a card's text is
        never a field's), then where Textual sends it."""
        if isinstance(event, events.Key) and not event.is_forwarded and self.screen_stack:
            screen = self.screen
            if isinstance(screen, StationScreen) and screen.takes_card_key(event):
                return
        await super().on_event(event)

    # The one error handler.

    def notify(self, message: str, *, title: str = "", severity="information", timeout: float | None = None, markup: bool = False) -> None:
        """A notification, read as it stands: what it quotes from a player or a sheet is never markup."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

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

    @work(exclusive=True, group="staff")
    async def action_conflicts(self) -> None:
        from larp.station.screens.staff import settle_conflicts

        await settle_conflicts(self)

    @work(exclusive=True, group="staff")
    async def action_requests(self) -> None:
        from larp.station.screens.staff import answer_requests

        await answer_requests(self)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield SystemCommand("Sheets", "Look up a character: scan a card, or type a name or id", lambda: self.action_show("sheets"))
        yield SystemCommand("Night log", "Tonight's entries, filtered; reverse a mistaken one", lambda: self.action_show("log"))
        yield SystemCommand("Reconcile", "The night record per character, anomalies first", lambda: self.action_show("reconcile"))
        yield SystemCommand("Roster", "Who plays in the chronicle, filtered as you type", lambda: self.action_show("roster"))
        yield SystemCommand("Check-in", "The door: scan each card as players come in", lambda: self.action_show("checkin"))
        if self.desk is not None:
            yield SystemCommand("Conflicts", "Fields two stations changed at once between games: pick the value to keep", self.action_conflicts)
            yield SystemCommand("Players' requests", "Purchases, downtime and changes asked in the portal: approve, deny, release", self.action_requests)
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
