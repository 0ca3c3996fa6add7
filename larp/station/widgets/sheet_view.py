"""A character's sheet as it stands tonight: Traits with their dots, what is spent, locks, entries."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from larp.rules import CharacterState, Lock, game_time
from larp.rules.tabletop import TableState
from larp.rules.wounds import HEALTH_LEVELS, Wounds
from larp.sheet import ATTRIBUTES, STANDALONE, Category
from larp.sheet.named_lists import item_text
from larp.station.plain import plain
from larp.station.widgets.items_row import ItemsRow
from larp.station.widgets.table_sheet import table_sheet

SIDE_BY_SIDE = 100
"""From this width on, tonight's locks and entries stand beside the sheet's details."""
KEPT = "●"
LOST = "○"


@dataclass(frozen=True)
class SheetCard:
    """What the sheet panel shows, gathered from the desk by the screen."""

    character: CharacterState | TableState
    locks: Sequence[Lock]
    entries: Sequence | None
    """The desk's entries naming this character, oldest first; None while they are read (on a
    long night the sheet is on screen first, her entries a moment after)."""
    now: float
    names: Mapping[str, str]
    """Character ids to names, for the targets of locks."""
    standalone: Sequence[str] = ()
    """The standalone Traits the chronicle uses beyond Willpower, Rage and Gnosis."""
    experience: object | None = None
    """Between games (the night closed here): her experience as she starts the next game, awards
    since the close included; None: her sheet's tonight."""
    wounds: Wounds | None = None
    """A Mind's Eye Theatre character's Health Levels tonight (R-HEALTH-1)."""


def trait_line(character: CharacterState, category: Category) -> ItemsRow:
    """Each Trait named with a dot per count: kept ones full, lost ones hollow and struck."""
    kept = character.available(category)
    items = []
    for name, count in character.sheet.traits.of(category).items():
        left = kept.get(name, 0)
        item = Text(name, style="" if left else "strike dim")
        item.append(" ")
        item.append(KEPT * left, style="bold")
        item.append(LOST * (count - left), style="strike red")
        items.append(item)
    return ItemsRow(items)


def health_line(wounds: Wounds) -> ItemsRow:
    """Where she stands, then each level with its boxes: `Bruised (-1 Traits)  Healthy ■■ Bruised ■□□ …`."""
    state = Text(wounds.state, style="bold red" if wounds.out_of_play else "bold" if wounds.marked else "")
    if wounds.penalty:
        state.append(f" ({wounds.penalty:+d} Traits)")
    if wounds.out_of_play:
        state.append(", out of challenges")
    return ItemsRow([state, *wounds.each_level()], "  ")


def entry_line(entry, reversed_by: str | None) -> Text:
    line = Text()
    line.append(f"{game_time(entry.game_time)} ", style="dim")
    line.append(entry.summary, style="strike dim" if reversed_by else "")
    if reversed_by:
        line.append(f" (reversed by {reversed_by})", style="yellow")
    return line


def experience_line(xp) -> Text:
    """Her experience: the totals, and the last line of her history."""
    line = Text()
    line.append("Experience ", style="bold")
    line.append(f"earned {xp.earned:g} · unspent {xp.unspent:g}")
    if xp.history:
        last = xp.history[-1]
        line.append(f"  (last: {last.type} {last.change:g}, {last.reason})", style="dim")
    return line


def latest_locks(locks: Sequence[Lock]) -> list[Lock]:
    """One line per challenge barred: a challenge lost again after an override bars it anew, and
    only the later bar counts."""
    latest: dict[tuple[str, str, str], Lock] = {}
    for lock in locks:
        key = (lock.target, lock.category, lock.effect)
        if key not in latest or lock.until > latest[key].until:
            latest[key] = lock
    return list(latest.values())


def lock_line(lock: Lock, now: float, names: Mapping[str, str]) -> Text:
    target = names.get(lock.target, lock.target.replace("static:", "a static difficulty of "))
    effect = f" “{lock.effect}”" if lock.effect else ""
    left = max(0.0, lock.until - now)
    line = Text(f"{lock.category.title()}{effect} against {target}: ")
    line.append(f"barred until {game_time(lock.until)}", style="bold yellow")
    line.append(f" ({left:.0f} min of game time left)" if left >= 1 else " (less than a minute left)")
    return line


