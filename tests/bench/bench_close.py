"""Closing a big night: `larp close-night` of a record of 10,000 adjudications among 500 characters.

    python tests/bench/bench_close.py [RUNS] [ADJUDICATIONS] [CHARACTERS]

Two stations' bundles of the night (as bench_reconcile.py makes them) are merged into one record;
each run closes a fresh copy of it with `larp close-night`, as a Narrator runs it (the night folded,
every character's next start figured, the `night-ended` entry written in one transaction). Prints
min and median of RUNS runs (3 by default). Budget: 1 s.
"""

import contextlib
import io
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from larp.cli import main as larp  # noqa: E402
from tests.bench.bench_reconcile import chronicle, station_bundle  # noqa: E402

BUDGET = 1.0
STATIONS = 2


def closed(db: Path) -> tuple[float, float]:
    """Seconds of `larp close-night` on the record: wall time, and this process's CPU time (the
    same on an idle machine; less, on one whose cores other work shares)."""
    out = io.StringIO()
    start, cpu = time.perf_counter(), time.process_time()
    with contextlib.redirect_stdout(out):
        status = larp(["close-night", "--db", str(db)])
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    assert status == 0 and "Night 1 is archived" in out.getvalue(), out.getvalue()[-500:]
    return seconds, cpu


def main(runs: int = 3, adjudications: int = 10_000, characters: int = 500) -> int:
    work = Path(tempfile.mkdtemp(prefix="larp-bench-close-"))
    night = chronicle(characters)
    print(f"close-night of {adjudications:,} adjudications among {characters:,} characters ({STATIONS} stations merged)…")
    bundles = [str(station_bundle(night, station, adjudications // STATIONS, work)) for station in range(STATIONS)]
    prepared = work / "prepared.sqlite3"
    with contextlib.redirect_stdout(io.StringIO()):
        assert larp(["merge", *bundles, "--db", str(prepared)]) == 0
    timed = []
    for run in range(runs):
        db = work / f"run-{run}.sqlite3"
        shutil.copy(prepared, db)
        timed.append(closed(db))
    times, cpus = zip(*timed)
    verdict = "met" if min(times) <= BUDGET else "NOT met"
    print(f"  close-night: min {min(times):.2f} s, median {statistics.median(times):.2f} s; budget ≤ {BUDGET:.0f} s: {verdict}")
    print(f"  CPU time:    min {min(cpus):.2f} s, median {statistics.median(cpus):.2f} s")
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(*(int(arg) for arg in sys.argv[1:])))
