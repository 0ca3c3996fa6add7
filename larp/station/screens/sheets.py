"""The sheets: scan a card or type a name, and the character's sheet is on screen.

The first screen of the station: it is drawn before the game's modules load, so the sheet
panel is mounted, and the challenge set up, with imports made once the desk is open.
"""

from dataclasses import replace
from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.reactive import var
from textual.widgets import Static

from larp.station.modals import PickScreen
from larp.station.screens.base import StationScreen
from larp.station.widgets.lookup_field import LookupField

if TYPE_CHECKING:
    from larp.station.widgets.sheet_view import SheetView

SETUP = "setup"
"""The challenge's setup: one screen, kept between challenges (see ChallengeSetupScreen.begin)."""
READING = (
    "Reading the night record…\n"
    "A card scanned or a name typed now comes up as soon as the night is read (a big night takes a moment)."
)
WELCOME = (
    "Scan a character's card, or type a name or an id, then Enter.\n\n"
    "Ctrl+N starts a challenge for the character on screen (in a dice chronicle, Ctrl+R rolls the character's dice), F3 shows the night log, "
    "F4 the reconciliation, F5 calls a Hold!  F1 lists every key."
)


class SheetScreen(StationScreen):
    """Look up a character and see her sheet as it stands tonight."""

    CSS_PATH = "sheets.tcss"
    AUTO_FOCUS = "#lookup Input"
    scan_field = "#lookup Input"
    BINDINGS = [
        Binding("ctrl+n", "challenge", "Challenge", id="sheets.challenge", tooltip="set up a challenge by the character on screen"),
        Binding("ctrl+g", "regain", "Regain Traits", id="sheets.regain", tooltip="one Willpower for a category's lost Traits, once a night (R-NIGHT-1)"),
        Binding("ctrl+r", "dice", "Roll dice", id="sheets.dice", tooltip="the Dice screen for the character on screen, in a Storyteller or Storytelling chronicle"),
        Binding("ctrl+r", "no_dice", "No dice here", id="sheets.no-dice", show=False, tooltip="in a Mind's Eye Theatre chronicle: says that challenges are thrown, with Ctrl+N"),
        Binding("ctrl+g", "damage", "Damage", id="sheets.damage", tooltip="mark damage on the Health track of the character on screen, or heal it (D-HEALTH-1)"),
        Binding("ctrl+t", "wounds", "Wounds", id="sheets.wounds", tooltip="a wound on the Health Levels of the character on screen, or a heal (R-HEALTH-2)"),
        Binding("ctrl+y", "experience", "Experience", id="sheets.experience", tooltip="award, spend or buy with the experience of the character on screen"),
        Binding("escape", "clear", "Clear", id="sheets.clear", show=False, tooltip="empty the lookup field"),
        Binding("pagedown", "page(1)", "Page down", id="sheets.page-down", show=False, tooltip="the sheet a page further, from the lookup field too"),
        Binding("pageup", "page(-1)", "Page up", id="sheets.page-up", show=False, tooltip="the sheet a page back"),
    ]

    character_id: var[str | None] = var(None)
    """The character whose sheet is on screen."""
    waiting: str | None = None
    """What was scanned or typed while the night record was read: looked up once it is."""

    def body(self) -> ComposeResult:
        yield LookupField(id="lookup")
        with VerticalScroll(id="sheet-scroll"):
            yield Static(id="opening-failed")
            yield Static(READING, id="reading")
            yield Static(WELCOME, id="welcome")

    def on_mount(self) -> None:
        self.watch(self.app, "desk", self.night_opened)
        self.watch(self.app, "opening_failed", self.show_failure)
        self.watch(self.app, "game_minutes", self.clock_moved, init=False)

    def night_opened(self, desk) -> None:
        """The sheet panel, once there is a night record to read sheets from; then what was
        scanned or typed meanwhile."""
        self.query_one("#reading").display = desk is None and self.app.opening_failed is None
        if desk is None or self.view is not None:
            return
        from larp.station.widgets.sheet_view import SheetView

        self.query_one("#sheet-scroll").mount(SheetView(id="sheet"))
        if self.waiting is not None:
            self.call_after_refresh(self.look_up_waiting)

    def look_up_waiting(self) -> None:
        text, self.waiting = self.waiting, None
        field = self.query_one(LookupField)
        if field.input.value.strip() == text:  # else the Narrator has typed on since: her text stays
            field.clear()
        self.ask(text)

    def show_failure(self, failure: str | None) -> None:
        """Why the night record did not open, until it opens: the file, line and field, and Ctrl+L."""
        shown = self.query_one("#opening-failed", Static)
        shown.display = failure is not None
        self.query_one("#reading").display = failure is None and self.desk is None
        if failure is not None:
            self.waiting = None  # the field keeps it, for Enter once the record opens
        self.query_one("#welcome").display = failure is None and self.character_id is None
        if failure is not None:
            shown.update(Text.assemble(
                ("The night record did not open.\n\n", "bold"),
                failure,
                ("\n\nFix it, then press Ctrl+L to load again (F1 lists every key).", "bold"),
            ))

    @property
    def view(self) -> "SheetView | None":
        found = self.query("#sheet")
        return found.first() if found else None

    def record_changed(self) -> None:
        self.show_sheet()

    def on_screen_resume(self) -> None:
        self.show_sheet()
        self.query_one(LookupField).focus()

    def on_lookup_field_asked(self, event: LookupField.Asked) -> None:
        if self.desk is None:
            if self.app.opening_failed is not None:
                self.notify("The night record did not open: fix what the screen says, then Ctrl+L.", title="Nothing to look up yet", severity="error")
            else:
                self.waiting = event.text
                self.notify("The sheet comes up as soon as the night record is read.", title="Reading the night record")
            return
        event.field.clear()
        self.ask(event.text)

    def ask(self, text: str) -> None:
        """The sheet of the character a card or a text names; the others it might mean, offered."""
        field = self.query_one(LookupField)
        found = self.look_up(text)
        if found is None:
            return
        if not found:
            self.notify(
                f"No character matches “{text}”. Check the spelling, or scan the card again.",
                title="Nobody found",
                severity="warning",
            )
            return
        self.show(found[0].id)
        field.offer(found[1:])

    def look_up(self, text: str):
        """The desk's matches; a genuine card of a character new in the chronicle folder offers to take her."""
        from larp.cards import CardReason
        from larp.desk import DeskError

        try:
            return self.desk.lookup(text)
        except DeskError as error:
            if error.reason is CardReason.UNKNOWN_CHARACTER and error.character:
                self.join_from_folder(error.character)
            else:
                self.app.report(error)
        except Exception as error:  # every failure reaches the Narrator as a notice
            self.app.report(error)
        return None

    @work(exclusive=True, group="join")
    async def join_from_folder(self, character_id: str) -> None:
        worker = self.app.take_from_folder(character_id)
        await worker.wait()
        if worker.result and character_id in self.desk.night().characters:
            self.show(character_id)

    def on_lookup_field_chosen(self, event: LookupField.Chosen) -> None:
        self.show(event.character_id)

    def show(self, character_id: str) -> None:
        """Her sheet, from its top (her name) when she was not the one on screen."""
        if character_id != self.character_id:
            self.query_one("#sheet-scroll", VerticalScroll).scroll_home(animate=False, immediate=True)
        self.character_id = character_id
        self.show_sheet()

    def action_page(self, pages: int) -> None:
        scroll = self.query_one("#sheet-scroll", VerticalScroll)
        (scroll.scroll_page_down if pages > 0 else scroll.scroll_page_up)(animate=False)

    def show_sheet(self) -> None:
        """Ask the desk for the sheet on screen as it stands now."""
        view = self.view
        self.query_one("#welcome").display = self.character_id is None
        if view is None or self.character_id is None:
            return
        from larp.station.widgets.sheet_view import gather

        view.card = self.app.consult(gather, self.desk, self.character_id, False)
        self.refresh_bindings()
        self.call_after_refresh(self.show_tonight, self.character_id)

    def show_tonight(self, character_id: str) -> None:
        """Her entries tonight, once her sheet is on screen: on a long night they take a moment."""
        view = self.view
        if view is None or view.card is None or view.card.entries is not None or character_id != self.character_id:
            return
        entries = self.app.consult(lambda: self.desk.entries(character=character_id))
        if entries is not None:
            view.card = replace(view.card, entries=entries)

    def clock_moved(self) -> None:
        view = self.view
        if view is not None and view.card is not None and view.card.locks and self.is_current:
            self.show_sheet()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("challenge", "regain", "wounds"):
            return self.desk is not None and self.character_id is not None and self.desk.system == "met"
        if action in ("dice", "damage"):
            return self.desk is not None and self.character_id is not None and self.desk.system != "met"
        if action == "no_dice":
            return self.desk is not None and self.desk.system == "met"
        if action == "experience":
            return self.desk is not None and self.character_id is not None
        return True

    def action_clear(self) -> None:
        self.query_one(LookupField).clear()

    def action_challenge(self) -> None:
        from larp.station.screens.setup import ChallengeSetupScreen

        if not self.app.is_screen_installed(SETUP):
            self.app.install_screen(ChallengeSetupScreen(), SETUP)
        setup = self.app.get_screen(SETUP)
        setup.begin(self.character_id)
        self.app.push_screen(setup)

    def action_no_dice(self) -> None:
        self.notify(
            "This is a Mind's Eye Theatre chronicle: challenges are thrown, not rolled. Ctrl+N sets one up "
            "for the character on screen.",
            title="No dice in this chronicle",
        )

    def action_dice(self) -> None:
        from larp.station.screens.dice import DiceScreen

        self.app.push_screen(DiceScreen(self.character_id))

    @work(exclusive=True)
    async def action_damage(self) -> None:
        from larp.station.screens.marking import mark_damage

        if await mark_damage(self, self.character_id) is not None:
            self.show_sheet()

    @work(exclusive=True)
    async def action_wounds(self) -> None:
        from larp.station.screens.marking import mark_wounds

        if await mark_wounds(self, self.character_id) is not None:
            self.show_sheet()

    @work(exclusive=True)
    async def action_experience(self) -> None:
        from larp.station.screens.experience import change_experience

        if await change_experience(self, self.character_id) is not None:
            self.show_sheet()

    @work(exclusive=True)
    async def action_regain(self) -> None:
        from larp.station.widgets.sheet_view import regain_choices

        character = self.app.consult(self.desk.character, self.character_id)
        if character is None:
            return
        choices = regain_choices(character)
        if not choices:
            self.notify(self.why_no_regain(character), title="Nothing to regain", severity="warning")
            return
        category = await self.app.push_screen_wait(
            PickScreen(
                f"Regain Traits for {character.name}",
                choices,
                prompt=f"One Willpower ({character.name} has {character.willpower}) brings back every Trait lost in the category, once a night (R-NIGHT-1).",
            )
        )
        if category is None:
            return
        entry = self.app.consult(self.desk.regain, self.character_id, category)
        if entry is not None:
            self.notify(entry.summary, title=f"Recorded as {entry.short_id}")
            self.show_sheet()

    def why_no_regain(self, character) -> str:
        """No category to regain: nothing lost, or each lost category regained tonight, said as
        the desk says a refused regain (the rule, and when and at which station it was regained)."""
        from larp.desk.adjudicating import regained_when

        said = []
        for category in character.regained:
            earlier = self.desk.earlier_regain(character.id, category)
            where = f" {regained_when(earlier)}" if earlier is not None else ""
            said.append(f"{character.name} has already regained {category.title()} Traits tonight{where}")
        if not said:
            return f"{character.name} has no lost Traits to regain (R-NIGHT-1)."
        return "; ".join(said) + ": once a night (R-NIGHT-1)."

    def commands(self):
        if self.check_action("challenge", ()):
            yield SystemCommand("Challenge", "Start a challenge for the character on screen", self.action_challenge)
            yield SystemCommand("Regain Traits", "Spend a Willpower to regain a category's lost Traits", self.action_regain)
            yield SystemCommand("Wounds", "Mark a wound on the Health Levels, or heal one", self.action_wounds)
        if self.check_action("dice", ()):
            yield SystemCommand("Dice", "Build a pool from the sheet, see its odds, roll it (typed dice or the station's)", self.action_dice)
            yield SystemCommand("Damage", "Mark damage on the Health track, or heal it", self.action_damage)
        if self.check_action("experience", ()):
            yield SystemCommand("Experience", "Award, spend or buy with the experience of the character on screen", self.action_experience)