class SheetView(Widget):
    """The sheet on screen; it shows the card it is given and holds nothing else."""

    DEFAULT_CSS = """
    SheetView {
        height: auto;
    }
    """

    card: reactive[SheetCard | None] = reactive(None, layout=True)
    _drawn: tuple[SheetCard, int, Text] | None = None
    """The card last drawn, at which width, and its lines."""

    def render(self) -> RenderableType:
        """The sheet laid out once per card and width: Textual measures its height, then draws it,
        and laying out its tables twice was most of a scan's time on a long night."""
        card, width = self.card, self.size.width
        if card is None:
            return ""
        if width <= 0:
            return self.sheet()
        if self._drawn is None or self._drawn[0] is not card or self._drawn[1] != width:
            self._drawn = (card, width, drawn(self.app.console, self.sheet(), width))
        return self._drawn[2]

    def sheet(self) -> RenderableType:
        card = self.card
        heading = Group(self.heading(card.character), experience_line(card.experience or card.character.sheet.experience))
        notes = self.notes(card.character.sheet)  # after the Traits: a Grapevine biography can be pages long
        if isinstance(card.character, TableState):
            return Group(heading, Text(), table_sheet(card.character), Text(), *self.tonight(card), *notes)
        details, tonight = Group(*self.details(card)), Group(*self.tonight(card))
        if self.size.width < SIDE_BY_SIDE:
            below: RenderableType = Group(details, Text(), tonight)
        else:
            below = Table.grid(expand=True, padding=(0, 3))
            below.add_column(ratio=1)
            below.add_column(ratio=1)
            below.add_row(details, tonight)
        chronicle = self.chronicle(card.character.sheet)
        return Group(heading, Text(), self.traits(card.character), Text(), below, *chronicle, *notes)

    def heading(self, character: CharacterState) -> Text:
        sheet = character.sheet
        line = Text()
        line.append(sheet.display_name, style="bold underline")
        line.append(f"  ({sheet.id})", style="dim")
        about = ", ".join(part for part in (sheet.creature, sheet.lineage) if part)
        if about:
            line.append(f"  {about}")
        if sheet.player:
            line.append(f"  · player {sheet.player}", style="dim")
        for public in sheet.public:
            line.append(f"\n{public}", style="italic dim")
        return line

    @staticmethod
    def notes(sheet) -> list[Text]:
        """The sheet's private notes, for the Narrator's eyes only (never printed on the card)."""
        if not sheet.notes.strip():
            return []
        notes = Text("\nNarrator's notes: ", style="bold yellow")
        notes.append(sheet.notes.strip(), style="yellow")
        return [notes]

    @staticmethod
    def chronicle(sheet) -> list[RenderableType]:
        """The chronicle's character after the challenge's: her text fields (Nature, Generation
        …) on one row, then each named list (Disciplines, Backgrounds …), one labelled row each;
        the pools and Status the rows above show are not said again."""
        from larp.grapevine.shown import shown_above

        fields, lists = shown_above(sheet)
        about = [plain(f"{name} {value}") for name, value in sheet.attributes.items() if value.strip() and name not in fields]
        rows = [(name, items) for name, items in sheet.lists.items() if name not in lists and name != HEALTH_LEVELS]
        if not (about or rows):
            return []
        table = Table.grid(padding=(0, 1))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        if about:
            table.add_row(plain("About"), plain(" · ").join(about))
        for name, items in rows:
            table.add_row(plain(name), plain(" · ").join(plain(item_text(item)) for item in items))
        return [Text(), table]

    def traits(self, character: CharacterState) -> Table:
        """Per category: the current and full totals, and each Trait with its dots."""
        table = Table.grid(padding=(0, 1))
        table.add_column(style="bold", no_wrap=True)
        table.add_column(justify="right", no_wrap=True)
        table.add_column()
        for category in ATTRIBUTES:
            full = character.sheet.rating(category)
            table.add_row(category.value.title(), f"{character.total(category)} of {full}", trait_line(character, category))
        return table

    def details(self, card: SheetCard) -> list[RenderableType]:
        """Negative Traits, Abilities, standalone Traits, retest sources and regains, one labelled row each."""
        character = card.character
        sheet = character.sheet
        negative = [
            f"{category.value.title()}: "
            + ", ".join(name if count == 1 else f"{name} x{count}" for name, count in sheet.negative.of(category).items())
            for category in ATTRIBUTES
            if sheet.negative.of(category)
        ]
        abilities = [f"{name} {character.abilities.get(name, 0)} of {rating}" for name, rating in sheet.abilities.items()]
        standalone = [
            f"{category.value.title()} {character.current(category)} of {sheet.rating(category)}"
            for category in STANDALONE
            if sheet.rating(category) or category is Category.WILLPOWER
        ]
        standalone += [f"{name} {sheet.standalone[name]}" for name in card.standalone if name in sheet.standalone]
        regained = ", ".join(name.title() for name in sorted(character.regained))
        table = Table.grid(padding=(0, 1))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        table.add_row("Negative", " · ".join(negative) or "none")
        table.add_row("Abilities", ItemsRow(abilities, " · ") if abilities else "none")
        table.add_row("Standalone", ItemsRow(standalone, " · "))
        if card.wounds is not None:
            table.add_row("Health", health_line(card.wounds))
        table.add_row("Retests", ", ".join(sheet.retests) or "none on the sheet")
        table.add_row("Regained", regained or "nothing yet tonight")
        from larp.grapevine.shown import narrator_lines

        for label, line in narrator_lines(sheet):
            table.add_row(label, line)
        return [table]

    def tonight(self, card: SheetCard) -> list[RenderableType]:
        parts: list[RenderableType] = []
        if not isinstance(card.character, TableState):
            parts += [Text("Five-minute rule", style="bold")]
            parts += [lock_line(lock, card.now, card.names) for lock in latest_locks(card.locks)] or [Text("no challenge barred", style="dim")]
            parts += [Text()]
        parts += [Text("Tonight", style="bold")]
        if card.entries is None:
            return [*parts, Text("reading tonight's entries…", style="dim")]
        reversals = {entry.reverses: entry.short_id for entry in card.entries if entry.reverses}
        parts += [entry_line(entry, reversals.get(entry.id)) for entry in card.entries] or [
            Text("nothing recorded yet", style="dim")
        ]
        return parts


