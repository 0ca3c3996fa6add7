"""Benchmark: a night of 10,000 contested challenges among 300 characters through `larp resolve`.

Run on demand: `python tests/bench/bench_resolve.py`. The night has ties decided on
totals, Ability retests, cancels and overbids; it is replayed by `larp resolve` as a
whole process (start-up included). Budget: at least 10,000 challenges a second.
Prints the figure, and the profile's top entries if it falls short.
"""

import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHARACTERS = 300
CHALLENGES = 10_000
BUDGET = 10_000  # challenges a second
SIGNS = ["rock", "paper", "scissors"]
WINS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
LOSES = {beaten: winner for winner, beaten in WINS.items()}


def sheet(index: int) -> dict:
    return {
        "id": f"c{index}",
        "name": f"Character {index}",
        "traits": {
            "physical": {"Brawny": 40, "Quick": 40, "Tough": 40},
            "social": {"Charismatic": 3, "Witty": 3},
            "mental": {"Clever": 3, "Alert": 3},
        },
        "abilities": {"Brawl": 60, "Dodge": 60},
        "willpower": 5,
    }


def challenge(rng: random.Random, pair: tuple[str, str]) -> dict:
    """A contested Physical challenge, legal whatever came before: each sheet has Traits and points to spare."""
    first, second = pair
    steps = []
    shape = rng.choice(["plain", "tie", "retest", "cancel", "overbid"])
    loser_sign = rng.choice(SIGNS)
    if shape == "tie":
        sign = rng.choice(SIGNS)
        steps.append({"throw": {"challenger": sign, "defender": sign}})
        steps.append({"declare": {"side": "challenger", "total": 1}})
    elif shape in ("retest", "cancel"):
        steps.append({"throw": {"challenger": loser_sign, "defender": LOSES[loser_sign]}})
        steps.append({"retest": {"side": "challenger", "source": "ability", "name": "Brawl"}})
        if shape == "cancel":
            steps.append({"cancel": {"side": "defender", "ability": "Dodge"}})
        else:
            steps.append({"throw": {"challenger": LOSES[loser_sign], "defender": loser_sign}})
    elif shape == "overbid":
        steps.append({"throw": {"challenger": LOSES[loser_sign], "defender": loser_sign}})
        steps.append({"retest": {"side": "defender", "source": "overbid", "name": "Quick", "total": 1}})
    else:
        steps.append({"throw": {"challenger": rng.choice(SIGNS), "defender": rng.choice(SIGNS)}})
    return {
        "challenge": {
            "kind": "contested",
            "category": "physical",
            "challenger": {"character": first, "trait": "Brawny"},
            "defender": {"character": second, "trait": "Tough"},
            "effect": "a blow",
            "steps": steps,
        }
    }


def night(seed: int = 7) -> dict:
    """Every character fights about 67 times; the sheets are deep enough for that."""
    rng = random.Random(seed)
    ids = [f"c{i}" for i in range(CHARACTERS)]
    events = []
    pairs = [(ids[i], ids[(i + 1 + r) % CHARACTERS]) for r in range(CHALLENGES // CHARACTERS + 1) for i in range(CHARACTERS)]
    for pair in pairs[:CHALLENGES]:
        events.append(challenge(rng, pair))
    return {"house_rules": {"five_minute_rule_minutes": 0}, "characters": [sheet(i) for i in range(CHARACTERS)], "events": events}


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="larp-bench-"))
    source = folder / "night.json"
    source.write_text(json.dumps(night()))
    runs = []
    for _ in range(3):
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "larp", "resolve", str(source)], capture_output=True)
        runs.append(time.perf_counter() - started)
        if done.returncode != 0:
            print(done.stdout.decode()[:500], done.stderr.decode()[:500])
            return 1
    best = min(runs)
    rate = CHALLENGES / best
    print(f"larp resolve: {CHALLENGES} contested challenges among {CHARACTERS} characters "
          f"({source.stat().st_size // 1024} KiB) in {best:.3f} s, best of {len(runs)}")
    print(f"rate: {rate:,.0f} challenges a second (budget {BUDGET:,}): {'within' if rate >= BUDGET else 'OVER'} budget")
    if rate < BUDGET:
        profile = folder / "resolve.prof"
        subprocess.run([sys.executable, "-m", "cProfile", "-o", str(profile), "-m", "larp", "resolve", str(source)],
                       capture_output=True)
        import pstats

        pstats.Stats(str(profile)).sort_stats("cumulative").print_stats(25)
    return 0


if __name__ == "__main__":
    sys.exit(main())
