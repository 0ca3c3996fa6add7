"""The challenge as a small game of chance and choice, solved exactly and memoised.

A position is where the challenge stands (a throw to come; a throw with a result; an
Ability retest that may be cancelled), the rounds won so far (streak, race) and the
means each side still holds (`larp.rules.odds.means`). Its odds follow from the odds
of what may come next:
- a throw: won by either side, or a tie, each with its chance under random signs;
  a tie goes by the figures fixed for the challenge (R-TIE-3, R-TIE-4) or, in a simple
  test, to the player unless she must win outright (R-SIMPLE-1);
- a result: the side that lost it (both, on a draw: the challenger first) may retest
  with what she holds, or decline, and the challenge ends, or the next round is thrown;
- an Ability retest: the opponent may cancel it (the result stands, and the loser may
  retest again from another source), or not, and both throw again.

Policies: "best", both play to win: at each choice the side takes what gives her the
best margin (her chance to win less her opponent's; on equal margins she keeps her
means); the value of a zero-sum game under random throws. "always": the loser retests
whenever she can (uncancellable retests first, then the Ability) and the winner cancels
whenever she can. In a race nobody retests a drawn throw: it scores for nobody and the
round is thrown again anyway (R-EXT-2).
"""

from dataclasses import dataclass
from fractions import Fraction

from larp.rules.challenge.state import Result
from larp.rules.odds.means import Means

Chances = tuple[int, int, int]
"""(c, d, k): the challenger's chance to win is c / S^k, the defender's d / S^k, the rest nobody's,
where S is the count of ways a throw can go (`Game.scale`). Whole numbers keep the arithmetic
exact and quick: every throw divides by the same S."""

WON = {Result.CHALLENGER: (1, 0, 0), Result.DEFENDER: (0, 1, 0), Result.DRAW: (0, 0, 0)}


@dataclass(frozen=True)
class Table:
    """What stays the same for the whole challenge."""

    throw: tuple[int, int, int]
    """How many of the pairs of signs win the throw for the challenger, for the defender, or tie."""
    tie: Result
    kind: str
    """"single" (contested, static, simple), "streak" or "race"."""
    target: int
    one_use: bool
    best: bool


class Game:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.memo: dict[tuple, Chances] = {}
        won, lost, tied = table.throw
        self.rethrown = table.kind == "race" and table.tie is Result.DRAW
        self.scale = won + lost + (0 if self.rethrown else tied)
        """A drawn throw in a race is thrown again: the others share its chance."""
        self.powers = [1]

    def power(self, k: int) -> int:
        while len(self.powers) <= k:
            self.powers.append(self.powers[-1] * self.scale)
        return self.powers[k]

    def chances(self, chances: Chances) -> tuple[Fraction, Fraction]:
        challenger, defender, k = chances
        return Fraction(challenger, self.power(k)), Fraction(defender, self.power(k))

    # Positions.

    def throw(self, wins: tuple[int, int], mine: Means, theirs: Means) -> Chances:
        """Both sides throw. In a race, a drawn throw is thrown again: its chance goes to the others."""
        key = ("throw", wins, mine, theirs)
        known = self.memo.get(key)
        if known is not None:
            return known
        won, lost, tied = self.table.throw
        parts = [(won, Result.CHALLENGER), (lost, Result.DEFENDER)]
        if not self.rethrown:
            parts.append((tied, self.table.tie))
        followed = [(ways, self.decided(result, wins, mine, theirs)) for ways, result in parts if ways]
        depth = max(k for _, (_, _, k) in followed)
        challenger = defender = 0
        for ways, (first, second, k) in followed:
            lift = ways * self.power(depth - k)
            challenger += lift * first
            defender += lift * second
        self.memo[key] = known = (challenger, defender, depth + 1)
        return known

    def decided(self, result: Result, wins: tuple[int, int], mine: Means, theirs: Means) -> Chances:
        key = ("decided", result, wins, mine, theirs)
        known = self.memo.get(key)
        if known is None:
            known = self.memo[key] = self._decide(result, wins, mine, theirs)
        return known

    def called(self, by_challenger: bool, result: Result, wins: tuple[int, int], mine: Means, theirs: Means) -> Chances:
        """An Ability retest was called (its point already spent): the opponent may cancel it."""
        canceller = theirs if by_challenger else mine
        if not canceller.can_cancel:
            return self.throw(wins, mine, theirs)
        spent = canceller.spend_ability(for_cancel=True, one_use=self.table.one_use)
        cancelled = (
            self.decided(result, wins, mine, spent) if by_challenger else self.decided(result, wins, spent, theirs)
        )
        if not self.table.best:
            return cancelled
        return self._best(not by_challenger, self.throw(wins, mine, theirs), [cancelled])

    # Choices.

    def _decide(self, result: Result, wins: tuple[int, int], mine: Means, theirs: Means) -> Chances:
        if self.table.kind == "race" and result is Result.DRAW:
            return self._close(result, wins, mine, theirs)
        options = []
        if result is not Result.CHALLENGER:
            options.append((True, self._retests(True, result, wins, mine, theirs)))
        if result is not Result.DEFENDER:
            options.append((False, self._retests(False, result, wins, mine, theirs)))
        return self._choose(options, lambda: self._close(result, wins, mine, theirs))

    def _retests(self, challenger: bool, result: Result, wins, mine: Means, theirs: Means) -> list:
        """What the side may retest with, as ways to go on (computed only when weighed)."""
        side = mine if challenger else theirs
        ways = []
        if side.uncancellable:
            fewer = side.spend_uncancellable()
            ways.append(lambda: self.throw(wins, fewer, theirs) if challenger else self.throw(wins, mine, fewer))
        if side.can_retest:
            paid = side.spend_ability(for_cancel=False, one_use=self.table.one_use)
            if challenger:
                ways.append(lambda: self.called(True, result, wins, paid, theirs))
            else:
                ways.append(lambda: self.called(False, result, wins, mine, paid))
        return ways

    def _choose(self, options: list, decline) -> Chances:
        """The challenger chooses first (retest, or leave it to the defender), then the defender."""
        if not options:
            return decline()
        (challenger, ways), rest = options[0], options[1:]
        otherwise = lambda: self._choose(rest, decline)  # noqa: E731
        if not ways:
            return otherwise()
        if not self.table.best:
            return ways[0]()
        return self._best(challenger, otherwise(), [way() for way in ways])

    def _best(self, challenger: bool, kept: Chances, others: list[Chances]) -> Chances:
        """What gives the side the better margin (her chance less her opponent's); on equal
        margins, what keeps her means."""
        sign = 1 if challenger else -1
        best = kept
        for chances in others:
            depth = max(chances[2], best[2])
            mine = (chances[0] - chances[1]) * self.power(depth - chances[2])
            theirs = (best[0] - best[1]) * self.power(depth - best[2])
            if sign * mine > sign * theirs:
                best = chances
        return best

    def _close(self, result: Result, wins: tuple[int, int], mine: Means, theirs: Means) -> Chances:
        """Nobody retests: the challenge ends, or (race) the round closes and the next is thrown."""
        kind = self.table.kind
        if kind == "single":
            return WON[result]
        if kind == "streak":  # the first round won wins the streak (R-EXT-1)
            return WON[Result.CHALLENGER if result is Result.CHALLENGER else Result.DEFENDER]
        first, second = wins
        wins = (first + (result is Result.CHALLENGER), second + (result is Result.DEFENDER))
        if wins[0] >= self.table.target:
            return WON[Result.CHALLENGER]
        if wins[1] >= self.table.target:
            return WON[Result.DEFENDER]
        return self.throw(wins, mine, theirs)
