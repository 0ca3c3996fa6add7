"""The Dice screen: a pool named from the sheet, its exact odds as the options change, and the
roll, with the faces the players typed or the station's dice, each roll an entry of the night
record; damage on the Health track; from here, a combat turn (seed 004).

Opened from the sheets (the character on screen rolls), or by the combat turn for one attack:
then the pool, the defender's Defense and armor and the damage are the attack's, and the screen
gives the recorded entry back when it closes.
"""

from collections.abc import Iterable
from dataclasses import replace

from rich.console import Group
from rich.text import Text
from textual import work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Checkbox, Input, Label, Select, Static

from larp.desk import DeskError, RollCall, read_faces, roll_lines
from larp.desk.combat import Attack
from larp.station.errors import sentence
from larp.station.screens.base import StationScreen
from larp.station.screens.marking import mark_damage
from larp.station.wanted import CombatWanted
from larp.station.widgets.fitted import Fitted
from larp.station.widgets.pool_odds import PoolOdds
from larp.station.widgets.roll_options import RollOptions
from larp.station.widgets.sheet_view import SheetView, gather
from larp.station.widgets.table_sheet import track_text

WIDE = 120
"""From this width on, the roller's sheet stands beside the odds and the roll."""


def dice(count: int) -> str:
    return f"{count} {'die' if count == 1 else 'dice'}"


