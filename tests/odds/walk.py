"""The oracle of the odds: the real engine played forward over every throw and choice, memoised.

Slow (every position is a full engine state, every throw every pair of signs is
possible) but it takes its rulings from `legal_actions` and `apply` alone; the
odds of larp.rules.odds must agree with it exactly.

Policies, for how the sides spend their retests (R-RT-1 to R-RT-6):
- "best": both play to win. At each choice (retest or not, with what; cancel or not)
  the side takes the step that gives her the best margin, her chance to win less her
  opponent's; where steps tie, she keeps her retests. This is the value of the
  challenge as a zero-sum game under random throws: neither side can do better
  against the other's play.
- "always": the loser of a throw retests whenever she can, spending uncancellable
  sources first (powers, Willpower, an overbid that succeeds, then an Ability), and the
  winner cancels an Ability retest whenever she can. On a draw the challenger
  retests first.
"""

from fractions import Fraction

from larp.rules.challenge.legal import legal_actions
from larp.rules.challenge.outcome import winner_of
from larp.rules.challenge.play import CONCLUDE, apply
from larp.rules.challenge.state import ChallengeState, Phase
from larp.rules.challenge.throws import settle_tie
from larp.rules.odds import Odds
from larp.rules.odds.play import ready
from larp.rules.signs import Side
from tests.odds.walk_options import THROW, Choice, next_choice, throws
from tests.odds.walk_position import position

Chances = tuple[Fraction, Fraction]
"""The challenger's chance to win, and the defender's; what is left, nobody wins."""

_ZERO, _ONE = Fraction(0), Fraction(1)
_WON = {Side.CHALLENGER: (_ONE, _ZERO), Side.DEFENDER: (_ZERO, _ONE), None: (_ZERO, _ZERO)}


def engine_odds(state: ChallengeState, policy: str = "best") -> Odds:
    """The odds from this state on, as `challenge_odds` gives them."""
    game = _Game(best=policy == "best")
    challenger, defender = game.chances(ready(state, policy))
    return Odds(challenger, defender, 1 - challenger - defender, policy, len(game.memo))


def _settled(state: ChallengeState) -> ChallengeState:
    """A tie is settled on the figures as they stand (R-TIE-4): declaring less never helps."""
    return settle_tie(state)[0] if state.tie_open else state


class _Game:
    def __init__(self, best: bool) -> None:
        self.best = best
        self.memo: dict[tuple, Chances] = {}

    def chances(self, state: ChallengeState, key: tuple | None = None) -> Chances:
        """The odds of a settled state (no tie left open)."""
        if state.phase is Phase.OVER:
            return _WON[winner_of(state)]
        if state.kind == "streak" and state.wins[0]:
            return _WON[Side.CHALLENGER]  # a throw won and its round closed: the streak is won (R-EXT-1)
        if key is None:
            key = position(state)
        known = self.memo.get(key)
        if known is None:
            known = self.memo[key] = self._weigh(state, key)
        return known

    def _weigh(self, state: ChallengeState, key: tuple) -> Chances:
        offers = legal_actions(state)
        if state.phase is Phase.OPEN:
            return self._throw(state, key, offers)
        return self._follow(state, key, offers, next_choice(state, offers))

    def _follow(self, state: ChallengeState, key: tuple, offers, what) -> Chances:
        if what is THROW:
            return self._throw(state, key, offers)
        if what is CONCLUDE:
            return _WON[winner_of(apply(state, CONCLUDE)[0])]
        return self._choose(state, key, offers, what)

    def _choose(self, state: ChallengeState, key: tuple, offers, choice: Choice) -> Chances:
        if not self.best:
            return self.chances(choice.moves[0])
        chosen = self._follow(state, key, offers, choice.otherwise)
        best = _margin(chosen, choice.side)
        for move in choice.moves:
            chances = self.chances(move)
            margin = _margin(chances, choice.side)
            if margin > best:
                chosen, best = chances, margin
        return chosen

    def _throw(self, state: ChallengeState, key: tuple, offers) -> Chances:
        """Both throw at random. A throw that leads back to this very position (a drawn throw in
        a race) is thrown again: its chance is shared out among the others."""
        challenger = defender = again = _ZERO
        for step, chance in throws(offers):
            thrown = _settled(apply(state, step)[0])
            if thrown.phase is Phase.OVER:
                first, second = self.chances(thrown)
            else:
                thrown_key = position(thrown)
                if thrown_key == key:
                    again += chance
                    continue
                first, second = self.chances(thrown, thrown_key)
            challenger += chance * first
            defender += chance * second
        if again:
            return challenger / (1 - again), defender / (1 - again)
        return challenger, defender


def _margin(chances: Chances, side: Side) -> Fraction:
    challenger, defender = chances
    return challenger - defender if side is Side.CHALLENGER else defender - challenger
