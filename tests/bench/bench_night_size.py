"""Benchmark: every command's cost as the night grows, at 1,000, 10,000 and 20,000 challenges.

Run on demand from the repository: `python tests/bench/bench_night_size.py [RUNS] [SIZES…]`
(RUNS 3 by default, the CPU time their median; sizes 1000 10000 20000). The night of tests/bench/bench_resolve.py, at each
size, is written to a record by `larp record`; then each command runs on it as a whole process
and prints min and median wall seconds, its CPU seconds (judged against the budget: on a shared
machine the wall time waits for the others) and its peak memory beside its budget (issue 19):
- `larp resolve`: at least 15,000 challenges a second, peak memory at most 3x the transcript;
  and a night of Social challenges all lost, with no game clock, so every one sets a
  five-minute lock: its rate must not fall as the night grows;
- `larp record` of 50 events: at most 0.5 s, and at most 1.5x the same on an empty night;
- `log`, `log --format json`, `reconcile`, `reconcile --format json`, `export`, `merge` into an
  empty record, the same merge again (nothing new), `close-night`: each at most 1 s and
  100 MB;
- `larp roll` on a dice night of as many rolls: flat with the night's size, and at most 1.5x
  `larp --version` measured beside it (issue 31);
- first, the start-up: `larp --version` and `larp odds` of one pool at most 150 ms, beside the
  interpreter's own start; a table of every pool of both systems at most 1 s.
BENCH_ROOT (a folder holding another checkout of larp) measures that checkout instead.
"""

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from bench_resolve import night  # noqa: E402

from tests.rules.test_locks import locked_night_data  # noqa: E402

ROOT = Path(os.environ.get("BENCH_ROOT") or Path(__file__).resolve().parents[2])
LARP = [sys.executable, "-m", "larp"]
SIZES = (1_000, 10_000, 20_000)
RESOLVE_RATE = 15_000
RESOLVE_MEMORY = 3.0
RECORD_SECONDS, RECORD_RATIO = 0.5, 1.5
COMMAND_SECONDS, COMMAND_MB = 1.0, 100.0
STATION = "Bench"
START_SECONDS, TABLE_SECONDS = 0.15, 1.0
ROLL_RATIO = 1.5


MEASURED = """
import resource, subprocess, sys, time
started = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
seconds = time.perf_counter() - started
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(done.returncode, seconds, used.ru_utime + used.ru_stime, used.ru_maxrss)
"""