class DiceScreen(StationScreen):
    """Holds the roll being called; the desk names the pool, gives the odds, decides and records."""

    CSS_PATH = "dice.tcss"
    AUTO_FOCUS = "#pool"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide")]
    BINDINGS = [
        Binding("ctrl+r", "station_roll", "Station's dice", id="dice.station", tooltip="the station rolls the pool and every reroll it earns, and records the roll"),
        Binding("ctrl+g", "damage", "Damage", id="dice.damage", tooltip="mark damage on the roller's Health track, or heal it (D-HEALTH-1)"),
        Binding("ctrl+t", "combat", "Combat turn", id="dice.combat", tooltip="Initiative for the characters in the scene, then each attack in order (seed 004)"),
        Binding("escape", "back", "Back", id="dice.back", tooltip="to the sheet (or the combat turn, after an attack)"),
    ]

    def __init__(self, character: str, attack: Attack | None = None) -> None:
        super().__init__()
        self.character_id = character
        self.attack = attack
        self.base = RollCall(pool="", character=character)
        """The roll as called before the options: the pool typed (or the attack's) and whose it is."""
        self.prepared = None
        self.problem = ""
        """Why the roll as called can't be rolled (a Trait the sheet lacks…), said on screen."""
        self.entry = None
        """The last roll recorded here."""

    def body(self) -> ComposeResult:
        yield Fitted(id="roller")
        with Horizontal(id="call"):
            yield Label("Pool")
            yield Input(placeholder="Dexterity + Firearms + 2, or a number", id="pool", compact=True)
            yield Label("For")
            yield Input(placeholder="what the roll is for", id="action", compact=True)
        yield RollOptions(self.desk.system, self.attack.modifier if self.attack else 0, id="options")
        yield Fitted(id="pool-line")
        with Horizontal(id="panels"):
            with VerticalScroll(id="odds-panel"):
                yield PoolOdds(id="odds")
            with VerticalScroll(id="result-panel"):
                yield Static(id="result")
            yield VerticalScroll(id="sheet-panel")
        with Horizontal(id="typed"):
            yield Label("Dice rolled")
            yield Input(placeholder="the faces, in the order rolled (0 is 10), then Enter", id="faces", compact=True)
        yield Fitted(id="prompt")

    def on_mount(self) -> None:
        self.query_one("#odds-panel").border_title = "Odds before the roll"
        self.query_one("#result-panel").border_title = "The roll"
        self.query_one("#sheet-panel").border_title = "Tonight"
        if self.attack is not None:
            self.base = self.app.consult(self.desk.attack_call, self.attack) or self.base
            self.query_one("#pool", Input).value = self.base.pool
            self.query_one("#action", Input).value = self.base.action
            self.query_one("#faces", Input).focus()
        self.query_one("#result", Static).update(Text("No roll yet.", style="dim"))
        self.show_roller()
        self.call_after_refresh(self.prepare)

    # The roll called, read against the sheet at every change.

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "faces":
            self.show_prompt()
        else:
            self.prepare()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self.prepare()

    def on_select_changed(self, event: Select.Changed) -> None:
        self.prepare()

    def on_resize(self) -> None:
        self.prepare()

    def call(self) -> RollCall:
        pool = self.query_one("#pool", Input).value
        action = self.query_one("#action", Input).value
        return self.query_one(RollOptions).call(replace(self.base, pool=pool, action=action))

    def prepare(self) -> None:
        """Ask the desk to read the roll as called; show the pool, its odds and what to do next."""
        self.prepared, self.problem = None, ""
        odds = None
        if not self.query_one("#pool", Input).value.strip():
            self.problem = "Name the pool: Traits of the sheet and numbers (Dexterity + Firearms + 2), or a number of dice."
        else:
            try:
                self.prepared = self.desk.prepare(self.call())
                odds = self.desk.roll_odds(self.prepared)
            except DeskError as error:
                self.prepared, self.problem = None, sentence(str(error))
        line = Text(self.problem, style="bold red") if self.problem else Text.assemble(("Pool: ", "bold"), self.prepared.text)
        self.query_one("#pool-line", Fitted).show(line)
        self.query_one(PoolOdds).show_odds(odds, "No odds until the pool is one the sheet can roll.")
        self.show_prompt()
        self.refresh_bindings()

    def faces(self) -> list[int]:
        return read_faces(self.query_one("#faces", Input).value)

    def show_prompt(self) -> None:
        """What to do now: how many dice are still to type, and why (rerolls earned), or what is wrong."""
        self.query_one("#prompt", Fitted).show(self.prompt())

    def prompt(self) -> Text:
        if self.attack is not None and self.entry is not None:
            return Text("The attack is recorded. Esc goes back to the combat turn.", style="bold")
        if self.prepared is None:
            return Text("Name a pool the sheet can roll; then type the faces rolled, or Ctrl+R for the station's dice.", style="dim")
        try:
            typed = self.faces()
        except DeskError as error:
            return Text(sentence(str(error)), style="bold red")
        owed = self.desk.dice_needed(self.prepared, typed)
        if not typed:
            said = f"{dice(owed)} to roll: type the faces the players rolled, then Enter; or Ctrl+R for the station's dice."
            if self.entry is not None:
                said = f"Recorded as {self.entry.short_id}. Next roll: {said[0].lower()}{said[1:]}"
        elif owed > 0:
            said = f"{dice(owed)} more to roll: {self.desk.why_more(self.prepared, typed)}. Type them after the others."
        elif owed < 0:
            return Text(f"{dice(-owed)} too many: the pool and its rerolls take {len(typed) + owed}.", style="bold red")
        else:
            said = f"Enter rolls these {dice(len(typed))}."
        return Text(said, style="bold")

    # Rolling and recording.

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "faces":
            self.roll_typed()
        else:
            self.query_one("#faces", Input).focus()

    def roll_typed(self) -> None:
        """The faces the players rolled: refused with the reason (a face of 11, dice still owed)."""
        if self.prepared is None:
            self.notify(self.problem, title="Nothing rolled", severity="warning")
            return
        try:
            typed = self.faces()
        except DeskError as error:
            self.notify(sentence(str(error)), title="Nothing rolled", severity="warning")
            return
        if typed and self.desk.dice_needed(self.prepared, typed) > 0:
            return  # the prompt says how many more, and why: the players roll them
        if not typed:
            self.notify("Type the faces the players rolled first, or Ctrl+R for the station's dice.", title="Nothing rolled", severity="warning")
            return
        self.record(typed)

    def action_station_roll(self) -> None:
        if self.prepared is None:
            self.notify(self.problem, title="Nothing rolled", severity="warning")
            return
        self.record(None)

    def record(self, typed: list[int] | None) -> None:
        entry = self.app.consult(self.desk.roll, self.prepared, typed)
        if entry is None:
            return
        self.entry = entry
        self.query_one("#result", Static).update(self.result(entry))
        self.query_one("#faces", Input).value = ""
        if self.prepared.call.willpower:
            self.query_one(RollOptions).spent()
        self.show_roller()
        self.show_prompt()  # the pool stands; Willpower spent unticks its box, which reads the roll again

    def result(self, entry) -> Group:
        """The roll in words: its outcome, the pool, every die and the rule behind it, then what
        it changed on the sheets (Willpower spent, damage marked)."""
        _, pool, *rest = roll_lines(entry)
        payload = entry.payload
        rolled = payload["result"]
        lines = [
            Text.assemble(
                (f"{rolled['outcome']}: {rolled['successes']} success{'es' if rolled['successes'] != 1 else ''}", "bold"),
                (f"  recorded as {entry.short_id}", "dim"),
            ),
            Text(pool, style="dim"),
            *(Text(line) for line in rest),
        ]
        if payload.get("willpower_spent"):
            lines.append(Text(f"{self.desk.table_character(payload['character']).name} spends 1 Willpower", style="bold"))
        if payload.get("damage"):
            damage = payload["damage"]
            target = self.desk.table_character(damage["target"])
            lines.append(Text(f"{target.name} takes {damage['amount']} {damage['kind']}: Health {target.health.marks}", style="bold"))
        return Group(*lines)

    # The roller (and an attack's defender) as they stand tonight.

    def show_roller(self) -> None:
        """The roller (and an attack's defender): Willpower and Health on one line, and, where the
        screen is wide, each sheet with tonight's entries."""
        shown = [cid for cid in (self.character_id, self.base.damage) if cid]
        cards = [card for cid in shown if (card := self.app.consult(gather, self.desk, cid)) is not None]
        line = Text()
        for card in cards:
            state = card.character
            if line:
                line.append("   against ", style="dim")
            line.append(state.name, style="bold")
            line.append(f"  Willpower {state.willpower} of {state.sheet.willpower}  ")
            line.append_text(track_text(state.health))
        self.query_one("#roller", Fitted).show(line)
        panel = self.query_one("#sheet-panel")
        views = list(panel.query(SheetView))
        if len(views) != len(cards):
            panel.remove_children()
            views = [SheetView() for _ in cards]
            panel.mount_all(views)
        for view, card in zip(views, cards):
            view.card = card

    def record_changed(self) -> None:
        self.show_roller()

    # Damage, the combat turn, going back.

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "station_roll":
            return self.prepared is not None and not (self.attack is not None and self.entry is not None)
        if action == "combat":
            return self.attack is None and self.desk.system == "storytelling"
        return True

    @work(exclusive=True)
    async def action_damage(self) -> None:
        if await mark_damage(self, self.character_id) is not None:
            self.show_roller()
            self.prepare()

    def action_combat(self) -> None:
        self.post_message(CombatWanted(self, self.character_id))

    def turn_over(self) -> None:
        self.show_roller()
        self.prepare()

    def action_back(self) -> None:
        self.dismiss(self.entry)

    def commands(self) -> Iterable[SystemCommand]:
        if self.prepared is not None:
            yield SystemCommand("Station's dice", f"Roll {self.prepared.text} with the station's dice", self.action_station_roll)
        yield SystemCommand("Damage", "Mark damage on the Health track, or heal it", self.action_damage)
        if self.check_action("combat", ()):
            yield SystemCommand("Combat turn", "Initiative, then each attack in order", self.action_combat)
