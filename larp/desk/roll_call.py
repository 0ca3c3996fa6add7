"""A roll as the Narrator calls it, and as it stands read against a sheet before any die falls."""

from dataclasses import dataclass, field

from larp.desk.errors import DeskError
from larp.sheet.pool import NamedPool

DEFAULT_DIFFICULTY = 6


@dataclass(frozen=True)
class RollCall:
    """What the Narrator calls for: whose pool, against what, with which options."""

    pool: str
    """Named from the sheet ("Dexterity + Firearms + 2", "Wits + Composure") or a number of dice."""
    character: str | None = None
    action: str = ""
    difficulty: int = DEFAULT_DIFFICULTY
    """Storyteller: 2 to 10."""
    again: int = 10
    """Storytelling: 10-again, 9-again or 8-again."""
    rote: bool = False
    willpower: bool = False
    specialty: bool = False
    modifier: int = 0
    """Dice added or taken by circumstances, beyond the pool as named."""
    wounds: bool = True
    """The roller's wound penalty counts (D-HEALTH-2)."""
    target: int | None = None
    """An extended action: the successes needed in all."""
    damage: str | None = None
    """A character whose Health track takes the successes as damage (an attack)."""
    damage_kind: str = "lethal"
    defense: int = 0
    """Dice taken away by the defender's Defense and armor (an attack)."""


@dataclass(frozen=True)
class Prepared:
    """A roll called and read against the sheet, before any die falls."""

    call: RollCall
    system: str
    pool: NamedPool
    dice: int
    """The dice to roll, every option counted (0 or less: a chance die in the Storytelling System)."""
    reasons: tuple[tuple[str, int, str], ...] = field(default=())
    """What changed the pool beyond its Traits: (what, dice, rule)."""

    @property
    def text(self) -> str:
        """`Dexterity 3 + Athletics 2 + 2, Willpower +3 (D-NEW-3) = 10 dice`."""
        return pool_text(self.pool.text, self.reasons, self.dice, self.system)


def pool_text(named: str, reasons, dice: int, system: str) -> str:
    """A pool in words: its Traits and numbers, each option with its rule, the dice it makes."""
    said = named + "".join(f", {what} {count:+d} ({rule})" for what, count, rule in reasons)
    if system == "storytelling" and dice <= 0:
        return f"{said} = {dice}: a chance die (D-NEW-2)"
    return f"{said} = {dice} {'die' if dice == 1 else 'dice'}"


SYSTEM_OPTIONS = {
    "storyteller": ("Storyteller System", ("difficulty",)),
    "storytelling": ("Storytelling System", ("again", "rote", "specialty")),
}
"""The options of a roll that belong to one dice system only, with the system's name."""


def refuse_other_systems(system: str, named: set[str]) -> None:
    """A roll's options named for the other dice system are refused, naming this system's own."""
    title, own = SYSTEM_OPTIONS[system]
    foreign = sorted(option for option in named if option not in own)
    if foreign:
        options = ", ".join(f"--{option}" for option in foreign)
        raise DeskError(
            f"{options} {'is not an option' if len(foreign) == 1 else 'are not options'} of the {title}, "
            f"this chronicle's dice: its own {'is' if len(own) == 1 else 'are'} {', '.join(f'--{option}' for option in own)}"
        )
