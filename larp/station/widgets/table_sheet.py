"""A tabletop character's sheet as it stands tonight: Attributes, Abilities or Skills with their
Specialties, the creature's own Traits, Willpower left, and the Health track."""

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from larp.rules.dice.health import Track
from larp.rules.tabletop import TableState
from larp.sheet import StorytellingSheet

DOT = "●"
WOUND_STYLE = {"/": "yellow", "X": "bold red", "*": "bold magenta"}


def dots(count: int) -> str:
    return DOT * count


def rated(ratings: dict[str, int]) -> Text:
    line = Text()
    for name, count in ratings.items():
        if line:
            line.append("  ")
        line.append(name)
        line.append(dots(count), style="bold cyan")  # no space: a name and its dots never wrap apart
    return line


def track_text(track: Track, boxed: bool = True) -> Text:
    """The Health track box by box: / bashing, X lethal, * aggravated, · empty (`boxed`: each
    in a box, `[X][ ]`; else one cell each, `X·`)."""
    line = Text()
    for mark in track.marks:
        drawn = ("[ ]" if mark == "·" else f"[{mark}]") if boxed else mark
        line.append(drawn, style=WOUND_STYLE.get(mark, "dim"))
    if track.wounds and boxed:
        line.append(f"  {track.state}", style="bold")
        if track.penalty:
            line.append(f", wound penalty {track.penalty}", style="bold red")
    elif track.wounds:
        if track.penalty:
            line.append(f" {track.penalty}", style="bold red")
        if track.incapacitated:
            line.append(f" {track.state}", style="bold")
    return line


def table_sheet(state: TableState) -> RenderableType:
    """The whole sheet, one labelled row per part."""
    sheet = state.sheet
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    attributes = list(sheet.attribute_dots().items())
    for row in range(0, len(attributes), 3):  # in the sheet's three groups of three
        table.add_row("Attributes" if not row else "", rated(dict(attributes[row : row + 3])))
    if isinstance(sheet, StorytellingSheet):
        table.add_row("Skills", rated(sheet.skills) if sheet.skills else Text("none", style="dim"))
        specialties = [f"{skill}: {', '.join(names)}" for skill, names in sheet.specialties.items()]
        table.add_row("Specialties", " · ".join(specialties) or "none")
        table.add_row(
            "Combat",
            f"Defense {sheet.defense} · Initiative +{sheet.initiative} · Speed {sheet.speed} · Size {sheet.size}"
            + (f" · Armor {sheet.armor}" if sheet.armor else ""),
        )
    else:
        table.add_row("Abilities", rated(sheet.abilities) if sheet.abilities else Text("none", style="dim"))
    table.add_row("Traits", rated(sheet.traits) if sheet.traits else Text("none", style="dim"))
    table.add_row("Willpower", Text(f"{state.willpower} of {sheet.willpower}  ") + Text(dots(state.willpower), style="bold"))
    table.add_row("Health", track_text(state.health))
    return Group(table)
