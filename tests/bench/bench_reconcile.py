"""A big night after the game: 300 characters, 12,000 adjudications in 10 station bundles.

    python tests/bench/bench_reconcile.py

Times `larp merge` of the ten bundles into a fresh record, then `larp reconcile
--format json`, as a Narrator would run them. Budget: 2 seconds for both.
"""

import contextlib
import io
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
BUDGET = 2.0
TRAITS = {"physical": ["Brawny", "Quick", "Tough", "Nimble"], "social": ["Witty", "Dignified", "Alluring", "Eloquent"], "mental": ["Clever", "Alert", "Shrewd", "Patient"]}
SIGNS = ["rock", "paper", "scissors"]


def chronicle() -> Chronicle:
    sheets = {
        f"c{number:03}": Sheet(
            id=f"c{number:03}",
            name=f"Character {number}",
            traits={category: {name: 3 for name in names} for category, names in TRAITS.items()},
            abilities={"Dodge": 2, "Leadership": 2},
            willpower=4,
        )
        for number in range(CHARACTERS)
    }
    return Chronicle(id="big-night", name="A Big Night", characters=sheets)


def challenge(station: int, number: int) -> ChallengeEvent:
    """Mostly static challenges (nothing lost), one in three contested (the loser loses a Trait)."""
    challenger = f"c{(station * 30 + number) % CHARACTERS:03}"
    defender = f"c{(station * 30 + number * 7 + 1) % CHARACTERS:03}"
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


def station_bundle(night: Chronicle, station: int, folder: Path) -> Path:
    """One station's night of ADJUDICATIONS / STATIONS adjudications, exported."""
    with Desk.open(":memory:", night, station=f"station-{station}", narrator=f"Narrator {station}") as desk:
        desk.hold()
        recorded, number = 0, 0
        while recorded < ADJUDICATIONS // STATIONS:
            number += 1
            try:
                desk.record(challenge(station, number))
                recorded += 1
            except DeskError:
                continue
        path = folder / f"station-{station}.jsonl"
        desk.export(path)
    return path


def main() -> int:
    work = Path(tempfile.mkdtemp(prefix="larp-bench-reconcile-"))
    night = chronicle()
    print(f"making {STATIONS} bundles of {ADJUDICATIONS // STATIONS} adjudications over {CHARACTERS} characters…")
    bundles = [str(station_bundle(night, station, work)) for station in range(STATIONS)]
    db = str(work / "merged.sqlite3")
    out = io.StringIO()
    cpu = time.process_time()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out):
        merged = larp(["merge", *bundles, "--db", db])
        middle = time.perf_counter()
        reconciled = larp(["reconcile", "--format", "json", "--db", db])
    end = time.perf_counter()
    cpu = time.process_time() - cpu
    assert merged == 0 and reconciled == 0, out.getvalue()[-500:]
    total = end - start
    print(f"merge of {STATIONS} bundles: {middle - start:.2f} s; reconcile (JSON, {len(out.getvalue()) // 1024} KiB): {end - middle:.2f} s")
    print(f"merge and reconcile: {total:.2f} s, {cpu:.2f} s of processor time (budget ≤ {BUDGET:.0f} s: {'met' if total <= BUDGET else 'NOT met'})")
    return 0 if total <= BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
