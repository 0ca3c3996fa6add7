"""The durable commit rate of `larp record` against a bare sqlite3 loop of the same durability.

    python tests/bench/bench_record.py [ROUNDS]

Both write one row per transaction to a fresh database in WAL mode with
`synchronous=FULL`; the bare loop's rows are as long as the entries `larp
record` wrote. A disk's speed wanders while other programs use it, so the two
run in alternating rounds and each rate is taken over all its rounds.
A third loop writes ready-made rows into the night record's own table (its two unique
indexes beside the rowid), with no Python work between: the most `larp record` can reach.
Budget: `larp record` commits at least 0.8 times as fast as the bare loop; the ratio of
each round is printed, then their min and median. A rate is a long run's: it is judged on
runs of 3,000 events. Runs of 300 events are measured too, and printed beside: in them
what a run costs once (the writer forked, the last entries drained, the clock resumed) weighs.
"""

import contextlib
import io
import sqlite3
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from larp.cli.record import record  # noqa: E402
from larp.desk import Desk  # noqa: E402
from larp.ledger.store import INSERT_ENTRY, Ledger  # noqa: E402
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


def ledger_rows(rows: int, length: int, db: Path) -> float:
    """Seconds to commit `rows` ready-made entry rows into a fresh night record, one per transaction."""
    ledger = Ledger.open(db)
    ledger.db.execute("INSERT INTO nights (id, chronicle, number) VALUES (1, 'bench', 1)")
    made = [(1, uuid.uuid4().hex, "hall", seq, "adjudication", None, "x" * length) for seq in range(1, rows + 1)]
    start = time.perf_counter()
    for row in made:
        ledger.db.execute(INSERT_ENTRY, row)
    seconds = time.perf_counter() - start
    ledger.close()
    return seconds


RUNS = ("larp record", "bare sqlite3", "ledger rows")


def main(rounds: int = 8) -> int:
    work = Path(tempfile.mkdtemp(prefix="larp-bench-record-"))
    folder = write_chronicle(work / "chronicle")
    met = True
    for events, judged in ((300, False), (3000, True)):
        print(f"runs of {events:,} events:")
        ratio = runs(work / f"{events}", folder, events, rounds)
        if judged:
            met = ratio >= BUDGET
            print(f"  budget ≥ {BUDGET}: {'met' if met else 'NOT met'}")
    return 0 if met else 1


def runs(work: Path, folder: Path, events: int, rounds: int) -> float:
    """The three loops in alternating rounds of `events` rows; the median ratio of `larp record` to bare sqlite3."""
    work.mkdir()
    night = Transcript.model_validate(transcript(long_night(events)))
    rates: dict[str, list[float]] = {run: [] for run in RUNS}
    length = 1000
    for number in range(rounds):
        for run in RUNS[number % 3:] + RUNS[: number % 3]:
            rows = events
            if run == "larp record":
                seconds, rows, length = larp_record(folder, night, work / f"record-{number}.sqlite3")
            elif run == "bare sqlite3":
                seconds = bare_loop(rows, length, work / f"bare-{number}.sqlite3")
            else:
                seconds = ledger_rows(rows, length, work / f"rows-{number}.sqlite3")
            rates[run].append(rows / seconds)
        print(f"  round {number + 1}: " + ", ".join(f"{run} {rates[run][-1]:.0f}" for run in RUNS) + " commits/s")
    for run in RUNS:
        print(f"  {run:12}: min {min(rates[run]):.0f}, median {statistics.median(rates[run]):.0f} durable commits/s")
    ratios = [mine / bare for mine, bare in zip(rates["larp record"], rates["bare sqlite3"])]
    floors = [rows / bare for rows, bare in zip(rates["ledger rows"], rates["bare sqlite3"])]
    print(f"  entries of {length} characters on average; the bare loop's rows of the same length")
    print(f"  ratio to bare sqlite3 per round: min {min(ratios):.2f}, median {statistics.median(ratios):.2f}")
    print(f"  the record's own rows alone against bare sqlite3: min {min(floors):.2f}, median {statistics.median(floors):.2f}")
    return statistics.median(ratios)

if __name__ == "__main__":
    sys.exit(main(*(int(arg) for arg in sys.argv[1:])))
