"""Combat in the Storytelling System (seed 004): Initiative and the turn (D-SG-11, D-SG-12),
the four attack pools (D-SG-13), Defense and dodging (D-SG-14), ranged attacks and falling
prone (D-SG-15), concealment and cover (D-SG-16), range (D-SG-17), Speed (D-SG-18)."""

from dataclasses import dataclass, replace
from typing import Literal, Sequence

from larp.rules.dice.storytelling import UNSKILLED, WILLPOWER_DEFENSE, Modifier, Pool
from larp.rules.errors import RuleError

Attack = Literal["unarmed", "armed", "ranged", "thrown"]
Range = Literal["short", "medium", "long"]
ATTACKS: dict[str, tuple[str, str, bool]] = {
    "unarmed": ("Strength", "Brawl", True),
    "armed": ("Strength", "Weaponry", True),
    "ranged": ("Dexterity", "Firearms", False),
    "thrown": ("Dexterity", "Athletics", True),
}
"""D-SG-13: each attack's Attribute and Skill, and whether the target's Defense counts."""
RANGES = {"short": 0, "medium": -2, "long": -4}


@dataclass(frozen=True, slots=True)
class InitiativeRoll:
    """D-SG-11: one die plus the Initiative modifier, rolled once when combat starts."""

    name: str
    face: int
    modifier: int

    def __post_init__(self) -> None:
        if type(self.face) is not int or not 1 <= self.face <= 10:
            raise RuleError("D-SG-11", f"{self.name}'s Initiative die shows {self.face!r}: a d10 shows 1 to 10")

    @property
    def total(self) -> int:
        return self.face + self.modifier


def initiative_order(rolls: Sequence[InitiativeRoll]) -> tuple[str, ...]:
    """D-SG-11: highest Initiative first. Ties (the seed is silent; a house reading): the higher
    Initiative modifier first, then as the Narrator lists them."""
    names = [each.name for each in rolls]
    if len(set(names)) != len(names):
        raise RuleError("D-SG-11", "each character rolls Initiative once")
    ranked = sorted(enumerate(rolls), key=lambda pair: (-pair[1].total, -pair[1].modifier, pair[0]))
    return tuple(each.name for _, each in ranked)


@dataclass(frozen=True)
class Turn:
    """One combat turn in Initiative order (D-SG-12): who has acted, who holds her action for
    later in the queue, who gave it up until the next turn, who is dodging."""

    order: tuple[str, ...]
    number: int = 1
    acted: frozenset[str] = frozenset()
    holding: tuple[str, ...] = ()
    waiting: frozenset[str] = frozenset()
    dodging: frozenset[str] = frozenset()

    @property
    def up(self) -> str | None:
        """Whose action comes next in the queue (a character holding hers may act before)."""
        done = self.acted | self.waiting | set(self.holding)
        return next((name for name in self.order if name not in done), None)

    @property
    def over(self) -> bool:
        return self.up is None and not self.holding


def start_turn(order: Sequence[str]) -> Turn:
    return Turn(tuple(order))


def _may_act(turn: Turn, name: str) -> None:
    if name not in turn.order:
        raise RuleError("D-SG-12", f"{name} is not in this combat")
    if name in turn.acted or name in turn.waiting:
        raise RuleError("D-SG-12", f"{name} has already acted this turn")
    if name not in turn.holding and name != turn.up:
        raise RuleError("D-SG-12", f"it is {turn.up}'s action, not {name}'s")


def act(turn: Turn, name: str) -> Turn:
    """`name` takes her one action: the one up, or one holding hers until now."""
    _may_act(turn, name)
    return replace(turn, acted=turn.acted | {name}, holding=tuple(n for n in turn.holding if n != name))


def hold(turn: Turn, name: str) -> Turn:
    """`name` yields her action until later in the queue: she may act whenever she chooses this turn."""
    _may_act(turn, name)
    if name in turn.holding:
        raise RuleError("D-SG-12", f"{name} is already holding an action")
    return replace(turn, holding=(*turn.holding, name))


def wait(turn: Turn, name: str) -> Turn:
    """`name` yields her action until the next turn."""
    _may_act(turn, name)
    return replace(turn, waiting=turn.waiting | {name}, holding=tuple(n for n in turn.holding if n != name))


