"""One side of a challenge being set up: who, the bid Trait, the Ability named, bonus Traits."""

from textual.app import ComposeResult
from textual.containers import Grid, Vertical
from textual.reactive import reactive
from textual.widgets import Input, Label, Select, Static

from larp.rules import CharacterState
from larp.sheet import Category
from larp.station.widgets.lookup_field import LookupField
from larp.station.plain import plain


def bid_choices(character: CharacterState, category: Category) -> list[tuple[str, str]]:
    """The Traits a side may still bid, most plentiful first (R-CH-1)."""
    kept = sorted(character.available(category).items(), key=lambda item: -item[1])
    return [(f"{name} ({count} left)" if count > 1 else name, name) for name, count in kept]


def ability_choices(character: CharacterState) -> list[tuple[str, str]]:
    return [
        (f"{name} ({character.abilities.get(name, 0)} of {rating})", name)
        for name, rating in character.sheet.abilities.items()
    ]


class PartyForm(Vertical):
    """A side's fields. The screen sets `character`, `category` and `kind`; the form shows what fits."""

    character: reactive[CharacterState | None] = reactive(None)
    category: reactive[Category] = reactive(Category.PHYSICAL)
    kind: reactive[str] = reactive("contested")

    def __init__(self, title: str, *, may_be_static: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = title
        self.side = title.lower()
        """`challenger` or `defender`, as a message names the side."""
        self.may_be_static = may_be_static

    def compose(self) -> ComposeResult:
        yield LookupField("Scan a card, or type a name or id", compact=True)
        yield Static("nobody chosen yet", classes="who")
        with Grid():
            if self.may_be_static:
                yield Label("Difficulty ^d", classes="static")
                yield Input("0", type="integer", classes="static difficulty", max_length=2, compact=True)
            yield Label("Bid Trait ^b", classes="bid")
            yield Select([], prompt="no Trait", classes="bid trait", compact=True)
            yield Label("Ability ^a")
            yield Select([], prompt="no Ability", classes="ability", compact=True)
            yield Label("Bonus ^f")
            yield Input("0", type="integer", classes="bonus", max_length=3, compact=True, tooltip="negative for a penalty")

    def on_mount(self) -> None:
        self.show_character()

    def changed(self) -> None:
        if self.is_mounted:
            self.show_character()

    watch_character = watch_category = watch_kind = changed

    @property
    def is_difficulty(self) -> bool:
        """This side is a difficulty, never a character: the defender of a static or simple test."""
        return self.may_be_static and self.kind in ("static", "simple")

    @property
    def stands_static(self) -> bool:
        """This side is a difficulty: always in a static or simple test, and in an extended one with nobody chosen."""
        return self.is_difficulty or (self.may_be_static and self.kind != "contested" and self.character is None)

    def show_character(self) -> None:
        character = self.character
        who = self.query_one(".who", Static)
        who.update(plain(self.standing(character)) if character is not None else "nobody chosen yet")
        who.display = self.query_one(LookupField).display = not self.is_difficulty
        for widget in self.query(".static"):
            widget.display = self.may_be_static and self.kind != "contested"
        for widget in self.query(".bid"):
            widget.display = self.category.is_attribute and not self.is_difficulty
        trait = self.query_one(".trait", Select)
        ability = self.query_one(".ability", Select)
        if character is None:
            trait.set_options([])
            ability.set_options([])
            return
        choices = bid_choices(character, self.category) if self.category.is_attribute else []
        offer(trait, choices, default=choices[0][1] if choices else None)
        offer(ability, ability_choices(character), default=None)

    def standing(self, character) -> str:
        """`Aldous Whitcombe: Physical 7 · Bruised -1`: her total, and her wounds where they count (R-HEALTH-3, R-HEALTH-4)."""
        line = f"{character.name}: {self.category.value.title()} {character.total(self.category)}"
        if not character.wounds:
            return line
        wounds = self.app.desk.wounds(character.id)
        if wounds.out_of_play:
            return f"{line} · {wounds.state}: out of challenges"
        return f"{line} · {wounds.state} {wounds.penalty:+d}" if wounds.penalty else line

    def start_afresh(self) -> None:
        """Nobody chosen, no difficulty, no bonus: as a new challenge's side."""
        self.character = None
        self.query_one(LookupField).clear()
        for field in self.query(".difficulty, .bonus").results(Input):
            field.value = "0"

    def difficulty(self) -> int:
        return read_int(self.query_one(".difficulty", Input).value)

    def party(self) -> dict | None:
        """The side as a transcript would write it, or None when nobody is chosen."""
        if self.character is None:
            return None
        trait = self.query_one(".trait", Select).value
        ability = self.query_one(".ability", Select).value
        party = {"character": self.character.id, "bonus": read_int(self.query_one(".bonus", Input).value)}
        if self.category.is_attribute and trait is not Select.NULL:
            party["trait"] = trait
        if ability is not Select.NULL:
            party["ability"] = ability
        return party


def offer(select: Select, choices: list[tuple[str, str]], default: str | None) -> None:
    """New choices for a list, keeping what was chosen where it is still among them."""
    chosen = select.value
    select.set_options((plain(label), value) for label, value in choices)
    values = [value for _, value in choices]
    if chosen in values:
        select.value = chosen
    elif default is not None:
        select.value = default


def read_int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return 0
