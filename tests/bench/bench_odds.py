"""Benchmark: exact odds for every pool of 1 to 30 dice, in both systems, with every option.

Run on demand: `python tests/bench/bench_odds.py`. One run computes the odds of every pool
1-30 against every difficulty 2-10 (Storyteller, each botch reading) and with every
again-option and rote (Storytelling): 30 × 9 × 2 + 30 × 3 × 2 = 720 pools. Budget: one run in
1 s. Beside it, the peer measured in the same process: a simulation of only 100 rolls of each
Storytelling pool through the engine (`storytelling.tally`), which gives ±5 % where the odds
are exact. Prints min and median of 5 runs of the odds, 3 of the peer.
"""

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[2]))

from larp.rules.dice import StorytellerOptions, StorytellingOptions, storytelling  # noqa: E402
from larp.rules.dice.odds import storyteller_odds, storytelling_odds  # noqa: E402

POOLS = range(1, 31)
RUNS = 5
BUDGET = 1.0
SIMULATED = 100
STORYTELLING = [StorytellingOptions(again=again, rote=rote) for again in (10, 9, 8) for rote in (False, True)]


def every_pool() -> int:
    shown = 0
    for pool in POOLS:
        for difficulty in range(2, 11):
            for botch in ("no-success", "more-ones"):
                storyteller_odds(pool, StorytellerOptions(difficulty=difficulty, botch=botch))
                shown += 1
        for options in STORYTELLING:
            storytelling_odds(pool, options)
            shown += 1
    return shown


def simulated(faces: list[int]) -> int:
    rolled = 0
    for pool in POOLS:
        for options in STORYTELLING:
            for _ in zip(range(SIMULATED), storytelling.tally(pool, faces[: SIMULATED * pool * 4], options)):
                rolled += 1
    return rolled


def timed(work, *args, runs_wanted: int = RUNS) -> tuple[list[float], int]:
    runs, count = [], 0
    for _ in range(runs_wanted):
        start = time.perf_counter()
        count = work(*args)
        runs.append(time.perf_counter() - start)
    return runs, count


def main() -> int:
    exact, pools = timed(every_pool)
    faces = random.Random(9).choices(range(1, 11), k=100_000)
    peer, rolls = timed(simulated, faces, runs_wanted=3)
    print(f"exact odds of {pools} pools (1-30 dice × every difficulty and botch reading, every again-option and rote):")
    print(f"  min {min(exact):.3f} s, median {statistics.median(exact):.3f} s (budget {BUDGET:.1f} s): "
          f"{'within' if min(exact) <= BUDGET else 'OVER'} budget")
    print(f"peer, {rolls:,} simulated rolls ({SIMULATED:,} a Storytelling pool, ±5 % instead of exact):")
    print(f"  min {min(peer):.3f} s, median {statistics.median(peer):.3f} s")
    print(f"exact / simulated, min: {min(exact) / min(peer):.2f}")
    return 0 if min(exact) <= BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