def dodge(turn: Turn, name: str) -> Turn:
    """D-SG-14: one who has not acted this turn gives up her action to dodge: her Defense is
    doubled for the rest of the turn."""
    if name not in turn.order:
        raise RuleError("D-SG-14", f"{name} is not in this combat")
    if name in turn.acted or name in turn.waiting:
        raise RuleError("D-SG-14", f"{name} has acted this turn: only one who has not may dodge")
    return replace(turn, acted=turn.acted | {name}, dodging=turn.dodging | {name},
                   holding=tuple(n for n in turn.holding if n != name))


def next_turn(turn: Turn) -> Turn:
    """A new turn in the same order: Initiative is not rolled again."""
    return Turn(turn.order, turn.number + 1)


def defense(rating: int, *, dodging: bool = False, attacks_before: int = 0, willpower: bool = False) -> int:
    """D-SG-14: the Defense an attack meets. Doubled by dodging; one less for each attack at her
    this turn before this one (never below 0); two more for a Willpower point (D-SG-6)."""
    if rating < 0 or attacks_before < 0:
        raise RuleError("D-SG-14", "Defense and the attacks before are 0 or more")
    meets = max(0, rating * (2 if dodging else 1) - attacks_before)
    return meets + (WILLPOWER_DEFENSE if willpower else 0)


def attack_pool(kind: Attack, attribute: int, skill: int, *, defense: int = 0, armor: int = 0, weapon: int = 0,
                close: bool = False, prone: bool = False, range: Range = "short", concealment: int = 0,
                penalties: int = 0) -> Pool:
    """D-SG-13: an attack's pool. `defense` is what the target's Defense comes to (see
    `defense`); it counts against close combat and thrown weapons, and against a gun only at
    close range (D-SG-15). Armor always counts. Prone: −2 to a ranged attack, +2 from close
    (D-SG-15). Concealment −1 to −3 against ranged and thrown attacks (D-SG-16). Range −2
    medium, −4 long (D-SG-17)."""
    if kind not in ATTACKS:
        raise RuleError("D-SG-13", f"an attack is unarmed, armed, ranged or thrown, not {kind!r}")
    if range not in RANGES:
        raise RuleError("D-SG-17", f"a range is short, medium or long, not {range!r}")
    if not 0 <= concealment <= 3:
        raise RuleError("D-SG-16", f"concealment costs 0 to 3 dice, not {concealment}")
    attribute_name, skill_name, defended = ATTACKS[kind]
    if attribute < 0 or skill < 0:
        raise RuleError("D-SG-13", f"{attribute_name} and {skill_name} are rated 0 or more")
    at_range = kind in ("ranged", "thrown") and not close
    found: list[Modifier] = []
    if skill == 0:
        found.append(Modifier("unskilled (Physical Skill)", UNSKILLED["physical"], "D-SG-7"))
    if weapon:
        found.append(Modifier("weapon", weapon, "D-SG-13"))
    if defense and (defended or close):
        found.append(Modifier("target's Defense", -defense, "D-SG-14"))
    if armor:
        found.append(Modifier("target's armor", -armor, "D-SG-13"))
    if prone:
        found.append(Modifier("target prone, from close", 2, "D-SG-15") if not at_range
                     else Modifier("target prone", -2, "D-SG-15"))
    if at_range and concealment:
        found.append(Modifier("target partly concealed", -concealment, "D-SG-16"))
    if at_range and RANGES[range]:
        found.append(Modifier(f"{range} range", RANGES[range], "D-SG-17"))
    if penalties:
        found.append(Modifier("circumstances", penalties, "D-SG-1"))
    return Pool(attribute + skill, tuple(found))


def through_cover(successes: int, durability: int) -> int:
    """D-SG-16: a shot at one wholly behind cover loses successes to the cover's durability
    (1 wood or thick glass … 3 steel); at 0 it does not get through."""
    if not 1 <= durability <= 3:
        raise RuleError("D-SG-16", f"cover's durability is 1 to 3, not {durability}")
    return max(0, successes - durability)


def movement(speed: int, running: bool = False) -> int:
    """D-SG-18: yards a turn: Speed and still act, or twice Speed giving up the action."""
    if speed < 0:
        raise RuleError("D-SG-18", "Speed is 0 or more")
    return speed * 2 if running else speed