def drawn(console: Console, renderable: RenderableType, width: int) -> Text:
    """The renderable laid out at this width, as lines of styled text that need no more layout."""
    lines = console.render_lines(renderable, console.options.update(width=width, height=None), pad=False)
    text = Text("\n").join(
        Text.assemble(*((segment.text, segment.style) for segment in line if not segment.control)) for line in lines
    )
    text.no_wrap = True
    text.overflow = "crop"
    return text


def gather(desk, character_id: str, with_entries: bool = True) -> SheetCard:
    """What the sheet panel shows of a character, from the desk (her entries, where asked)."""
    chronicle = desk.chronicle
    known = {category.value.title() for category in STANDALONE}
    return SheetCard(
        character=desk.character(character_id),
        locks=desk.locks(character_id),
        entries=desk.entries(character=character_id) if with_entries else None,
        now=desk.game_time(),
        names={cid: character.name for cid, character in desk.night().characters.items()},
        standalone=[name for name in chronicle.standalone if name not in known],
        experience=None if desk.night_open_here else standing_experience(desk, character_id),
        wounds=desk.wounds(character_id) if desk.system == "met" else None,
    )


def standing_experience(desk, character_id: str):
    """Her experience as she starts the next game: the closed night's, and every award, spend or
    purchase since (a sheet on screen after the close must not say the night's figure)."""
    state = desk.states().get(character_id)
    return state.sheet.experience if state is not None else None


def regain_choices(character: CharacterState) -> list[tuple[str, Category]]:
    """The categories a character has lost Traits in and may still regain tonight (R-NIGHT-1)."""
    return [
        (f"{category.value.title()}: gets back {', '.join(character.lost[category.value])}", category)
        for category in ATTRIBUTES
        if character.lost.get(category.value) and category.value not in character.regained
    ]
