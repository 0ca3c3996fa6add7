"""The Storyteller System (seeds 000, 001, 002): d10 pools against a difficulty (D-ST-1 to D-ST-8, D-ST-15).

Actions over several rolls or characters are in `larp.rules.dice.actions`.
"""

from dataclasses import dataclass, replace
from typing import Literal, Sequence

from larp.rules.dice.result import Die, Draw, Note, Roll, check_faces, drawn
from larp.rules.errors import RuleError

SYSTEM = "storyteller"
DEGREES = ("failure", "marginal", "moderate", "complete", "exceptional", "phenomenal")
"""D-ST-4, seed 001's table: the degree of success for 0, 1, 2, 3, 4 and 5 or more successes."""
EXCEPTIONAL = DEGREES.index("exceptional")
BOTCH_READINGS = ("no-success", "more-ones")
"""D-ST-5: seeds 001 and 002 botch on no success rolled and a 1; seed 000 on more 1s than successes."""
AUTOMATIC_READINGS = ("reaches", "exceeds")
"""D-ST-7: seeds 001 and 002 grant it when the pool reaches the difficulty; seed 000 when it exceeds it."""

TraitKind = Literal["attribute", "ability", "ten-point"]


@dataclass(frozen=True)
class StorytellerOptions:
    """How one Storyteller roll is read: its difficulty, Willpower, and the chronicle's settings."""

    difficulty: int = 6
    willpower: bool = False
    """D-ST-6: one Willpower point spent for an automatic success."""
    botch: str = "no-success"
    """D-ST-5, a chronicle setting: "no-success" (seeds 001, 002) or "more-ones" (seed 000)."""
    automatic: str = "reaches"
    """D-ST-7, a chronicle setting: "reaches" (seeds 001, 002) or "exceeds" (seed 000)."""
    ability: int = 0
    """The rating of the Ability in the pool, for D-ST-8."""
    ability_cancels_ones: bool = False
    """D-ST-8, seed 001's variant: an Ability of 5 or 6 cancels one or two 1s that would botch."""
    above_six_cancels: int = 2
    """D-ST-8 beyond the source, a house rule: the 1s an Ability of 7 or more cancels. The source
    names 5 (one) and 6 (two) only; by default a higher Ability does what 6 does (two), 1 or 0
    for a chronicle that reads the source more strictly."""

    def __post_init__(self) -> None:
        if type(self.difficulty) is not int or not 2 <= self.difficulty <= 10:
            raise RuleError("D-ST-2", f"a difficulty is from 2 to 10, not {self.difficulty}")
        if self.botch not in BOTCH_READINGS:
            raise RuleError("D-ST-5", f"a botch is read as {' or '.join(BOTCH_READINGS)}, not {self.botch!r}")
        if self.automatic not in AUTOMATIC_READINGS:
            raise RuleError("D-ST-7", f"an automatic success is when the pool {' or '.join(AUTOMATIC_READINGS)} the difficulty")
        if self.ability < 0:
            raise RuleError("D-ST-8", f"an Ability is rated 0 or more, not {self.ability}")
        if self.above_six_cancels not in (0, 1, 2):
            raise RuleError("D-ST-8", f"an Ability of 7 or more cancels 0, 1 or 2 ones, not {self.above_six_cancels}")

    @property
    def forgiven_ones(self) -> int:
        """D-ST-8: how many 1s the Ability takes off a botch: one at 5, two at 6, and at 7 or
        more what the house rule `above_six_cancels` says (two by default)."""
        if not self.ability_cancels_ones or self.ability < 5:
            return 0
        return self.ability - 4 if self.ability <= 6 else self.above_six_cancels


@dataclass(frozen=True, slots=True)
class Trait:
    """A Trait named in a pool: an Attribute, an Ability, or a Trait rated to 10 (Willpower, Humanity, a Path)."""

    name: str
    dots: int
    kind: TraitKind = "attribute"


def pool_of(traits: Sequence[Trait]) -> int:
    """The dice of a pool (D-ST-1): one Attribute, or an Attribute and an Ability (an Ability
    missing from the sheet is left out: the Attribute alone), or a 10-point Trait alone."""
    kinds = [trait.kind for trait in traits]
    names = ", ".join(trait.name for trait in traits)
    if not traits:
        raise RuleError("D-ST-1", "a pool names at least one Trait")
    if len(traits) > 2:
        raise RuleError("D-ST-1", f"no more than two Traits add to a pool ({names})")
    if "ten-point" in kinds and len(traits) > 1:
        raise RuleError("D-ST-1", f"a Trait rated to 10 stands alone in its pool ({names})")
    if len(traits) == 2 and sorted(kinds) != ["ability", "attribute"]:
        raise RuleError("D-ST-1", f"a pool adds an Attribute and an Ability, never two of one kind ({names})")
    if kinds == ["ability"]:
        raise RuleError("D-ST-1", f"{names} is rolled with an Attribute")
    for trait in traits:
        if trait.dots < 0 or trait.dots > (10 if trait.kind == "ten-point" else 5):
            raise RuleError("D-ST-1", f"{trait.name} {trait.dots}: rated 0 to {10 if trait.kind == 'ten-point' else 5}")
    return sum(trait.dots for trait in traits)


