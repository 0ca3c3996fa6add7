"""The night reconciled: anomalies first, then per character her start, her changes and her end."""

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from larp.rules import CharacterState, game_time
from larp.rules.tabletop import TableState
from larp.sheet import ATTRIBUTES
from larp.station.screens.base import StationScreen


PAGE = 20
"""The characters shown at a time: a night of hundreds shows its first at once."""


def standing(character: CharacterState | TableState) -> str:
    """A character's totals in one line: categories, Willpower, Abilities spent (a tabletop
    character: Willpower and her Health track)."""
    if isinstance(character, TableState):
        return character.describe()
    parts = [f"{category.value.title()} {character.total(category)}" for category in ATTRIBUTES]
    parts.append(f"Willpower {character.willpower}")
    spent = {
        name: rating - character.abilities.get(name, 0)
        for name, rating in character.sheet.abilities.items()
        if rating - character.abilities.get(name, 0)
    }
    if spent:
        parts.append("spent " + ", ".join(f"{name} {points}" for name, points in spent.items()))
    return " · ".join(parts)


def delta_text(delta: dict) -> str:
    """What one entry did to a character, from the reconciliation's delta."""
    parts = []
    for category, names in delta.get("lost", {}).items():
        if names:
            parts.append(f"lost {', '.join(names)} ({category.title()})")
    for category, names in delta.get("regained", {}).items():
        parts.append(f"regained {', '.join(names) or 'nothing'} ({category.title()})")
    spent = delta.get("spent", {})
    points = [f"{name} {count}" for name, count in spent.get("abilities", {}).items() if count]
    if spent.get("willpower"):
        points.append(f"Willpower {spent['willpower']}")
    if points:
        parts.append("spent " + ", ".join(points))
    health = dict(delta.get("health", {}))
    track = health.pop("track", None)
    for kind, amount in health.items():
        parts.append(f"takes {amount} {kind}" if amount > 0 else f"heals {-amount} {kind}")
    if track:
        parts.append(f"Health {track}")
    if delta.get("sheet"):
        parts.append("sheet changed")
    return "; ".join(parts)


class ReconcileScreen(StationScreen):
    """What the night record says happened to each character; what needs a Narrator's eye first."""

    CSS_PATH = "reconcile.tcss"
    AUTO_FOCUS = "#reconciliation"
    BINDINGS = [
        Binding("ctrl+r", "refresh", "Reconcile again", id="reconcile.again", tooltip="read the night record afresh"),
    ]

    def body(self) -> ComposeResult:
        with VerticalScroll(id="reconciliation"):
            yield Static(id="anomalies")
            yield Static(id="characters")

    reconciliation = None
    pages = 1
    """How many pages of characters are shown: the next comes in as the Narrator scrolls down to the last."""

    def on_mount(self) -> None:
        self.watch(self.query_one("#reconciliation", VerticalScroll), "scroll_y", self.scrolled, init=False)

    def on_screen_resume(self) -> None:
        self.record_changed()

    def action_refresh(self) -> None:
        self.record_changed()

    def record_changed(self) -> None:
        """Reconcile the night record afresh: the entries read here, the night folded in a
        worker, so that a long night never holds the screen still."""
        if self.desk is None:
            self.query_one("#anomalies", Static).update(self.without_record())
            return
        reconciling = self.app.consult(self.desk.reconciler)
        if reconciling is None:
            return
        if self.reconciliation is None:
            self.query_one("#anomalies", Static).update(Text("Reconciling the night…", style="dim"))
        self.reconcile(reconciling)

    @work(thread=True, exclusive=True, exit_on_error=False)
    def reconcile(self, reconciling) -> None:
        done = reconciling()
        self.app.call_from_thread(self.show, done)

    def show(self, reconciliation) -> None:
        self.reconciliation = reconciliation
        self.query_one("#anomalies", Static).update(self.anomalies(reconciliation))
        self.show_characters()

    def show_characters(self) -> None:
        self.query_one("#characters", Static).update(self.characters(self.reconciliation))

    def scrolled(self, scroll_y: float) -> None:
        """At the foot of the page, the next page of characters (a page is longer than a screen)."""
        view = self.query_one("#reconciliation", VerticalScroll)
        if self.reconciliation is None or scroll_y < view.max_scroll_y:
            return
        if len(self.changed(self.reconciliation)) > self.pages * PAGE:
            self.pages += 1
            self.show_characters()

    def anomalies(self, reconciliation) -> RenderableType:
        heading = Text()
        heading.append(f"Night {reconciliation.night} of {self.desk.chronicle.name}", style="bold underline")
        heading.append(f"  · stations {', '.join(reconciliation.stations) or 'none'}", style="dim")
        if not reconciliation.anomalies:
            return Group(heading, Text(), Text("No anomalies: every entry fits the sheets it changed.", style="green"))
        table = Table(title="Anomalies: settle these first", title_justify="left", title_style="bold red", expand=True)
        table.add_column("Character", no_wrap=True)
        table.add_column("Entry", no_wrap=True)
        table.add_column("Station", no_wrap=True)
        table.add_column("What is wrong", ratio=1)
        names = reconciliation.characters
        for anomaly in reconciliation.anomalies:
            who = names[anomaly.character].name if anomaly.character in names else anomaly.character
            table.add_row(
                who,
                f"{anomaly.entry.short_id} at {game_time(anomaly.entry.game_time)}",
                anomaly.entry.station,
                Text.assemble((f"{anomaly.kind}: ", "bold"), anomaly.message),
            )
        return Group(heading, Text(), table)

    @staticmethod
    def changed(reconciliation) -> list:
        return [night for night in reconciliation.characters.values() if night.changes]

    def characters(self, reconciliation) -> RenderableType:
        changed = self.changed(reconciliation)
        quiet = [night.name for night in reconciliation.characters.values() if not night.changes]
        parts: list[RenderableType] = [Text()]
        for night in changed[: self.pages * PAGE]:
            parts.append(Text(night.name, style="bold"))
            table = Table.grid(padding=(0, 2))
            table.add_column(style="dim", no_wrap=True)
            table.add_column(no_wrap=True)
            table.add_column(ratio=1)
            table.add_row("start", "", standing(night.start))
            for change in night.changes:
                what = delta_text(change.delta) or Text(f"nothing lost or spent: {change.entry.summary}", style="dim")
                if change.reversed_by:
                    what = Text.assemble((str(what), "strike dim"), (f"  reversed by {change.reversed_by[:8]}", "yellow"))
                table.add_row(game_time(change.entry.game_time), change.entry.short_id, what)
            table.add_row("end", "", Text(standing(night.end), style="bold"))
            parts += [table, Text()]
        if len(changed) > self.pages * PAGE:
            parts.append(Text(f"{len(changed) - self.pages * PAGE} more characters changed: scroll down", style="dim"))
        elif quiet:
            parts.append(Text.assemble(("No change tonight: ", "bold"), ", ".join(quiet)))
        return Group(*parts)
