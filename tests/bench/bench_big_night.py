"""Benchmark: every command on a big chronicle's night, as whole processes, each beside its floor.

Run on demand from the repository: `python tests/bench/bench_big_night.py [RUNS] [SIZES…]` (RUNS
3, sizes 20000 and 100000 by default). The night is big_night.py's (500 characters with deep
sheets, made from the transcript's contract alone, seed 31). Each row is a whole process: its
CPU seconds (user + system) as the median of RUNS, and its peak memory; budgets are ratios
(issue 31) to floors measured in the same run, so they hold on any machine:
- `resolve`, `log`, `log --format json`, `reconcile`, `reconcile --format json`, `export`,
  `close-night`, `odds --transcript … --event LAST`: each ≤ 3x `json.load` of the night's
  transcript in a process of its own; `merge` into a fresh record ≤ 4x; peak memory ≤ 3x the
  transcript's size;
- `record` of 50 more onto the night: ≤ 3x bare `sqlite3` writing the same rows in a process
  of its own (WAL, synchronous FULL, one transaction each), and ≤ 1.5x the same 50 on an empty
  night;
- at the last size, each ratio within 1.2x of its value at the first.
The record's size per challenge is printed beside the transcript's.
"""

import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from big_night import big_night  # noqa: E402
from bench_night_size import ROOT, larp, measured  # noqa: E402

SIZES = (20_000, 100_000)
READ_RATIO, MERGE_RATIO, MEMORY_RATIO = 3.0, 4.0, 3.0
RECORD_RATIO, RECORD_GROWTH = 3.0, 1.5
GROWTH = 1.2
STATION = "Bench"

FLOOR_JSON = "import json, sys\nwith open(sys.argv[1], 'rb') as f: json.load(f)"
FLOOR_SQLITE = """
import sqlite3, sys
rows = [tuple(row) for row in sqlite3.connect(sys.argv[1]).execute("SELECT * FROM entries ORDER BY rowid DESC LIMIT 50")]
db = sqlite3.connect(sys.argv[2], isolation_level=None)
db.execute("PRAGMA journal_mode=WAL"); db.execute("PRAGMA synchronous=FULL")
db.execute(sys.argv[3])
marks = ",".join("?" * len(rows[0]))
for row in reversed(rows):
    db.execute("BEGIN IMMEDIATE"); db.execute(f"INSERT INTO entries VALUES ({marks})", row); db.execute("COMMIT")
"""


def cpu(command: list[str], runs: int, before=None) -> tuple[float, float]:
    """Median CPU seconds and highest peak MB of `runs` runs of `command`, run from the checkout
    measured (ROOT: `python -m larp` takes the larp found there)."""
    cpus, peaks = [], []
    here = os.getcwd()
    for _ in range(runs):
        if before:
            before()
        os.chdir(ROOT)
        try:
            _, seconds, peak = measured(command)
        finally:
            os.chdir(here)
        cpus.append(seconds)
        peaks.append(peak / 1024)
    return statistics.median(cpus), max(peaks)


def row(name: str, figures: tuple[float, float], floor: float, budget: float, size_mb: float | None = None) -> float:
    seconds, peak = figures
    ratio = seconds / floor
    line = f"  {name:30} CPU {seconds:6.3f} s = {ratio:5.2f}x (≤ {budget:g}x: {'met' if ratio <= budget else 'NOT met'}); peak {peak:5.0f} MB"
    if size_mb:
        memory = peak / size_mb
        line += f" = {memory:4.1f}x the transcript (≤ {MEMORY_RATIO:g}x: {'met' if memory <= MEMORY_RATIO else 'NOT met'})"
    print(line, flush=True)
    return ratio


def last_challenge(night: dict) -> int:
    return max(number for number, event in enumerate(night["events"]) if "challenge" in event)


def fresh(*paths: Path) -> None:
    for path in paths:
        for old in path.parent.glob(path.name + "*"):
            old.unlink()