def dice_needed(pool: int, faces: Sequence[int], options: StorytellerOptions = StorytellerOptions()) -> int:
    """How many more dice the roll still needs (below 0: that many were given too many). No rerolls here."""
    return max(pool, 0) - len(faces)


def _die(face: int, difficulty: int) -> Die:
    if face == 10:
        return Die(10, "success (a 10 always succeeds)", "D-ST-2")
    if face >= difficulty:
        return Die(face, f"success ({face} reaches difficulty {difficulty})", "D-ST-2")
    return Die(face, f"no success (under difficulty {difficulty})", "D-ST-2")


_DICE = {(face, difficulty): _die(face, difficulty) for face in range(2, 11) for difficulty in range(2, 11)}
_ONE = Die(1, "a 1: cancels a success", "D-ST-3")
_ONE_LEFT_OVER = Die(1, "a 1, with no success left to cancel", "D-ST-3")


def roll(pool: int, faces: Sequence[int], options: StorytellerOptions = StorytellerOptions()) -> Roll:
    """One roll of `pool` dice showing `faces` (D-ST-2 to D-ST-6, D-ST-8)."""
    check_faces(faces, "D-ST-2")
    if len(faces) != max(pool, 0):
        raise RuleError("D-ST-1", f"a pool of {max(pool, 0)} dice rolls {max(pool, 0)} faces, not {len(faces)}")
    difficulty = options.difficulty
    rolled = sum(1 for face in faces if face >= difficulty)  # a 10 always: no difficulty passes 10
    dice, ones = [], 0
    for face in faces:
        if face == 1:
            ones += 1
            dice.append(_ONE if ones <= rolled else _ONE_LEFT_OVER)
        else:
            dice.append(_DICE[face, difficulty])
    return _decide(pool, rolled, ones, options, tuple(dice))


def _decide(pool: int, rolled: int, ones: int, options: StorytellerOptions, dice: tuple[Die, ...]) -> Roll:
    notes: list[Note] = []
    net = max(0, rolled - ones)
    if ones and rolled:
        cancelled = min(ones, rolled)
        said = "a 1 cancels a success" if cancelled == 1 else f"{cancelled} ones cancel {cancelled} successes"
        notes.append(Note("D-ST-3", said))
    botch = _botches(rolled, ones, options)
    if botch and options.forgiven_ones and not _botches(rolled, max(0, ones - options.forgiven_ones), options):
        beyond = " (above 6: the house rule above_six_cancels)" if options.ability > 6 else ""
        notes.append(Note("D-ST-8", f"Ability {options.ability} cancels {options.forgiven_ones} of the 1s that would botch{beyond}"))
        botch = False
    if options.willpower:
        notes.append(Note("D-ST-6", "Willpower: one automatic success, after the 1s cancel"))
        net += 1
        botch = False
    if botch:
        notes.append(Note("D-ST-5", f"a botch ({ones} one{'s' if ones > 1 else ''}: the more 1s, the worse)"))
        outcome = "botch"
    else:
        outcome = DEGREES[min(net, 5)]
        if ones and rolled and not net:
            notes.append(Note("D-ST-5", "every success cancelled: a failure, not a botch"))
    return Roll(SYSTEM, pool, net, outcome, dice, tuple(notes), ones)


def _botches(rolled: int, ones: int, options: StorytellerOptions) -> bool:
    if options.botch == "more-ones":
        return ones > rolled
    return rolled == 0 and ones > 0


def roll_with(draw: Draw, pool: int, options: StorytellerOptions = StorytellerOptions()) -> Roll:
    """The roll with faces from `draw` (the station's dice: `secrets` or a seeded generator)."""
    return roll(pool, drawn(draw, max(pool, 0), "D-ST-2"), options)


def automatic(pool: int, options: StorytellerOptions = StorytellerOptions(), *, combat: bool = False) -> Roll:
    """D-ST-7: the Narrator grants a success without a roll: marginal, as one success. Refused
    in combat and where the pool does not reach (or, read as seed 000, exceed) the difficulty."""
    if combat:
        raise RuleError("D-ST-7", "an attack or any stressful action is always rolled: no automatic success")
    enough = pool > options.difficulty if options.automatic == "exceeds" else pool >= options.difficulty
    if not enough:
        word = "exceed" if options.automatic == "exceeds" else "reach"
        raise RuleError("D-ST-7", f"a pool of {pool} does not {word} difficulty {options.difficulty}: roll it")
    return Roll(SYSTEM, pool, 1, "marginal", (), (Note("D-ST-7", f"automatic success: a pool of {pool} against difficulty {options.difficulty}, marginal"),))


def spend_willpower(spent_this_turn: int) -> None:
    """D-ST-6: one Willpower point a turn buys a success; a second is refused."""
    if spent_this_turn >= 1:
        raise RuleError("D-ST-6", "only one Willpower point a turn buys an automatic success")


def forgive_botch(result: Roll, first_of_session: bool) -> Roll:
    """D-ST-15, a house option (seed 002): the first botch of the session counts as a failure."""
    if not result.botch or not first_of_session:
        return result
    note = Note("D-ST-15", "the session's first botch is free: a failure")
    return replace(result, outcome="failure", notes=(*result.notes, note))
