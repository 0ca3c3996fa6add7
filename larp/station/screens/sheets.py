"""The sheets: scan a card or type a name, and the character's sheet is on screen."""

from textual import events, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.reactive import var
from textual.widgets import Input, Static

from larp.sheet import ATTRIBUTES, STANDALONE
from larp.station.modals import PickScreen
from larp.station.screens.base import StationScreen
from larp.station.screens.setup import ChallengeSetupScreen
from larp.station.widgets.lookup_field import LookupField
from larp.station.widgets.sheet_view import SheetCard, SheetView

WELCOME = (
    "Scan a character's card, or type a name or an id, then Enter.\n\n"
    "Ctrl+N starts a challenge for the character on screen, F3 shows the night log, "
    "F4 the reconciliation, F5 calls a Hold!  F1 lists every key."
)


class SheetScreen(StationScreen):
    """Look up a character and see her sheet as it stands tonight."""

    CSS_PATH = "sheets.tcss"
    AUTO_FOCUS = "#lookup Input"
    BINDINGS = [
        Binding("ctrl+n", "challenge", "Challenge", id="sheets.challenge", tooltip="set up a challenge by the character on screen"),
        Binding("ctrl+g", "regain", "Regain Traits", id="sheets.regain", tooltip="one Willpower for a category's lost Traits, once a night (R-NIGHT-1)"),
        Binding("escape", "clear", "Clear", id="sheets.clear", show=False, tooltip="empty the lookup field"),
    ]

    character_id: var[str | None] = var(None)
    """The character whose sheet is on screen."""

    def body(self) -> ComposeResult:
        yield LookupField(id="lookup")
        with VerticalScroll(id="sheet-scroll"):
            yield Static(WELCOME, id="welcome")
            yield SheetView(id="sheet")

    def on_mount(self) -> None:
        self.watch(self.app, "game_minutes", self.clock_moved, init=False)

    def on_screen_resume(self) -> None:
        self.show_sheet()
        self.query_one(LookupField).focus()

    def on_key(self, event: events.Key) -> None:
        """A card scanned while the focus is elsewhere still lands in the lookup field."""
        if event.is_printable and not isinstance(self.focused, Input):
            field = self.query_one(LookupField)
            field.focus()
            field.input.insert_text_at_cursor(event.character or "")
            event.stop()

    def on_lookup_field_asked(self, event: LookupField.Asked) -> None:
        found = self.app.consult(self.desk.lookup, event.text) if self.desk is not None else None
        event.field.clear()
        if found is None:
            return
        if not found:
            self.notify(
                f"No character matches “{event.text}”. Check the spelling, or scan the card again.",
                title="Nobody found",
                severity="warning",
            )
            return
        self.show(found[0].id)
        event.field.offer(found[1:])

    def on_lookup_field_chosen(self, event: LookupField.Chosen) -> None:
        self.show(event.character_id)
        event.field.focus()

    def show(self, character_id: str) -> None:
        self.character_id = character_id
        self.show_sheet()

    def show_sheet(self) -> None:
        """Ask the desk for the sheet on screen as it stands now."""
        view = self.query_one(SheetView)
        self.query_one("#welcome").display = self.character_id is None
        view.display = self.character_id is not None
        if self.character_id is None or self.desk is None:
            return
        view.card = self.app.consult(self.gather, self.character_id)
        self.refresh_bindings()

    def gather(self, character_id: str) -> SheetCard:
        desk = self.desk
        chronicle = desk.chronicle
        known = {category.value.title() for category in STANDALONE}
        return SheetCard(
            character=desk.character(character_id),
            locks=desk.locks(character_id),
            entries=desk.entries(character=character_id),
            now=desk.game_time(),
            names={cid: sheet.display_name for cid, sheet in chronicle.characters.items()},
            standalone=[name for name in chronicle.standalone if name not in known],
        )

    def clock_moved(self) -> None:
        card = self.query_one(SheetView).card
        if card is not None and card.locks and self.is_current:
            self.show_sheet()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("challenge", "regain"):
            return self.desk is not None and self.character_id is not None
        return True

    def action_clear(self) -> None:
        self.query_one(LookupField).clear()

    def action_challenge(self) -> None:
        self.app.push_screen(ChallengeSetupScreen(challenger=self.character_id))

    @work(exclusive=True)
    async def action_regain(self) -> None:
        character = self.app.consult(self.desk.character, self.character_id)
        if character is None:
            return
        choices = []
        for category in ATTRIBUTES:
            lost = character.lost.get(category.value, ())
            title = category.value.title()
            if category.value in character.regained:
                continue
            what = f"gets back {', '.join(lost)}" if lost else "nothing lost yet"
            choices.append((f"{title}: {what}", category))
        if not choices:
            self.notify(f"{character.name} has regained every category tonight.", severity="warning")
            return
        category = await self.app.push_screen_wait(
            PickScreen(
                f"Regain Traits for {character.name}",
                choices,
                prompt=f"One Willpower (she has {character.willpower}) brings back every Trait lost in the category, once a night (R-NIGHT-1).",
            )
        )
        if category is None:
            return
        entry = self.app.consult(self.desk.regain, self.character_id, category)
        if entry is not None:
            self.notify(entry.summary, title=f"Recorded as {entry.short_id}")
            self.show_sheet()

    def commands(self):
        if self.character_id is not None and self.desk is not None:
            yield SystemCommand("Challenge", "Start a challenge for the character on screen", self.action_challenge)
            yield SystemCommand("Regain Traits", "Spend a Willpower to regain a category's lost Traits", self.action_regain)
