"""The Storytelling System: d10 pools where 8, 9 and 10 succeed (D-NEW-1 to D-NEW-3)."""

from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from larp.rules.errors import RuleError

WILLPOWER_DICE = 3


@dataclass(frozen=True)
class Roll:
    successes: int
    dramatic_failure: bool = False
    dice_used: int = 0
    """How many of the dice given were read, rerolls included."""


def roll(pool: int, dice: Sequence[int], *, again: int = 10, willpower: bool = False) -> Roll:
    """A pool rolled: `dice` are read in order, first the pool, then every reroll.

    8, 9 and 10 succeed; a die at `again` or more (10-again, 9-again, 8-again) is
    rolled again (D-NEW-1); ones do nothing. Willpower adds three dice (D-NEW-3). A pool
    of 0 or less rolls one chance die: only a 10 succeeds, a 1 is a dramatic failure
    (D-NEW-2).
    """
    if again not in (8, 9, 10):
        raise RuleError("D-NEW-1", "rerolls are 10-again, 9-again or 8-again")
    if any(not 1 <= die <= 10 for die in dice):
        raise RuleError("D-NEW-1", "a d10 shows 1 to 10")
    source = iter(dice)
    pool += WILLPOWER_DICE if willpower else 0
    if pool <= 0:
        chance = _next(source)
        return Roll(1 if chance == 10 else 0, chance == 1, 1)
    successes = used = 0
    pending = pool
    while pending:
        die = _next(source)
        used += 1
        pending -= 1
        if die >= 8:
            successes += 1
        if die >= again:
            pending += 1
    return Roll(successes, False, used)


def _next(source: Iterator[int]) -> int:
    try:
        return next(source)
    except StopIteration:
        raise RuleError("D-NEW-1", "more dice were rolled than given") from None


def extended(rolls: Iterable[Roll], target: int) -> tuple[int, int | None]:
    """Successes accumulated one roll per interval (D-NEW-3): the total, and the roll
    (1-based) on which `target` was reached, or None."""
    total = 0
    for number, each in enumerate(rolls, start=1):
        total += each.successes
        if total >= target:
            return total, number
    return total, None


def contested(mine: Roll, theirs: Roll) -> str | None:
    """Most successes wins: "mine", "theirs", or None on a tie (D-NEW-3)."""
    if mine.successes == theirs.successes:
        return None
    return "mine" if mine.successes > theirs.successes else "theirs"
