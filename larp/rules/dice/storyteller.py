"""The Storyteller System: d10 pools against a difficulty (D-OLD-1 to D-OLD-5)."""

from dataclasses import dataclass
from typing import Iterable, Sequence

from larp.rules.errors import RuleError

DEGREES = ("failure", "marginal", "moderate", "complete", "exceptional", "phenomenal")


@dataclass(frozen=True)
class Roll:
    successes: int
    """Net successes after 1s cancel (D-OLD-2) and Willpower adds (D-OLD-3)."""
    botch: bool

    @property
    def degree(self) -> str:
        if self.botch:
            return "botch"
        return DEGREES[min(self.successes, 5)]


def _check(dice: Sequence[int], difficulty: int) -> None:
    if not 2 <= difficulty <= 10:
        raise RuleError("D-OLD-1", f"a difficulty is from 2 to 10, not {difficulty}")
    if any(not 1 <= die <= 10 for die in dice):
        raise RuleError("D-OLD-1", "a d10 shows 1 to 10")


def roll(dice: Sequence[int], difficulty: int = 6, *, willpower: bool = False, ability: int = 0,
         steady_hand: bool = False) -> Roll:
    """One roll. `steady_hand` is the variant of D-OLD-4: an Ability of 5 or 6 cancels
    one or two of the 1s that would make a botch."""
    _check(dice, difficulty)
    rolled = sum(1 for die in dice if die >= difficulty or die == 10)  # D-OLD-1
    ones = sum(1 for die in dice if die == 1)
    if steady_hand and ability >= 5:
        ones = max(0, ones - (ability - 4))  # D-OLD-4
    net = max(0, rolled - ones)  # D-OLD-2
    botch = rolled == 0 and ones > 0
    if willpower:  # D-OLD-3: after cancellation; a certain success is no botch
        return Roll(net + 1, False)
    return Roll(net, botch)


def extended(rolls: Iterable[Roll], target: int) -> tuple[int, bool]:
    """Successes accumulated roll by roll toward `target`; a botch loses everything (D-OLD-5).

    Returns the total and whether the target was reached."""
    total = 0
    for each in rolls:
        if each.botch:
            return 0, False
        total += each.successes
        if total >= target:
            return total, True
    return total, False


def resisted(mine: Roll, theirs: Roll) -> int:
    """The opponent's successes cancel mine (D-OLD-5): what is left, never below 0."""
    return 0 if mine.botch else max(0, mine.successes - theirs.successes)


def extended_resisted(mine: Iterable[Roll], theirs: Iterable[Roll], target: int) -> str | None:
    """A race on the excess: each turn the side with more successes banks the difference;
    the first to bank `target` wins ("mine" or "theirs"), or None (D-OLD-5)."""
    banked = {"mine": 0, "theirs": 0}
    for a, b in zip(mine, theirs):
        if a.successes > b.successes:
            banked["mine"] += a.successes - b.successes
        elif b.successes > a.successes:
            banked["theirs"] += b.successes - a.successes
        for side, total in banked.items():
            if total >= target:
                return side
    return None


def teamwork(rolls: Iterable[Roll]) -> int:
    """Successes of several characters add up; a botch among them adds none (D-OLD-5)."""
    return sum(each.successes for each in rolls if not each.botch)


def multiple_actions(pool: int, actions: int) -> list[int]:
    """The dice for each of several actions in a turn (seed 002): each loses dice equal to
    the number of actions, and one more for each earlier action (D-OLD-5)."""
    if actions < 1:
        raise RuleError("D-OLD-5", "at least one action")
    return [max(0, pool - actions - earlier) for earlier in range(actions)]


def repeated_attempt(difficulty: int, attempts_before: int) -> int:
    """A failed task tried again: +1 difficulty for each earlier attempt, at most 10 (D-OLD-5)."""
    return min(10, difficulty + attempts_before)
