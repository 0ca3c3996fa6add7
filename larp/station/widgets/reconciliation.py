"""The night reconciled, as the screen prints it a page at a time: the anomalies first, then per
character her start, her changes and her end.

Pure of the screen: a worker lays the pages out (larp.station.widgets.laid_out), so that a big
night's thousands of lines never hold the screen still.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from math import ceil

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from larp.desk import Reconciliation
from larp.rules import CharacterState, game_time
from larp.rules.tabletop import TableState
from larp.rules.wounds import wounds_text
from larp.sheet import ATTRIBUTES

ANOMALIES_PAGE = 50
"""The anomalies a page shows: a night of many shows its first at once."""
CHARACTERS_PAGE = 20
"""The most characters a page shows, once the anomalies are all shown."""
CHANGES_PAGE = 100
"""About the most changes a page shows (always one character's at least): on a big night a
character has tens of changes, and the first page is laid out at once."""


def standing(character: CharacterState | TableState) -> str:
    """A character's totals in one line: categories, Willpower, Abilities spent (a tabletop
    character: Willpower and her Health track)."""
    if isinstance(character, TableState):
        return character.describe()
    parts = [f"{category.value.title()} {character.total(category)}" for category in ATTRIBUTES]
    parts.append(f"Willpower {character.willpower}")
    if character.wounds:
        parts.append(wounds_text(character.wounds))
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
        kind = "wound" if kind == "wounds" and abs(amount) == 1 else kind
        parts.append(f"takes {amount} {kind}" if amount > 0 else f"heals {-amount} {kind}")
    if track:
        parts.append(f"Health {track}")
    if delta.get("sheet"):
        parts.append("sheet changed")
    return "; ".join(parts)


@dataclass(frozen=True)
class Printout:
    """The reconciliation in pages: page 0 heads it; each page holds the next anomalies, and once
    they are all shown, the next characters who changed."""

    reconciliation: Reconciliation
    chronicle_name: str

    @property
    def changed(self) -> list:
        return [night for night in self.reconciliation.characters.values() if night.changes]

    @property
    def anomaly_pages(self) -> int:
        return ceil(len(self.reconciliation.anomalies) / ANOMALIES_PAGE)

    @property
    def first_characters_page(self) -> int:
        """The page where the anomalies end and the characters begin."""
        return max(self.anomaly_pages - 1, 0)

    @cached_property
    def character_pages(self) -> list[list]:
        """The characters who changed, page by page."""
        pages: list[list] = []
        page: list = []
        rows = 0
        for night in self.changed:
            if page and (len(page) == CHARACTERS_PAGE or rows + len(night.changes) > CHANGES_PAGE):
                pages.append(page)
                page, rows = [], 0
            page.append(night)
            rows += len(night.changes)
        return pages + [page] if page else pages

    @property
    def pages(self) -> int:
        return max(1, self.anomaly_pages, self.first_characters_page + len(self.character_pages))

    def page(self, number: int) -> list[RenderableType]:
        parts: list[RenderableType] = []
        anomalies = self.reconciliation.anomalies[number * ANOMALIES_PAGE : (number + 1) * ANOMALIES_PAGE]
        if number == 0:
            parts += [self.heading(), Text()]
            if not anomalies:
                parts.append(Text("No anomalies: every entry fits the sheets it changed.", style="green"))
        if anomalies:
            parts.append(self.anomalies(anomalies, titled=number == 0))
        index = number - self.first_characters_page
        if 0 <= index < len(self.character_pages):
            if not index:
                parts.append(Text())
            for night in self.character_pages[index]:
                parts += [Text(night.name, style="bold"), character_changes(night), Text()]
        return parts

    def after(self, pages: int) -> RenderableType:
        """What follows the first `pages` pages: how many more there are to scroll down to, or
        at the very end the characters whom nothing changed."""
        anomalies = len(self.reconciliation.anomalies) - pages * ANOMALIES_PAGE
        if anomalies > 0:
            return Text(f"{anomalies} more {'anomaly' if anomalies == 1 else 'anomalies'}: scroll down", style="dim")
        characters = sum(len(page) for page in self.character_pages[max(pages - self.first_characters_page, 0) :])
        if characters > 0:
            return Text(f"{characters} more characters changed: scroll down", style="dim")
        quiet = [night.name for night in self.reconciliation.characters.values() if not night.changes]
        return Text.assemble(("No change tonight: ", "bold"), ", ".join(quiet)) if quiet else Text()

    def heading(self) -> Text:
        heading = Text()
        heading.append(f"Night {self.reconciliation.night} of {self.chronicle_name}", style="bold underline")
        heading.append(f"  · stations {', '.join(self.reconciliation.stations) or 'none'}", style="dim")
        return heading

    def anomalies(self, anomalies: Sequence, titled: bool) -> Table:
        table = Table(
            title="Anomalies: settle these first" if titled else None,
            title_justify="left",
            title_style="bold red",
            expand=True,
        )
        table.add_column("Character", no_wrap=True)
        table.add_column("Entry", no_wrap=True)
        table.add_column("Station", no_wrap=True)
        table.add_column("What is wrong", ratio=1)
        names = self.reconciliation.characters
        for anomaly in anomalies:
            who = names[anomaly.character].name if anomaly.character in names else anomaly.character
            table.add_row(
                who,
                f"{anomaly.entry.short_id} at {game_time(anomaly.entry.game_time)}",
                anomaly.entry.station,
                Text.assemble((f"{anomaly_label(anomaly.kind)}: ", "bold"), anomaly.message),
            )
        return table


ANOMALY_LABELS = {
    "trait-not-there": "Trait not there",
    "regain-twice": "Regained twice",
    "lock-broken": "Five-minute rule broken",
    "below-zero": "Below zero",
    "health-overrun": "Past her Health Levels",
    "reversed-relied-on": "Reversed, yet relied on",
    "sheets-differ": "Sheets differ",
    "rosters-differ": "Rosters differ",
    "unknown-reversal": "Reverses an unknown entry",
    "late-entry": "Late entry",
    "closed-twice": "Closed twice",
    "conflict": "Conflict",
}
"""The name a Narrator reads for each kind of anomaly (the record and `--format json` keep the kind)."""


def anomaly_label(kind: str) -> str:
    return ANOMALY_LABELS.get(kind) or kind.replace("-", " ").capitalize()


def character_changes(night) -> Table:
    """Where she started, each change with its entry, where she ended."""
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
    return table