def measured(command: list[str]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and peak resident kilobytes of one process running `command`."""
    out = subprocess.run([sys.executable, "-c", MEASURED, *command], capture_output=True, text=True, check=True)
    code, seconds, cpu, peak = out.stdout.split()
    if code != "0":
        raise SystemExit(f"{' '.join(command)} exited {code}: {out.stderr[:500]}")
    return float(seconds), float(cpu), int(peak)


def larp(*args: str) -> list[str]:
    return [*LARP, *args]


def run(command: list[str], runs: int, before=None) -> tuple[float, float, float, float]:
    """Min and median wall seconds, the median CPU seconds, and the highest peak memory in MB, of
    `runs` runs (from ROOT); `before()` runs ahead of each (not timed). On a machine others
    share, the CPU time is the figure to judge: the wall time waits for the others too."""
    seconds, cpus, peaks = [], [], []
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        for _ in range(runs):
            if before:
                before()
            took, cpu, peak = measured(command)
            seconds.append(took)
            cpus.append(cpu)
            peaks.append(peak / 1024)
    finally:
        os.chdir(here)
    return min(seconds), statistics.median(seconds), statistics.median(cpus), max(peaks)


def said(name: str, figures: tuple[float, float, float, float], budget_s: float | None = None, budget_mb: float | None = None) -> str:
    best, median, cpu, peak = figures
    line = f"  {name:36} wall min {best:6.3f} s, median {median:6.3f} s; CPU {cpu:6.3f} s; peak {peak:5.0f} MB"
    verdicts = []
    if budget_s is not None:
        verdicts.append(f"≤ {budget_s:g} s {'met' if cpu <= budget_s else 'NOT met'} (CPU)")
    if budget_mb is not None:
        verdicts.append(f"≤ {budget_mb:g} MB {'met' if peak <= budget_mb else 'NOT met'}")
    return line + (f"  ({'; '.join(verdicts)})" if verdicts else "")


def resolve_rows(folder: Path, size: int, runs: int) -> None:
    characters = max(100, 300 * size // 10_000)
    for name, data in (("resolve", night(challenges=size, characters=characters)), ("resolve, all locked", locked_night_data(size, characters))):
        source = folder / f"{name.replace(', ', '-').replace(' ', '-')}-{size}.json"
        source.write_text(json.dumps(data))
        figures = run(larp("resolve", str(source)), runs)
        ratio = figures[3] * 1024 * 1024 / source.stat().st_size
        rate = size / figures[2]
        print(said(name, figures) + f"  {rate:,.0f} challenges/s (≥ {RESOLVE_RATE:,}: {'met' if rate >= RESOLVE_RATE else 'NOT met'}),"
              f" memory {ratio:.1f}x the transcript (≤ {RESOLVE_MEMORY:g}x: {'met' if ratio <= RESOLVE_MEMORY else 'NOT met'})")


def recorded(folder: Path, size: int) -> tuple[Path, Path]:
    """The night of `size` challenges in a record, and a transcript of 50 more."""
    characters = max(100, 300 * size // 10_000)
    transcript = folder / f"night-{size}.json"
    transcript.write_text(json.dumps(night(challenges=size, characters=characters)))
    more = folder / f"more-{size}.json"
    more.write_text(json.dumps(night(seed=8, challenges=50, characters=characters)))
    db = folder / f"night-{size}.sqlite3"
    started = time.perf_counter()
    subprocess.run(larp("record", str(transcript), "--db", str(db), "--station", STATION, "--narrator", "N", "--quiet"),
                   cwd=ROOT, check=True, capture_output=True)
    print(f"  (a record of {size:,} challenges written in {time.perf_counter() - started:.1f} s, {db.stat().st_size // 1024:,} KiB)")
    return db, more


def record_rows(folder: Path, size: int, db: Path, more: Path, runs: int) -> None:
    scratch = folder / "scratch.sqlite3"

    def empty() -> None:
        for path in folder.glob("scratch.sqlite3*"):
            path.unlink()

    def big() -> None:
        empty()
        shutil.copy(db, scratch)

    append = larp("record", str(more), "--db", str(scratch), "--station", STATION, "--narrator", "N", "--quiet")
    alone = run(append, runs, empty)
    grown = run(append, runs, big)
    print(said("record 50, empty night", alone, RECORD_SECONDS))
    ratio = grown[2] / alone[2]
    print(said("record 50, this night", grown, RECORD_SECONDS) + f"  {ratio:.2f}x of empty in CPU (≤ {RECORD_RATIO}x: "
          f"{'met' if ratio <= RECORD_RATIO else 'NOT met'})")


def reading_rows(folder: Path, size: int, db: Path, runs: int) -> None:
    bundle = folder / f"bundle-{size}.json"
    into = folder / "merged.sqlite3"
    closing = folder / "closing.sqlite3"

    def fresh(path: Path) -> None:
        for old in folder.glob(path.name + "*"):
            old.unlink()

    rows = [
        ("log", larp("log", "--db", str(db)), None),
        ("log --format json", larp("log", "--format", "json", "--db", str(db)), None),
        ("reconcile", larp("reconcile", "--db", str(db)), None),
        ("reconcile --format json", larp("reconcile", "--format", "json", "--db", str(db)), None),
        ("export", larp("export", "--out", str(bundle), "--db", str(db)), None),
        ("merge", larp("merge", str(bundle), "--db", str(into)), lambda: fresh(into)),
        ("re-merge (nothing new)", larp("merge", str(bundle), "--db", str(into)), None),
        ("close-night", larp("close-night", "--db", str(closing)), lambda: (fresh(closing), shutil.copy(db, closing))),
    ]
    for name, command, before in rows:
        print(said(name, run(command, runs, before), COMMAND_SECONDS, COMMAND_MB))


ROLLS = """
import sys
from larp.desk import Desk, RollCall
with Desk.open(sys.argv[1], sys.argv[2], "Bench", "N") as desk:
    for seed in range(int(sys.argv[3])):
        desk.roll(desk.prepare(RollCall(pool="5", character=None)), None, seed=seed)
"""


def roll_row(folder: Path, size: int, runs: int) -> float:
    db = folder / f"rolls-{size}.sqlite3"
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", ROLLS, str(db), str(ROOT / "cards" / "storytelling"), str(size)], cwd=ROOT, check=True)
    print(f"  (a dice night of {size:,} rolls written in {time.perf_counter() - started:.1f} s)")
    scratch = folder / "rolled.sqlite3"

    def copy() -> None:
        for old in folder.glob("rolled.sqlite3*"):
            old.unlink()
        shutil.copy(db, scratch)

    floor = run(larp("--version"), runs)
    figures = run(larp("roll", "5", "--seed", "1", "--db", str(scratch), "--station", STATION, "--narrator", "N"), runs, copy)
    ratio = figures[2] / floor[2]
    print(said("--version (the roll's floor)", floor))
    print(said("roll", figures) + f"  {ratio:.2f}x --version (≤ {ROLL_RATIO}x: {'met' if ratio <= ROLL_RATIO else 'NOT met'})")
    return figures[2]


def startup_rows(runs: int) -> None:
    print("start-up:")
    print(said("python3 -c pass (the floor)", run([sys.executable, "-c", "pass"], runs)))
    print(said("--version", run(larp("--version"), runs), START_SECONDS))
    print(said("odds, one pool", run(larp("odds", "--system", "storyteller", "--pool", "6", "--difficulty", "7"), runs), START_SECONDS))
    table = run(larp("odds", "--system", "storyteller", "--pools", "1-20", "--difficulties", "2-10"), runs)
    print(said("odds table, storyteller 1-20 x 2-10", table, TABLE_SECONDS))
    print(said("odds table, storytelling 0-30", run(larp("odds", "--system", "storytelling", "--pools", "0-30"), runs), TABLE_SECONDS))


def main(runs: int = 3, *sizes: int) -> int:
    folder = Path(tempfile.mkdtemp(prefix="larp-bench-size-"))
    rolls = {}
    try:
        startup_rows(runs)
        for size in sizes or SIZES:
            print(f"{size:,} challenges:")
            resolve_rows(folder, size, runs)
            db, more = recorded(folder, size)
            record_rows(folder, size, db, more, runs)
            reading_rows(folder, size, db, runs)
            rolls[size] = roll_row(folder, size, runs)
        first = min(rolls)
        print("larp roll against the smallest night: " + ", ".join(f"{size:,}: {rolls[size] / rolls[first]:.2f}x" for size in rolls))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(*(int(arg) for arg in sys.argv[1:])))
