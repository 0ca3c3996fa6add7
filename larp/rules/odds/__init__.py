"""Exact odds of a Mind's Eye Theatre challenge in progress (pure: no I/O, no randomness).

    odds = challenge_odds(state, policy="best")   # from any state of larp.rules.challenge
    odds.challenger, odds.defender, odds.draw      # Fractions that sum to exactly 1

Throws are at random: each side's sign uniformly among the signs it may throw (rock,
paper, scissors, and the bomb where the chronicle and the sheet grant it, R-CH-4). The
state is read with the engine's own functions (`larp.rules.odds.means`), and the
challenge from there on is solved as a small game (`larp.rules.odds.game`, which says
how each policy spends the retests). tests/odds cross-checks it against the engine
played forward step by step, over every throw and choice, on random states.
"""

from larp.rules.odds.chances import Odds, percent
from larp.rules.odds.play import POLICIES, challenge_odds

__all__ = ["POLICIES", "Odds", "challenge_odds", "percent"]
