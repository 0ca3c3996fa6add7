"""The durable commit rate of `larp record` against a bare sqlite3 loop of the same durability.

    python tests/bench/bench_record.py [EVENTS_PER_ROUND] [ROUNDS]

Both write one row per transaction to a fresh database in WAL mode with
`synchronous=FULL`; the bare loop's rows are as long as the entries `larp
record` wrote. A disk's speed wanders while other programs use it, so the two
run in alternating rounds and each rate is taken over all its rounds.
Budget: `larp record` commits at least 0.8 times as fast as the bare loop.
"""

import contextlib
import io
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from larp.cli.record import record  # noqa: E402
from larp.desk import Desk  # noqa: E402
from larp.sheet.transcript import Transcript  # noqa: E402
from tests.ledger.helpers import long_night, transcript, write_chronicle  # noqa: E402

BUDGET = 0.8


def larp_record(folder: Path, night: Transcript, db: Path) -> tuple[float, int, int]:
    """Seconds `larp record` took to play and commit the night; entries written; their mean length."""
    with Desk.open(db, folder, station="hall", narrator="Ann") as desk:
        before = desk.ledger.db.execute("SELECT COUNT(*) FROM entries").fetchone()[0]
        start = time.perf_counter()
        with contextlib.redirect_stderr(io.StringIO()):
            assert record(desk, night, quiet=True) == 0
        seconds = time.perf_counter() - start
        count, length = desk.ledger.db.execute(
            "SELECT COUNT(*), AVG(LENGTH(id) + LENGTH(station) + LENGTH(kind) + LENGTH(line)) FROM entries WHERE station_seq > 1"
        ).fetchone()
    return seconds, count - before, int(length)


def bare_loop(rows: int, length: int, db: Path) -> float:
    """Seconds a plain loop takes to commit `rows` rows of `length` characters, one per transaction."""
    connection = sqlite3.connect(db, isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = FULL")
    connection.execute("CREATE TABLE rows (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)")
    payload = "x" * length
    start = time.perf_counter()
    for _ in range(rows):
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("INSERT INTO rows (payload) VALUES (?)", (payload,))
        connection.execute("COMMIT")
    seconds = time.perf_counter() - start
    connection.close()
    return seconds


def main(events: int = 300, rounds: int = 16) -> int:
    work = Path(tempfile.mkdtemp(prefix="larp-bench-record-"))
    folder = write_chronicle(work / "chronicle")
    night = Transcript.model_validate(transcript(long_night(events)))
    totals = {"larp record": [0.0, 0], "bare sqlite3": [0.0, 0]}
    length = 1000
    for number in range(rounds):
        runs = ["larp record", "bare sqlite3"] if number % 2 == 0 else ["bare sqlite3", "larp record"]
        for run in runs:
            if run == "larp record":
                seconds, rows, length = larp_record(folder, night, work / f"record-{number}.sqlite3")
            else:
                rows = events
                seconds = bare_loop(rows, length, work / f"bare-{number}.sqlite3")
            totals[run][0] += seconds
            totals[run][1] += rows
            print(f"round {number + 1}: {run:12} {rows / seconds:8.0f} commits/s")
    rates = {run: rows / seconds for run, (seconds, rows) in totals.items()}
    ratio = rates["larp record"] / rates["bare sqlite3"]
    print(f"larp record:  {rates['larp record']:.0f} durable commits/s (entries of {length} characters on average)")
    print(f"bare sqlite3: {rates['bare sqlite3']:.0f} durable commits/s (rows of the same length)")
    print(f"ratio: {ratio:.2f} (budget ≥ {BUDGET}: {'met' if ratio >= BUDGET else 'NOT met'})")
    return 0 if ratio >= BUDGET else 1


if __name__ == "__main__":
    sys.exit(main(*(int(arg) for arg in sys.argv[1:])))
