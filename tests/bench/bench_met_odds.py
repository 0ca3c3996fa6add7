"""Benchmark: exact odds of a Mind's Eye Theatre challenge with three retest sources a side.

Run on demand: `python tests/bench/bench_met_odds.py`. Each side holds an Ability with
points for a retest and a cancel ("one-each", the larger game), a power, and a third
source: an overbid that doubles the opponent for the challenger, Willpower for the
defender of a control challenge; both may throw the bomb. Budget: 20 ms for the odds
from the first throw of a contested challenge, under each policy. An extended race to 2
is measured beside it (no budget: each round won carries the means left into the next).
The peer, measured in the same run, is the engine played forward step by step
(tests/odds/walk.py), which the odds must equal.
"""

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from larp.rules import Night, start_challenge  # noqa: E402
from larp.rules.odds import POLICIES, challenge_odds  # noqa: E402
from larp.sheet import HouseRules, Sheet  # noqa: E402
from larp.sheet.transcript import ChallengeSpec  # noqa: E402
from tests.odds.walk import engine_odds  # noqa: E402

BUDGET_MS = 20
RUNS = 5
PEER_RUNS = 3

ANN = {
    "id": "ann",
    "name": "Ann",
    "traits": {"physical": {"Quick": 1}, "social": {"Charismatic": 4, "Witty": 4}, "mental": {"Alert": 1}},
    "abilities": {"Expression": 2, "Leadership": 1},
    "retests": ["Luck"],
    "bomb": True,
}
BEN = {
    "id": "ben",
    "name": "Ben",
    "traits": {"physical": {"Quick": 1}, "social": {"Calm": 3}, "mental": {"Alert": 1}},
    "abilities": {"Empathy": 2},
    "willpower": 4,
    "retests": ["Iron Will"],
    "bomb": True,
}


def challenge(kind: str, equal_tie: str):
    rules = HouseRules(ability_uses_per_challenge="one-each", bomb=True, equal_tie=equal_tie)
    night = Night.begin([Sheet.model_validate(ANN), Sheet.model_validate(BEN)], rules)
    spec = ChallengeSpec.model_validate(
        {
            "kind": kind,
            "category": "social",
            "challenger": {"character": "ann", "trait": "Charismatic"},
            "defender": {"character": "ben", "trait": "Calm"},
            "control": True,
            "target": 2 if kind == "race" else None,
        }
    )
    return start_challenge(night, spec)[0]


def timed(compute, state, policy, runs: int = RUNS) -> tuple[list[float], object]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        odds = compute(state, policy)
        times.append((time.perf_counter() - started) * 1000)
    return times, odds


def main() -> int:
    worst = 0.0
    for kind, equal_tie in (("contested", "defender"), ("contested", "both-lose"), ("race", "both-lose")):
        state = challenge(kind, equal_tie)
        for policy in POLICIES:
            times, odds = timed(challenge_odds, state, policy)
            peer, walked = timed(engine_odds, state, policy, PEER_RUNS)
            assert (odds.challenger, odds.defender, odds.draw) == (walked.challenger, walked.defender, walked.draw)
            if kind == "contested":
                worst = max(worst, statistics.median(times))
            print(
                f"{kind:9} {equal_tie:9} {policy:6}  odds {float(odds.challenger):.4f}/{float(odds.defender):.4f}"
                f"/{float(odds.draw):.4f}  {odds.positions:4} positions  "
                f"min {min(times):6.2f} ms  median {statistics.median(times):6.2f} ms   "
                f"engine played forward: min {min(peer):7.1f} ms  median {statistics.median(peer):7.1f} ms "
                f"({walked.positions} positions)"
            )
    verdict = "within" if worst <= BUDGET_MS else "OVER"
    print(f"contested, worst median {worst:.2f} ms: {verdict} the budget of {BUDGET_MS} ms ({RUNS} runs each, the peer {PEER_RUNS})")
    return 0 if worst <= BUDGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
