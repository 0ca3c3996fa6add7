"""A combat turn (seed 004): Initiative for the characters in the scene, typed or the station's
die, listed in Initiative order; then each acts in that order: an attack on the Dice screen
against the target's Defense (less for each attack on her this turn, doubled by a dodge), its
successes damage on her Health track. The Initiative and every attack are entries of the record.

The screen holds the turn (who has acted, who dodges, the attacks on each); the desk holds the
rest. Esc ends the combat.
"""

from collections import Counter
from collections.abc import Iterable

from rich.text import Text
from textual import work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.widgets import DataTable

from larp.desk.combat import ATTACKS, Attack
from larp.sheet import StorytellingSheet
from larp.station.modals import ConfirmScreen, NumberScreen, PickScreen
from larp.station.plain import plain
from larp.station.scan_catcher import HoldsScans
from larp.station.screens.base import StationScreen
from larp.station.screens.dice import DiceScreen
from larp.station.screens.marking import mark_damage
from larp.station.widgets.fitted import Fitted
from larp.station.widgets.table_sheet import track_text


class CombatScreen(HoldsScans, StationScreen):
    """The scene's fighters in Initiative order, the one to act next under the cursor."""

    CSS_PATH = "combat.tcss"
    AUTO_FOCUS = "DataTable"
    BINDINGS = [
        Binding("i", "initiative", "Initiative", id="combat.initiative", tooltip="type the die the player rolled for the character under the cursor (D-SG-11)"),
        Binding("ctrl+r", "station_initiative", "Station's dice", id="combat.station", tooltip="the station rolls Initiative for everyone in the scene without one"),
        Binding("a", "attack", "Attack", id="combat.attack", tooltip="the character under the cursor attacks (Enter too): pick the target and the attack, then roll (D-SG-13)"),
        Binding("d", "dodge", "Dodge", id="combat.dodge", tooltip="the character gives up the action to dodge: Defense doubles for the turn (D-SG-14)"),
        Binding("ctrl+g", "damage", "Damage", id="combat.damage", tooltip="mark damage on the Health track of the character under the cursor, or heal it"),
        Binding("x", "leave", "Out", id="combat.leave", tooltip="take the character under the cursor out of this combat"),
        Binding("n", "next_turn", "Next turn", id="combat.next-turn", tooltip="everyone acts again, in the same order (no new roll)"),
        Binding("escape", "end", "End", id="combat.end", tooltip="back to the dice (asks first)"),
    ]

    def __init__(self, first: str | None = None) -> None:
        super().__init__()
        self.first = first
        self.fighters: list[str] = []
        """The characters in the scene."""
        self.rolled: dict[str, object] = {}
        """Each fighter's Initiative entry."""
        self.turn = 1
        self.acted: set[str] = set()
        self.dodging: set[str] = set()
        self.attacks_on: Counter[str] = Counter()

    def body(self) -> ComposeResult:
        yield DataTable(id="fighters", cursor_type="row", zebra_stripes=True)
        yield Fitted(id="turn-prompt")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("", "Character", "Initiative", "Defense", "Willpower", "Health", "This turn")
        everyone = self.app.consult(self.desk.table_characters) or []
        self.fighters = [state.id for state in everyone if isinstance(state.sheet, StorytellingSheet)]
        if self.first in self.fighters:
            self.fighters.remove(self.first)
            self.fighters.insert(0, self.first)
        self.show()

    # The fighters, in order.

    def order(self) -> list[str]:
        """Those with Initiative from the highest down (D-SG-11), then those still to roll."""
        totals = {cid: entry.payload["result"]["initiative"] for cid, entry in self.rolled.items() if cid in self.fighters}
        ranked = self.app.consult(self.desk.initiative_order, totals) or []
        return ranked + [cid for cid in self.fighters if cid not in totals]

    def next_to_roll(self) -> str | None:
        return next((cid for cid in self.fighters if cid not in self.rolled), None)

    def next_to_act(self) -> str | None:
        return next((cid for cid in self.order() if cid in self.rolled and cid not in self.acted), None)

    def show(self, cursor: str | None = None) -> None:
        table = self.query_one(DataTable)
        cursor = cursor or self.next_to_roll() or self.next_to_act() or self.selected()
        table.clear()
        for place, cid in enumerate(self.order(), start=1):
            state = self.app.consult(self.desk.table_character, cid)
            if state is None:
                continue
            entry = self.rolled.get(cid)
            initiative = "—"
            if entry is not None:
                initiative = f"{entry.payload['result']['initiative']} ({entry.payload['faces'][0]}+{state.sheet.initiative})"
            defense = f"{state.sheet.defense}" + (" ×2" if cid in self.dodging else "")
            if self.attacks_on[cid]:
                defense += f" −{self.attacks_on[cid]}"
            cells = (
                str(place) if entry is not None else "",
                Text(state.name, style="bold" if cid == self.next_to_act() else ""),
                initiative,
                defense,
                f"{state.willpower} of {state.sheet.willpower}",
                track_text(state.health, boxed=False),
                self.doing(cid),
            )
            table.add_row(*map(plain, cells), key=cid)
        if cursor in self.fighters:
            table.move_cursor(row=table.get_row_index(cursor))
        self.query_one("#turn-prompt", Fitted).show(self.prompt())
        self.refresh_bindings()

    def doing(self, cid: str) -> str:
        if cid in self.dodging:
            return "dodges"
        if cid in self.acted:
            return "has acted"
        return "next" if cid == self.next_to_act() else ""

    def prompt(self) -> Text:
        if not self.fighters:
            return Text("Nobody in the scene: Esc goes back.", style="bold")
        waiting = [cid for cid in self.fighters if cid not in self.rolled]
        if waiting:
            return Text(
                f"Combat opens with Initiative: {len(waiting)} in the scene still to roll. i types the die the player rolled "
                "for the character under the cursor; Ctrl+R rolls the station's dice for all of them. x takes one out of the scene, "
                "a card scanned brings the character back.",
                style="bold",
            )
        up = self.next_to_act()
        if up is None:
            return Text(f"Turn {self.turn}: everyone has acted. n starts the next turn, in the same order.", style="bold")
        name = self.desk.table_character(up).name
        return Text(
            f"Turn {self.turn}: {name} acts. a (or Enter) attacks: pick the target and the attack, then roll; d dodges. "
            f"Another may act first: move the cursor to that character ({name} yields, D-SG-12).",
            style="bold",
        )

    def selected(self) -> str | None:
        table = self.query_one(DataTable)
        if not self.fighters or not 0 <= table.cursor_row < table.row_count:
            return None
        return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        chosen = self.selected()
        if action == "initiative":
            return chosen is not None
        if action == "station_initiative":
            return any(cid not in self.rolled for cid in self.fighters)
        if action in ("attack", "dodge"):
            return chosen in self.rolled and chosen not in self.acted
        if action in ("damage", "leave"):
            return chosen is not None
        if action == "next_turn":
            return bool(self.acted)
        return True

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.refresh_bindings()

    # Initiative.

    @work(exclusive=True)
    async def action_initiative(self) -> None:
        cid = self.selected()
        state = self.app.consult(self.desk.table_character, cid)
        if state is None:
            return
        face = await self.app.push_screen_wait(
            NumberScreen(
                f"{state.name}'s Initiative",
                f"The die the player rolled; the Initiative modifier {state.sheet.initiative} is added (D-SG-11).",
                default=1,
                minimum=1,
                maximum=10,
            )
        )
        if face is not None:
            self.take_initiative([cid], face)
            self.show()

    def action_station_initiative(self) -> None:
        self.take_initiative([cid for cid in self.fighters if cid not in self.rolled], None)
        self.show()

    def take_initiative(self, fighters: list[str], face: int | None) -> None:
        """Each one's Initiative recorded: the face typed, else the station's die."""
        recorded = []
        for cid in fighters:
            entry = self.app.consult(self.desk.initiative, cid, face)
            if entry is not None:
                self.rolled[cid] = entry
                recorded.append(entry)
        if recorded:
            self.notify("\n".join(entry.summary for entry in recorded), title="Initiative recorded")

    # Acting.

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if self.check_action("attack", ()):
            self.action_attack()

    @work(exclusive=True)
    async def action_attack(self) -> None:
        attacker = self.selected()
        name = self.desk.table_character(attacker).name
        targets = [(self.desk.table_character(cid).name, cid) for cid in self.order() if cid != attacker]
        if not targets:
            self.notify("Nobody else is in the scene to attack.", severity="warning")
            return
        defender = await self.app.push_screen_wait(PickScreen(f"{name} attacks whom?", targets))
        if defender is None:
            return
        kinds = [(f"{what}: {pool}, {damage}{'' if defended else ', no Defense'}", kind) for kind, (pool, damage, defended, what) in ATTACKS.items()]
        kind = await self.app.push_screen_wait(
            PickScreen(f"{name}'s attack", kinds, prompt="Each success is one Health point of the attack's damage (D-SG-13).")
        )
        if kind is None:
            return
        attack = Attack(attacker, defender, kind, attacks_before=self.attacks_on[defender], dodging=defender in self.dodging)
        entry = await self.app.push_screen_wait(DiceScreen(attacker, attack=attack))
        if entry is not None:
            self.acted.add(attacker)
            self.attacks_on[defender] += 1
        self.show()

    def action_dodge(self) -> None:
        cid = self.selected()
        self.dodging.add(cid)
        self.acted.add(cid)
        self.show()

    @work(exclusive=True)
    async def action_damage(self) -> None:
        cid = self.selected()
        if await mark_damage(self, cid) is not None:
            self.show(cursor=cid)

    def action_leave(self) -> None:
        self.fighters.remove(self.selected())
        self.show()

    def action_next_turn(self) -> None:
        self.turn += 1
        self.acted.clear()
        self.dodging.clear()
        self.attacks_on.clear()
        self.show()
        self.notify(f"Turn {self.turn}: everyone acts again, in the same order.", title="Next turn")

    @work(exclusive=True)
    async def action_end(self) -> None:
        if not self.rolled or await self.app.push_screen_wait(
            ConfirmScreen("End the combat?", "Its Initiative and attacks stay recorded; the order is forgotten.", yes="End it")
        ):
            self.dismiss(None)

    def record_changed(self) -> None:
        """An entry written (here, or at another station): the tracks afresh, the cursor where it was."""
        self.show(cursor=self.selected())

    def card_scanned(self, sheet) -> None:
        """A card scanned here puts the cursor on her (and brings her back into the scene)."""
        if isinstance(sheet, StorytellingSheet) and sheet.id not in self.fighters:
            self.fighters.append(sheet.id)
        if sheet.id in self.fighters:
            self.show(cursor=sheet.id)

    def commands(self) -> Iterable[SystemCommand]:
        if self.check_action("station_initiative", ()):
            yield SystemCommand("Station's Initiative", "Roll Initiative for everyone in the scene without one", self.action_station_initiative)
        if self.check_action("next_turn", ()):
            yield SystemCommand("Next turn", "Everyone acts again, in the same order", self.action_next_turn)
