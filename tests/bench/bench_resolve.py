"""Benchmark: a night of 10,000 contested challenges among 300 characters through `larp resolve`.

Run on demand: `python tests/bench/bench_resolve.py [RUNS]`. The night has ties decided on
totals, Ability retests, cancels and overbids; it is replayed by `larp resolve` as a
whole process (start-up included), beside its floor measured in the same run: the
interpreter's start and `json.load` of the same file. Then the same at 100,000 challenges,
for linearity and peak memory. Budgets (issue 11): at least 15,000 challenges a second,
peak memory below 10 times the transcript's size. Prints min and median of each, and the
profile's top entries if a budget is not met.
"""

import json
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

CHARACTERS = 300
CHALLENGES = 10_000
BUDGET = 15_000  # challenges a second (issue 11)
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


def night(seed: int = 7, challenges: int = CHALLENGES, characters: int = CHARACTERS) -> dict:
    """Every character fights about 67 times; the sheets are deep enough for that."""
    rng = random.Random(seed)
    ids = [f"c{i}" for i in range(characters)]
    events = []
    rounds = range(challenges // characters + 1)
    pairs = [(ids[i], ids[(i + 1 + r) % characters]) for r in rounds for i in range(characters)]
    for pair in pairs[:challenges]:
        events.append(challenge(rng, pair))
    cast = [sheet(i) for i in range(characters)]
    return {"house_rules": {"five_minute_rule_minutes": 0}, "characters": cast, "events": events}


MEASURED = """
import resource, subprocess, sys, time
started = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
seconds = time.perf_counter() - started
print(done.returncode, seconds, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def measured(command: list[str]) -> tuple[float, int]:
    """Seconds and peak resident kilobytes of one process running `command`."""
    out = subprocess.run([sys.executable, "-c", MEASURED, *command], capture_output=True, text=True, check=True)
    code, seconds, peak = out.stdout.split()
    if code != "0":
        raise SystemExit(f"{' '.join(command)} exited {code}: {out.stderr[:500]}")
    return float(seconds), int(peak)


def figures(command: list[str], runs: int) -> tuple[float, float, int]:
    """Min and median seconds of `runs` runs, and the highest peak memory in kilobytes."""
    seconds, peaks = zip(*(measured(command) for _ in range(runs)))
    return min(seconds), statistics.median(seconds), max(peaks)


def night_file(folder: Path, challenges: int) -> Path:
    """The night of `challenges` challenges, among as many characters as keeps each one's
    share of fights what it is on the 10,000-challenge night."""
    source = folder / f"night-{challenges}.json"
    source.write_text(json.dumps(night(challenges=challenges, characters=CHARACTERS * challenges // CHALLENGES)))
    return source


def main(runs: int = 3) -> int:
    folder = Path(tempfile.mkdtemp(prefix="larp-bench-"))
    met = True
    for challenges in (CHALLENGES, 10 * CHALLENGES):
        source = night_file(folder, challenges)
        size = source.stat().st_size
        floor = [sys.executable, "-c", f"import json; json.load(open({str(source)!r}))"]
        larp = [sys.executable, "-m", "larp", "resolve", str(source)]
        floor_min, floor_median, floor_peak = figures(floor, runs)
        best, median, peak = figures(larp, runs)
        rate, median_rate = challenges / best, challenges / median
        print(f"{challenges:,} challenges among {CHARACTERS * challenges // CHALLENGES:,} characters ({size // 1024:,} KiB), {runs} runs:")
        print(f"  larp resolve:               min {best:.3f} s, median {median:.3f} s")
        print(f"  floor (start + json.load):  min {floor_min:.3f} s, median {floor_median:.3f} s")
        print(f"  ratio to the floor:         {best / floor_min:.1f} (min), {median / floor_median:.1f} (median)")
        print(f"  rate: {rate:,.0f} challenges/s (median {median_rate:,.0f}); budget {BUDGET:,}: "
              f"{'met' if rate >= BUDGET else 'NOT met'}")
        print(f"  peak memory {peak / 1024:.0f} MiB = {peak * 1024 / size:.1f}x the transcript (budget < 10x); "
              f"the floor's {floor_peak / 1024:.0f} MiB = {floor_peak * 1024 / size:.1f}x")
        met = met and rate >= BUDGET and peak * 1024 < 10 * size
    if not met:
        profile = folder / "resolve.prof"
        source = folder / f"night-{CHALLENGES}.json"
        subprocess.run([sys.executable, "-m", "cProfile", "-o", str(profile), "-m", "larp", "resolve", str(source)],
                       capture_output=True)
        import pstats

        pstats.Stats(str(profile)).sort_stats("tottime").print_stats(20)
    return 0


if __name__ == "__main__":
    sys.exit(main(*(int(arg) for arg in sys.argv[1:])))
