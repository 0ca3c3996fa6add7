"""Setting up a challenge: who challenges whom, in what, bidding what, for what effect (R-CH-1)."""

import time

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select

from larp.sheet import Category, SheetError
from larp.sheet.loading import validate
from larp.sheet.transcript import ChallengeSpec
from larp.station.card_scan import HOLD_SECONDS, LATE_SECONDS, CardScan, typed_into
from larp.station.errors import sentence
from larp.station.modals import ConfirmScreen
from larp.station.screens.base import StationScreen
from larp.station.screens.challenge import ChallengeScreen
from larp.station.screens.setup_keys import FIELD_BINDINGS, FieldKeys
from larp.station.widgets.lookup_field import LookupField
from larp.station.widgets.party_form import PartyForm, read_int

def takes_no_letters(widget: Widget) -> bool:
    """A field of numbers, a list, a box or a button: a letter typed there means a name."""
    return isinstance(widget, (Select, Checkbox, Button)) or (isinstance(widget, Input) and widget.type != "text")


KINDS = [
    ("Contested", "contested"),
    ("Static", "static"),
    ("Simple test", "simple"),
    ("Extended: streak", "streak"),
    ("Extended: race", "race"),
]


def categories_in_play(desk) -> list[tuple[str, Category]]:
    """The categories a challenge may be in here: the Attributes and Willpower, and Rage or
    Gnosis only where a character in play has some (none in a vampires' chronicle)."""
    sheets = [character.sheet for character in desk.night().characters.values()]
    return [
        (category.value.title(), category)
        for category in Category
        if category.is_attribute or category is Category.WILLPOWER or any(sheet.plays and sheet.rating(category) for sheet in sheets)
    ]