def measure(folder: Path, size: int, runs: int) -> dict[str, float]:
    night, after = big_night(size, more=50)
    transcript = folder / f"night-{size}.json"
    transcript.write_text(json.dumps(night))
    more = folder / f"more-{size}.json"
    more.write_text(json.dumps({"characters": night["characters"], "events": after}))
    size_mb = transcript.stat().st_size / 2**20
    db = folder / f"night-{size}.sqlite3"
    started = time.perf_counter()
    subprocess.run(larp("record", str(transcript), "--db", str(db), "--station", STATION, "--narrator", "N", "--quiet"),
                   cwd=ROOT, check=True, capture_output=True)
    challenges = sum("challenge" in event for event in night["events"])
    print(f"{size:,} challenges ({len(night['events']):,} events), transcript {size_mb:.1f} MB;"
          f" recorded in {time.perf_counter() - started:.1f} s, the record {db.stat().st_size / 2**20:.1f} MB"
          f" = {db.stat().st_size / challenges / 1024:.2f} KiB a challenge ({db.stat().st_size / transcript.stat().st_size:.1f}x the transcript)")
    floor, floor_peak = cpu([sys.executable, "-c", FLOOR_JSON, str(transcript)], runs)
    print(f"  floor: json.load of the transcript    CPU {floor:6.3f} s; peak {floor_peak:5.0f} MB", flush=True)
    ratios = {}
    bundle, into, closing, scratch = (folder / name for name in ("bundle.json", "merged.sqlite3", "closing.sqlite3", "scratch.sqlite3"))
    ratios["resolve"] = row("resolve", cpu(larp("resolve", str(transcript)), runs), floor, READ_RATIO, size_mb)
    reads = [
        ("log", larp("log", "--db", str(db)), None, READ_RATIO),
        ("log --format json", larp("log", "--format", "json", "--db", str(db)), None, READ_RATIO),
        ("reconcile", larp("reconcile", "--db", str(db)), None, READ_RATIO),
        ("reconcile --format json", larp("reconcile", "--format", "json", "--db", str(db)), None, READ_RATIO),
        ("export", larp("export", "--out", str(bundle), "--db", str(db)), None, READ_RATIO),
        ("merge into a fresh record", larp("merge", str(bundle), "--db", str(into)), lambda: fresh(into), MERGE_RATIO),
        ("merge again (nothing new)", larp("merge", str(bundle), "--db", str(into)), None, READ_RATIO),
        ("close-night", larp("close-night", "--db", str(closing)), lambda: (fresh(closing), shutil.copy(db, closing)), READ_RATIO),
        ("odds --event LAST", larp("odds", "--transcript", str(transcript), "--event", str(last_challenge(night))), None, READ_RATIO),
    ]
    for name, command, before, budget in reads:
        ratios[name] = row(name, cpu(command, runs, before), floor, budget, size_mb)
    ratios.update(record_rows(folder, db, more, scratch, runs))
    return ratios


def record_rows(folder: Path, db: Path, more: Path, scratch: Path, runs: int) -> dict[str, float]:
    append = larp("record", str(more), "--db", str(scratch), "--station", STATION, "--narrator", "N", "--quiet")
    alone = cpu(append, runs, lambda: fresh(scratch))
    grown = cpu(append, runs, lambda: (fresh(scratch), shutil.copy(db, scratch)))
    schema = sqlite3.connect(scratch).execute("SELECT sql FROM sqlite_master WHERE name = 'entries'").fetchone()[0]
    bare_db = folder / "bare.sqlite3"
    bare, _ = cpu([sys.executable, "-c", FLOOR_SQLITE, str(scratch), str(bare_db), schema], runs, lambda: fresh(bare_db))
    print(f"  floor: bare sqlite3, the same 50 rows  CPU {bare:6.3f} s")
    print(f"  record 50 on an empty night    CPU {alone[0]:6.3f} s = {alone[0] / bare:5.2f}x bare sqlite3")
    ratio = row("record 50 on this night", grown, bare, RECORD_RATIO)
    growth = grown[0] / alone[0]
    print(f"  {'':30} {growth:.2f}x the empty night (≤ {RECORD_GROWTH}x: {'met' if growth <= RECORD_GROWTH else 'NOT met'})")
    return {"record 50": ratio}


def main(runs: int = 3, *sizes: int) -> int:
    # Every module's bytecode compiled first, as an installed larp has it (a process that may not
    # write bytecode, PYTHONDONTWRITEBYTECODE, would compile larp again at each start).
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "larp")], check=True)
    folder = Path(tempfile.mkdtemp(prefix="larp-bench-big-"))
    try:
        measured_sizes = {size: measure(folder, size, runs) for size in sizes or SIZES}
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if len(measured_sizes) > 1:
        first, last = min(measured_sizes), max(measured_sizes)
        print(f"each ratio at {last:,} against {first:,} (≤ {GROWTH}x):")
        for name, ratio in measured_sizes[last].items():
            growth = ratio / measured_sizes[first][name]
            print(f"  {name:30} {growth:5.2f}x {'met' if growth <= GROWTH else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*(int(arg) for arg in sys.argv[1:])))
