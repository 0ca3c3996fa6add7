"""F1: every key of the station, screen by screen, and the flow of a night."""

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from larp.station.keymap import keymap_path
from larp.station.modals import ConfirmScreen, Question
from larp.station.screens.challenge import ChallengeScreen
from larp.station.screens.checkin import CheckInScreen
from larp.station.screens.combat import CombatScreen
from larp.station.screens.dice import DiceScreen
from larp.station.screens.log import NightLogScreen
from larp.station.screens.reconcile import ReconcileScreen
from larp.station.screens.roster import RosterScreen
from larp.station.screens.setup import ChallengeSetupScreen
from larp.station.screens.sheets import SheetScreen
from larp.station.widgets.lookup_field import LookupField

LOOK_UP = "Scan a card (or type a name, then Enter) to pull up a sheet. "
CHALLENGES = (
    "Ctrl+N sets up a challenge for it: "
    "scan the defender, F7 and F8 pick kind and category (the last ones are kept), Ctrl+S starts. Then type each throw as two keys, the "
    "challenger's sign then the defender's; the footer shows only the steps the rules allow now. "
    "Enter ends the challenge when the loser declines to retest, Enter again records it. "
)
DICE = (
    "Ctrl+R on a sheet opens the Dice screen: name the pool, read its odds, type the faces "
    "rolled then Enter, or Ctrl+R for the station's dice; Ctrl+T there runs a combat turn. "
)
AFTER = (
    "F3 shows the night log, where Ctrl+R reverses a mistaken entry; F4 reconciles the night. "
    "At the door, F10 checks players in: scan each card as they come in. Ctrl+Y on a sheet awards, spends or buys with experience. "
    "In the footer, ^ means Ctrl: ^n is Ctrl+N. The mouse works too: click a key in the footer."
)


KEY_NAMES = {"escape": "Esc", "enter": "Enter", "backspace": "Backspace", "down": "↓"}


def key_name(key: str) -> str:
    """A key as the help spells it out: Ctrl+N, F1, Esc (the footer's ^n is Ctrl+N)."""
    first = key.split(",")[0]
    return KEY_NAMES.get(first) or "+".join(part.title() if len(part) > 1 else part.upper() for part in first.split("+"))


def key_table(title: str, bindings: list[Binding], keymap: dict[str, str], ids: bool = False) -> Table:
    """The keys of a screen (as the keymap file sets them), what each does, and (`ids`) its id for the keymap."""
    table = Table(title=title, title_justify="left", title_style="bold", show_header=False, box=None, padding=(0, 1), expand=True)
    table.add_column(style="bold cyan", no_wrap=True, min_width=9)
    table.add_column(style="bold", no_wrap=True)
    table.add_column(ratio=1)
    seen: set[str] = set()
    for binding in bindings:
        if binding.description and binding.description not in seen:
            seen.add(binding.description)
            what = Text(binding.tooltip)
            if ids and binding.id:
                what.append(f"  [{binding.id}]", style="dim")
            table.add_row(key_name(keymap.get(binding.id, binding.key)), binding.description, what)
    return table


def key_groups(app) -> list[tuple[str, list[Binding]]]:
    """Every key of the station, screen by screen, from the screens' own bindings."""
    everywhere = [*app.BINDINGS, Binding("ctrl+p", "command_palette", "Palette", tooltip="the main actions by name")]
    return [
        ("Everywhere", everywhere),
        ("Sheets (F2)", [Binding("enter", "", "Look up", tooltip="what was scanned or typed"), *LookupField.BINDINGS, *SheetScreen.BINDINGS]),
        ("Setting up a challenge (Ctrl+N)", ChallengeSetupScreen.BINDINGS),
        ("A challenge, step by step", ChallengeScreen.BINDINGS),
        ("Dice (Ctrl+R on a sheet of a dice chronicle)", [Binding("enter", "", "Roll typed dice", tooltip="the faces typed in Dice rolled; Enter in another field goes there"), *DiceScreen.BINDINGS]),
        ("A combat turn (Ctrl+T at the dice)", CombatScreen.BINDINGS),
        ("Night log (F3)", NightLogScreen.BINDINGS),
        ("Reconcile (F4)", ReconcileScreen.BINDINGS),
        ("Roster (F9)", RosterScreen.BINDINGS),
        ("Check-in at the door (F10)", [Binding("enter", "", "Check in", tooltip="the card scanned or the id typed: present for this game"), *CheckInScreen.BINDINGS]),
    ]


MINDS_EYE_ONLY = ("challenge", "regain", "no_dice")
"""Keys of the sheets that a dice chronicle has no use for, as the sheets screen's check_action has them."""
DICE_ONLY = ("dice", "damage")
DICE_GROUPS = ("Dice", "A combat turn")
MINDS_EYE_GROUPS = ("Setting up a challenge", "A challenge")


def for_system(groups: list[tuple[str, list[Binding]]], system: str) -> list[tuple[str, list[Binding]]]:
    """The groups and keys of the chronicle's system: a Mind's Eye chronicle's help has no dice, a dice one no challenges."""
    dropped_groups, dropped_actions = (DICE_GROUPS, DICE_ONLY) if system == "met" else (MINDS_EYE_GROUPS, MINDS_EYE_ONLY)
    return [
        (title, [binding for binding in bindings if binding.action.split("(")[0] not in dropped_actions])
        for title, bindings in groups
        if not title.startswith(dropped_groups)
    ]


def binding_ids(app) -> set[str]:
    """The ids a keymap file may name."""
    ids = {binding.id for _, bindings in key_groups(app) for binding in bindings if binding.id}
    for screen in (*QUESTIONS, HelpScreen):
        ids |= {binding.id for binding in screen.BINDINGS if binding.id}
    return ids


QUESTIONS = (Question, ConfirmScreen)


class HelpScreen(ModalScreen[None]):
    """The keys, from the screens' own bindings: what the footer shows, all at once."""

    CSS_PATH = "help.tcss"
    BINDINGS = [
        Binding("escape,f1", "dismiss", "Close help", id="help.close"),
        Binding("i", "toggle_ids", "Keymap ids", id="help.ids", tooltip="show or hide each key's id, for your keymap file"),
    ]
    show_ids = False

    def compose(self) -> ComposeResult:
        keymap = self.app.keymap.keys
        with VerticalScroll(id="help"):
            desk = getattr(self.app, "desk", None)
            flow = LOOK_UP + (CHALLENGES + "In a dice chronicle, " + DICE[0].lower() + DICE[1:] if desk is None else CHALLENGES if desk.system == "met" else DICE) + AFTER
            yield Static(Group(Text("The Narrator station", style="bold underline"), Text(), Text(flow)), id="flow")
            groups = key_groups(self.app)
            for title, bindings in for_system(groups, desk.system) if desk is not None else groups:
                yield Static(key_table(title, bindings, keymap, self.show_ids), classes="keys")
            yield Static(
                Text(
                    f"Your own keys: {keymap_path()}, one line per key by its id ({'in brackets above' if self.show_ids else 'i shows them'}: "
                    '"challenge.rock" = "1"). Esc or F1 closes this help.'
                ),
                id="help-hint",
            )

    async def action_toggle_ids(self) -> None:
        self.show_ids = not self.show_ids
        await self.recompose()