class ChallengeSetupScreen(FieldKeys, StationScreen):
    """The challenge's terms; Ctrl+S starts it, Esc goes back to the sheet."""

    CSS_PATH = "setup.tcss"
    AUTO_FOCUS = "#defender Input"
    BINDINGS = [
        Binding("ctrl+s", "start", "Start challenge", id="setup.start", tooltip="Tab moves between the fields; Enter opens a list"),
        Binding("f7", "next('kind')", "Kind", id="setup.kind", tooltip="the next kind: contested, static, simple test, streak, race"),
        Binding("shift+f7", "next('kind', -1)", "Kind back", id="setup.kind-back", show=False, tooltip="the kind before"),
        Binding("f8", "next('category')", "Category", id="setup.category", tooltip="the next category the chronicle's characters have: Physical, Social, Mental, Willpower (Rage, Gnosis)"),
        Binding("shift+f8", "next('category', -1)", "Category back", id="setup.category-back", show=False, tooltip="the category before"),
        *FIELD_BINDINGS,
        Binding("escape", "back", "Back", id="setup.back", tooltip="to the sheet, starting nothing"),
    ]

    def __init__(self, challenger: str | None = None) -> None:
        super().__init__()
        self.challenger_id = challenger
        self.card_scan = CardScan()
        self.hold_timer = None
        self.held_at: float | None = None
        """When the last key held as a possible card was read (None: its timer waited once already)."""

    def body(self) -> ComposeResult:
        with Horizontal(id="terms"):
            yield Label("Kind")
            yield Select(KINDS, value="contested", allow_blank=False, id="kind", compact=True)
            yield Label("Category")
            yield Select([(Category.PHYSICAL.value.title(), Category.PHYSICAL)], value=Category.PHYSICAL, allow_blank=False, id="category", compact=True)
            yield Label("Effect")
            yield Input(placeholder="what the challenger attempts", id="effect", compact=True)
        with Horizontal(id="sides"):
            yield PartyForm("Challenger", id="challenger")
            yield PartyForm("Defender", may_be_static=True, id="defender")
        with Horizontal(id="options"):
            yield Checkbox("Controls the defender's will, Willpower retest (^t)", id="control", compact=True)
            yield Checkbox("Win outright, a tie fails (^t)", id="win-outright", compact=True)
            yield Label("Wins needed (^r)", id="target-label")
            yield Input(type="integer", id="target", max_length=2, compact=True)
        with Horizontal(id="setup-buttons"):
            yield Button("Start challenge (Ctrl+S)", id="start", variant="primary")
            yield Button("Back (Esc)", id="back")

    def on_mount(self) -> None:
        self.fresh_terms()

    def begin(self, challenger: str | None) -> None:
        """A new challenge on this screen, kept from the last one (composing its fields again took
        most of Ctrl+N's time): every field as a new screen has it, the challenger given."""
        self.challenger_id = challenger
        if self.is_mounted:
            self.fresh_terms()

    def fresh_terms(self) -> None:
        """The terms of a new challenge: the last kind and category, the challenger, nothing else."""
        self.card_scan = CardScan()
        self.categories = categories_in_play(self.desk)
        self.query_one("#category", Select).set_options(self.categories)
        offered = {"kind": [value for _, value in KINDS], "category": [value for _, value in self.categories]}
        for name, value in {"kind": "contested", "category": Category.PHYSICAL, **self.app.last_terms}.items():
            if value in offered[name]:
                self.query_one(f"#{name}", Select).value = value
        for form in self.query(PartyForm):
            form.start_afresh()
        for field in self.query("#effect, #target").results(Input):
            field.value = ""
        for box in self.query(Checkbox):
            box.value = False
        if self.challenger_id is not None:
            self.choose(self.query_one("#challenger", PartyForm), self.challenger_id)
        self.show_kind()
        self.set_focus(self.query_one("#defender LookupField", LookupField).input)

    def choose(self, form: PartyForm, character_id: str) -> None:
        character = self.app.consult(self.desk.character, character_id)
        if character is not None:
            form.character = character

    def on_lookup_field_asked(self, event: LookupField.Asked) -> None:
        event.field.clear()
        self.look_up(event.field.query_ancestor(PartyForm), event.text)

    def look_up(self, form: PartyForm | None, text: str) -> None:
        """The character a card or a name gives, on this side; the others it might mean, offered.
        No side open (a static test whose challenger is chosen): the card is told, not taken."""
        found = self.app.consult(self.desk.lookup, text)
        if not found:
            if found is not None:
                self.notify(f"No character matches “{text}”.", title="Nobody found", severity="warning")
            return
        if form is None:
            kind = "a simple test" if self.query_one("#kind", Select).value == "simple" else "a static challenge"
            self.notify(
                f"That was {found[0].display_name}'s card: {kind} has a difficulty, not a defender, so nobody "
                "was taken. F7 changes the kind.",
                title="No defender to scan",
                severity="warning",
            )
            return
        before = form.character
        self.choose(form, found[0].id)
        if before is not None and before.id != found[0].id:
            self.notify(f"{found[0].display_name} is the {form.side} now, in {before.name}'s place.", title=f"{form.side.title()} changed")
        form.query_one(LookupField).offer(found[1:])

    def takes_card_key(self, event) -> bool:
        """A card scanned wherever the cursor is goes to the side still to be chosen, never into
        a field; a name typed where letters have no place (a number, a list, a box) goes there too."""
        focused = self.focused
        if focused is None or isinstance(focused.parent, LookupField):
            return False  # a lookup field takes cards and names itself
        taken, scanned, given_back = self.card_scan.take(event.key, event.character)
        if self.hold_timer is not None:
            self.hold_timer.stop()
        self.held_at = time.monotonic()
        self.hold_timer = self.set_timer(HOLD_SECONDS, self.give_up_card) if self.card_scan.held else None
        if given_back:
            self.give_back(focused, given_back)
        if scanned is not None:
            self.look_up(self.open_side(), scanned)
        elif not taken and takes_no_letters(focused) and event.character is not None and event.character.isalpha():
            self.give_back(focused, event.character)
            return True
        return taken

    def give_up_card(self) -> None:
        """No key came after those held as a card's: they were typed, and go to the field. A
        timer that comes late (the station was busy: the scanner's next keys may be waiting behind
        the work) waits a moment more, so that those keys are read first."""
        if self.held_at is not None and time.monotonic() - self.held_at > HOLD_SECONDS + LATE_SECONDS:
            self.held_at = None  # once: the keys behind the work are read by then
            self.hold_timer = self.set_timer(LATE_SECONDS, self.give_up_card)
            return
        self.hold_timer = None
        held = self.card_scan.flush()
        if held and self.focused is not None:
            self.give_back(self.focused, held)

    def give_back(self, focused: Widget, text: str) -> None:
        """Keys held as a possible card that were typing: to the field, or where letters go,
        behind the keys typed before them."""
        side = self.open_side()
        if takes_no_letters(focused) and side is not None:
            field = side.query_one(LookupField)
            self.set_focus(field.input)
            typed_into(field.input, text)
        elif isinstance(focused, Input) and focused.type == "text":
            typed_into(focused, text)

    def open_side(self) -> PartyForm | None:
        """The side a card goes to: the defender still to be chosen, else the challenger still
        to be chosen, else the defender (a new one in her place); none in a static or simple
        test whose challenger is chosen."""
        challenger = self.query_one("#challenger", PartyForm)
        defender = self.query_one("#defender", PartyForm)
        if defender.character is None and not defender.is_difficulty:
            return defender
        if challenger.character is None:
            return challenger
        return None if defender.is_difficulty else defender

    def on_lookup_field_chosen(self, event: LookupField.Chosen) -> None:
        self.choose(event.field.query_ancestor(PartyForm), event.character_id)

    def action_next(self, name: str, step: int = 1) -> None:
        """The next kind or category (Shift: the one before), one key each, round at the ends."""
        values = [value for _, value in (KINDS if name == "kind" else self.categories)]
        select = self.query_one(f"#{name}", Select)
        at = values.index(select.value) if select.value in values else -step
        select.value = values[(at + step) % len(values)]
        self.call_after_refresh(self.focus_defender)

    def focus_defender(self) -> None:
        """The keys go where the defender is still to be given: her lookup, or the difficulty."""
        defender = self.query_one("#defender", PartyForm)
        if defender.is_difficulty:
            defender.query_one(".difficulty", Input).focus()
        elif defender.character is None:
            defender.query_one(LookupField).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        field_key = self.check_field_key(action)
        return True if field_key is None else field_key

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id in ("kind", "category"):
            self.show_kind()

    def show_kind(self) -> None:
        kind = self.query_one("#kind", Select).value
        category = self.query_one("#category", Select).value
        for form in self.query(PartyForm):
            form.kind = kind
            form.category = category
        self.query_one("#control").display = kind != "simple"
        self.query_one("#win-outright").display = kind == "simple"
        for widget in self.query("#target, #target-label"):
            widget.display = kind in ("streak", "race")
        self.query_one("#target-label", Label).update("Wins needed (^r)" if kind == "race" else "Cap on wins, if any (^r)")

    def terms(self) -> dict:
        """The challenge as a transcript writes it (docs/transcript.md, CHALLENGE)."""
        kind = self.query_one("#kind", Select).value
        defender = self.query_one("#defender", PartyForm)
        terms = {
            "kind": kind,
            "category": self.query_one("#category", Select).value,
            "challenger": self.query_one("#challenger", PartyForm).party(),
            "defender": {"static": defender.difficulty()} if defender.stands_static else defender.party(),
            "control": self.query_one("#control", Checkbox).value,
            "effect": self.query_one("#effect", Input).value.strip(),
        }
        if kind == "simple":
            terms["win_outright"] = self.query_one("#win-outright", Checkbox).value
        if kind in ("streak", "race"):
            target = read_int(self.query_one("#target", Input).value)
            terms["target"] = target if target > 0 else None
        return terms

    def missing(self, terms: dict) -> str | None:
        if terms["challenger"] is None:
            return "Look up the challenger first: scan the card or type the name."
        if terms["defender"] is None:
            return "Look up the defender first: scan the card or type the name."
        if terms["kind"] == "race" and terms.get("target") is None:
            return "A race needs the number of winning throws: fill in Wins needed."
        category, challenger = terms["category"], self.query_one("#challenger", PartyForm).character
        if challenger.wounds and (wounds := self.app.desk.wounds(challenger.id)).out_of_play:
            return (
                f"{challenger.name} is {wounds.state}: she can start no challenge (R-HEALTH-3). Ctrl+T on her "
                "sheet heals her wounds."
            )
        if category.is_attribute and terms["kind"] != "simple" and "trait" not in terms["challenger"]:
            if challenger.total(category) == 0:
                return (
                    f"{challenger.name} has no {category.value.title()} Traits left: an exhausted character can't start "
                    f"a {category.value.title()} challenge (R-CH-3). She regains them with Ctrl+G on her sheet "
                    "(R-NIGHT-1), or F8 picks another category."
                )
            return f"Pick the Trait {challenger.name} bids: Ctrl+B opens the list (R-CH-1)."
        return None

    @work(exclusive=True, group="start")
    async def action_start(self) -> None:
        terms = self.terms()
        problem = self.missing(terms)
        if problem is not None:
            self.notify(problem, title="Not ready to start", severity="warning")
            return
        if terms["kind"] != "simple" and terms["defender"] == {"static": 0} and not await self.app.push_screen_wait(
            ConfirmScreen(
                "A static difficulty of 0?",
                "The difficulty is 0 Traits: on a tie the challenger wins whatever the total. "
                "n goes back to fill in the difficulty.",
                yes="Start at 0",
            )
        ):
            self.query_one("#defender .difficulty", Input).focus()
            return
        try:
            spec = validate(ChallengeSpec, terms)
        except SheetError as error:
            said = f"{error.where}: {error.what}" if error.where else error.what
            self.notify(sentence(said), title="Not ready to start", severity="warning")
            return
        started = self.app.consult(self.desk.start, spec)
        if started is not None:
            self.app.last_terms = {"kind": spec.kind, "category": spec.category}
            self.app.switch_screen(ChallengeScreen(*started))

    def action_back(self) -> None:
        self.app.pop_screen()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()
