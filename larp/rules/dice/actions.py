"""Actions over several rolls or several characters, in both systems.

Storyteller System (seeds 000, 002): multiple actions (D-ST-9), extended (D-ST-10), resisted
(D-ST-11), extended and resisted (D-ST-12), teamwork (D-ST-13), trying again (D-ST-14).
Storytelling System (seed 004): extended (D-SG-9), contested (D-SG-10).
"""

from dataclasses import dataclass
from typing import Iterable, Sequence

from larp.rules.dice.result import Roll
from larp.rules.errors import RuleError

MULTIPLE_READINGS = ("smallest-pool", "loss-per-action")
"""D-ST-9, a chronicle setting: seed 000 splits the smallest pool; seed 002 takes dice from each."""


@dataclass(frozen=True, slots=True)
class Extended:
    """Where an extended action stands after its rolls."""

    total: int
    rolls: int
    """The rolls read (those after the target was reached, or after a botch ended it, are not)."""
    reached: bool
    lost: bool = False
    """Storyteller System: a botch lost every success gathered (D-ST-10)."""


@dataclass(frozen=True, slots=True)
class Contest:
    """Who won a resisted or contested roll: "mine", "theirs" or None (a tie), and by how many."""

    winner: str | None
    successes: int
    """Storyteller System: the winner's successes left after the loser's cancel them (D-ST-11).
    Storytelling System: the winner's own successes (D-SG-10)."""


@dataclass(frozen=True, slots=True)
class Race:
    """An extended and resisted action (D-ST-12): each side's tally, and the winner once there is one."""

    mine: int
    theirs: int
    rolls: int
    winner: str | None


def split_pool(pools: Sequence[int], allocation: Sequence[int]) -> tuple[int, ...]:
    """D-ST-9, seed 000: several actions in a turn use the smallest of their pools, its dice
    allocated among them; each action is rolled on its own."""
    if len(pools) < 2 or len(allocation) != len(pools):
        raise RuleError("D-ST-9", "a multiple action gives each of its two or more actions its share of dice")
    smallest = min(pools)
    if any(share < 1 for share in allocation):
        raise RuleError("D-ST-9", "each action gets at least one die of the split pool")
    if sum(allocation) > smallest:
        raise RuleError("D-ST-9", f"{sum(allocation)} dice allocated, and the smallest pool is {smallest}")
    return tuple(allocation)


def multiple_actions(pools: Sequence[int]) -> tuple[int, ...]:
    """D-ST-9, seed 002: each action's pool loses as many dice as there are actions, and one
    more for each action before it. A pool brought to 0 or below may not be attempted (the
    roll refuses no dice only where the Narrator lets it stand)."""
    if len(pools) < 2:
        raise RuleError("D-ST-9", "a multiple action is two or more actions in a turn")
    return tuple(pool - len(pools) - earlier for earlier, pool in enumerate(pools))


def attemptable(pools: Sequence[int]) -> tuple[bool, ...]:
    """D-ST-9, seed 002: which of the reduced pools of `multiple_actions` may be attempted."""
    return tuple(pool > 0 for pool in pools)


def extended(rolls: Iterable[Roll], target: int, limit: int | None = None) -> Extended:
    """Successes gathered roll by roll toward `target`, within `limit` rolls if time is short.

    Storyteller System (D-ST-10): a botch loses every success gathered and ends the effort.
    Storytelling System (D-SG-9): one roll per interval; there is no botch."""
    if target < 1:
        raise RuleError("D-ST-10", "an extended action needs at least one success in all")
    total = count = 0
    for each in rolls:
        if limit is not None and count >= limit:
            break
        count += 1
        if each.botch:
            return Extended(0, count, False, True)
        total += each.successes
        if total >= target:
            return Extended(total, count, True)
    return Extended(total, count, False)


def resisted(mine: Roll, theirs: Roll) -> Contest:
    """D-ST-11: the most successes wins; the loser's successes cancel the winner's, as 1s do."""
    return _contest(mine, theirs, cancel=True)


def contested(mine: Roll, theirs: Roll) -> Contest:
    """D-SG-10: each side rolls; the most successes wins; a tie, nobody."""
    return _contest(mine, theirs, cancel=False)


def _contest(mine: Roll, theirs: Roll, cancel: bool) -> Contest:
    if mine.successes == theirs.successes:
        return Contest(None, 0)
    winner, loser, name = (mine, theirs, "mine") if mine.successes > theirs.successes else (theirs, mine, "theirs")
    return Contest(name, winner.successes - loser.successes if cancel else winner.successes)


def extended_resisted(mine: Iterable[Roll], theirs: Iterable[Roll], target: int) -> Race:
    """D-ST-12: each roll, the side with more successes banks the excess; the first to bank
    `target` wins. A botch loses the botching side's tally (seed 002's debate)."""
    if target < 1:
        raise RuleError("D-ST-12", "an extended and resisted action needs at least one success to win")
    tally = {"mine": 0, "theirs": 0}
    count = 0
    for a, b in zip(mine, theirs):
        count += 1
        for side, own in (("mine", a), ("theirs", b)):
            if own.botch:
                tally[side] = 0
        excess = a.successes - b.successes
        if excess:
            tally["mine" if excess > 0 else "theirs"] += abs(excess)
        done = [side for side in ("mine", "theirs") if tally[side] >= target]
        if done:
            return Race(tally["mine"], tally["theirs"], count, done[0])
    return Race(tally["mine"], tally["theirs"], count, None)


def teamwork(rolls: Iterable[Roll], botch_spoils: bool = False) -> int:
    """D-ST-13: each character rolls her own pool and the successes add up. A botch adds
    nothing; where the Narrator rules that one botch spoils the attempt, nothing at all."""
    rolled = list(rolls)
    if botch_spoils and any(each.botch for each in rolled):
        return 0
    return sum(each.successes for each in rolled if not each.botch)


def try_again(difficulty: int, failures: int) -> int:
    """D-ST-14: each failed attempt before makes the next one a difficulty harder (the
    Narrator's option); past 10 the task is beyond the character."""
    if failures < 0:
        raise RuleError("D-ST-14", "failures before are 0 or more")
    harder = difficulty + failures
    if harder > 10:
        raise RuleError("D-ST-14", f"difficulty {difficulty} after {failures} failures passes 10: the task is beyond her")
    return harder
