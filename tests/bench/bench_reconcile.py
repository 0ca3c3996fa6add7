"""A big night after the game: 10 station bundles merged into one record, then reconciled.

    python tests/bench/bench_reconcile.py [RUNS] [SCALES…]

At scale 1, 12,000 adjudications among 300 characters; at scale k, k times both (issue 11:
10 bundles of 12,000 adjudications each among 3,000 characters at scale 10). Times `larp
merge` of the ten bundles into a fresh record, then `larp reconcile --format json`, as a
Narrator would run them; min and median of RUNS runs (3 by default) at scales 1, 5 and 10,
with the time per adjudication to show how near to linear it grows. Budgets: 2 s at
scale 1, 10 s at scale 10.
"""

import contextlib
import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from larp.cli import main as larp  # noqa: E402
from larp.desk import Desk, DeskError  # noqa: E402
from larp.sheet import ATTRIBUTES, Chronicle, Sheet  # noqa: E402
from larp.sheet.transcript import ChallengeEvent  # noqa: E402

CHARACTERS = 300
STATIONS = 10
ADJUDICATIONS = 12_000
BUDGETS = {1: 2.0, 10: 10.0}
TRAITS = {"physical": ["Brawny", "Quick", "Tough", "Nimble"], "social": ["Witty", "Dignified", "Alluring", "Eloquent"], "mental": ["Clever", "Alert", "Shrewd", "Patient"]}
SIGNS = ["rock", "paper", "scissors"]


def chronicle(characters: int) -> Chronicle:
    sheets = {
        f"c{number:03}": Sheet(
            id=f"c{number:03}",
            name=f"Character {number}",
            traits={category: {name: 3 for name in names} for category, names in TRAITS.items()},
            abilities={"Dodge": 2, "Leadership": 2},
            willpower=4,
        )
        for number in range(characters)
    }
    return Chronicle(id="big-night", name="A Big Night", characters=sheets)


def challenge(station: int, number: int, characters: int) -> ChallengeEvent:
    """Mostly static challenges (nothing lost), one in three contested (the loser loses a Trait)."""
    challenger = f"c{(station * characters // STATIONS + number) % characters:03}"
    defender = f"c{(station * characters // STATIONS + number * 7 + 1) % characters:03}"
    category = ATTRIBUTES[number % 3].value
    trait = TRAITS[category][number // 3 % 4]
    throw = {"throw": {"challenger": SIGNS[number % 3], "defender": SIGNS[number // 3 % 3]}}
    if number % 3:
        opponent = {"static": 4}
        kind = "static"
    else:
        opponent = {"character": defender, "trait": TRAITS[category][number // 5 % 4]}
        kind = "contested"
    return ChallengeEvent.model_validate(
        {"challenge": {"kind": kind, "category": category, "challenger": {"character": challenger, "trait": trait},
                       "defender": opponent, "effect": f"scene {number}", "steps": [throw]}}
    )


def station_bundle(night: Chronicle, station: int, adjudications: int, folder: Path) -> Path:
    """One station's night of `adjudications` adjudications, exported."""
    characters = len(night.characters)
    with Desk.open(":memory:", night, station=f"station-{station}", narrator=f"Narrator {station}") as desk:
        desk.hold()
        recorded, number = 0, 0
        while recorded < adjudications:
            number += 1
            try:
                desk.record(challenge(station, number, characters))
                recorded += 1
            except DeskError:
                continue
        path = folder / f"station-{station}.jsonl"
        desk.export(path)
    return path


def merged_and_reconciled(bundles: list[str], db: Path) -> tuple[float, float]:
    """Seconds of `larp merge` of the bundles into a fresh record, then of `larp reconcile`."""
    out = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out):
        merged = larp(["merge", *bundles, "--db", str(db)])
        middle = time.perf_counter()
        reconciled = larp(["reconcile", "--format", "json", "--db", str(db)])
    end = time.perf_counter()
    assert merged == 0 and reconciled == 0, out.getvalue()[-500:]
    return middle - start, end - middle


def scale(factor: int, runs: int, work: Path) -> float:
    """Merge and reconcile at `factor` times the first night; the median total, per adjudication."""
    characters, adjudications = CHARACTERS * factor, ADJUDICATIONS * factor
    folder = work / f"x{factor}"
    folder.mkdir()
    night = chronicle(characters)
    print(f"scale {factor}: {STATIONS} bundles of {adjudications // STATIONS:,} adjudications among {characters:,} characters…")
    bundles = [str(station_bundle(night, station, adjudications // STATIONS, folder)) for station in range(STATIONS)]
    timed = [merged_and_reconciled(bundles, folder / f"merged-{run}.sqlite3") for run in range(runs)]
    merges, reconciles = zip(*timed)
    totals = [sum(pair) for pair in timed]
    median = statistics.median(totals)
    print(f"  merge:     min {min(merges):.2f} s, median {statistics.median(merges):.2f} s")
    print(f"  reconcile: min {min(reconciles):.2f} s, median {statistics.median(reconciles):.2f} s")
    verdict = ""
    if factor in BUDGETS:
        verdict = f"; budget ≤ {BUDGETS[factor]:.0f} s: {'met' if min(totals) <= BUDGETS[factor] else 'NOT met'}"
    print(f"  both:      min {min(totals):.2f} s, median {median:.2f} s, {median / adjudications * 1e6:.0f} µs per adjudication{verdict}")
    return median / adjudications


def main(runs: int = 3, *factors: int) -> int:
    work = Path(tempfile.mkdtemp(prefix="larp-bench-reconcile-"))
    per = {factor: scale(factor, runs, work) for factor in factors or (1, 5, 10)}
    first = min(per)
    print("time per adjudication against scale " + str(first) + ": " + ", ".join(f"{factor}x: {value / per[first]:.2f}" for factor, value in per.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main(*(int(arg) for arg in sys.argv[1:])))
