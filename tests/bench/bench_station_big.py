"""Benchmark of the Narrator station on a big night: 10,000 challenges among 300 characters.

Run on demand from the repository: `python tests/bench/bench_station_big.py [RUNS]`. The night
of tests/bench/bench_resolve.py is written to a record by `larp record`, then the real
`larp station` runs on it in a pseudo-terminal (tests/bench/bench_station.py). Budgets
(issue 11), each printed with min and median of RUNS runs (5 by default):
- cold start to the first screen: at most 2 times a minimal Textual app started the same
  way in the same run (alternated); and the time until the record is open on screen;
- while the record is read (in a worker), the station says so and answers: a name typed is
  drawn within 50 ms, and looked up once the night is read;
- the night log (F3) and the reconciliation (F4) show their first rows within 200 ms, the first
  open in a station just started too, printed beside a minimal Textual app's key-to-screen round
  trip measured in the same run (`python tests/bench/bench_station_big.py RUNS first`: those alone);
- filtering the log (a card scanned on it: that character's entries) within 100 ms;
- a scan to the sheet within 50 ms.
"""

import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench_resolve import night  # noqa: E402
from bench_station import CARDS, MINIMAL_APP, Terminal, station, time_to_screen  # noqa: E402

from larp.cards import current_card, issued_payload  # noqa: E402
from larp.sheet import Sheet, load_chronicle  # noqa: E402

F2, F3, F4 = b"\x1bOQ", b"\x1bOR", b"\x1bOS"
ESCAPE = b"\x1b"
END = b"\x1b[1;5F"  # Ctrl+End: the cursor to the last row
RATIO_BUDGET = 2.0
FIRST_ROWS_MS = 200.0
FILTER_MS = 100.0
SCAN_MS = 50.0
TYPED_MS = 50.0
SCANNED = ["c17", "c42", "c99", "c150", "c230", "c7", "c64", "c181", "c260", "c5"]


def big_record(folder: Path, env: dict[str, str]) -> Path:
    """The 10,000-challenge night, recorded at station Bench (the station's own name below)."""
    transcript = folder / "night.json"
    transcript.write_text(json.dumps(night()))
    db = folder / "night.sqlite3"
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "larp", "record", str(transcript), "--db", str(db), "--station", "Bench", "--quiet"],
        env=env, check=True, capture_output=True,
    )
    count = sqlite3.connect(db).execute("SELECT COUNT(*) FROM entries").fetchone()[0]
    print(f"a record of {count:,} entries ({db.stat().st_size // 1024:,} KiB), written in {time.perf_counter() - started:.1f} s")
    return db


def payloads() -> dict[str, bytes]:
    """The cards of the scanned characters, as the demo chronicle's (the night's chronicle)."""
    chronicle = load_chronicle(CARDS)
    sheets = {cid: Sheet(id=cid, traits={}) for cid in SCANNED}
    chronicle = chronicle.model_copy(update={"characters": {**chronicle.characters, **sheets}})
    return {cid: issued_payload(current_card(chronicle, cid)).encode() for cid in SCANNED}


def figure(times: list[float], budget_ms: float | None = None) -> str:
    said = f"min {min(times) * 1000:.0f} ms, median {statistics.median(times) * 1000:.0f} ms"
    if budget_ms is not None:
        said += f" (budget {budget_ms:.0f} ms: {'met' if statistics.median(times) * 1000 <= budget_ms else 'NOT met'})"
    return said


def cold_starts(folder: Path, env: dict[str, str], runs: int) -> None:
    minimal = [sys.executable, "-c", MINIMAL_APP]
    stations, minimals, opened = [], [], []
    for _ in range(runs):
        minimals.append(time_to_screen(minimal, b"first screen", env))
        stations.append(time_to_screen(station(folder), b"Game time", env))
        opened.append(time_to_screen(station(folder), b"Ashes of Alder Bay", env))
    ratios = [mine / theirs for mine, theirs in zip(stations, minimals)]
    print(f"cold start to the first screen: larp station {figure(stations)}; minimal Textual app {figure(minimals)}")
    print(f"  ratio min {min(ratios):.2f}, median {statistics.median(ratios):.2f} (budget {RATIO_BUDGET:.0f}: "
          f"{'met' if statistics.median(ratios) <= RATIO_BUDGET else 'NOT met'})")
    print(f"  the record of the big night open on screen after {figure(opened)}")


def while_reading(folder: Path, env: dict[str, str], runs: int) -> None:
    """A name typed while the record is read: drawn at once, its sheet shown once the night is read."""
    saying, typed, sheets = [], [], []
    for _ in range(runs):
        terminal = Terminal(station(folder), env)
        try:
            saying.append(terminal.wait_for(b"Reading the night record"))
            typed.append(terminal.press(b"Character 17", b"Character 17"))
            terminal.press(b"\r", b"comes up as soon")
            sheets.append(terminal.wait_for(b"(c17)"))
        finally:
            terminal.close()
    print(f"while the record is read: the station says so after {figure(saying)}; a name typed drawn in {figure(typed, TYPED_MS)}")
    print(f"  and its sheet on screen once the night is read, after {figure(sheets)} from the start")


def on_screen(folder: Path, env: dict[str, str], runs: int, cards: dict[str, bytes]) -> None:
    """The log and the reconciliation's first rows, a filter, scans: each `runs` times."""
    terminal = Terminal(station(folder), env)
    logs, reconciliations, reconciled, filters, scans = [], [], [], [], []
    try:
        terminal.wait_for(b"Ashes of Alder Bay")
        time.sleep(1)
        for run in range(runs):
            logs.append(terminal.press(F3, b"Character 99 v Character 133"))  # the latest entries, at the foot of the log
            cid = SCANNED[run % len(SCANNED)]
            terminal.settle(cards[cid], pause=0.1)
            filters.append(terminal.press(b"\r", f"Character {cid[1:]} now".encode()))
            terminal.settle(ESCAPE)  # every entry again,
            terminal.settle(END)  # the cursor on the latest, as the next F3 finds it
            # the first time made from the station's own fold; then the latest at once, made again in the worker
            (reconciliations if reconciled else reconciled).append(terminal.press(F4, b"No anomalies"))
            terminal.settle(F2)
        for cid in SCANNED:
            terminal.settle(cards[cid], pause=0.1)
            scans.append(terminal.press(b"\r", f"({cid})".encode()))
    finally:
        terminal.close()
    print(f"night log (F3) to its latest rows on screen: {figure(logs, FIRST_ROWS_MS)}")
    print(f"a card scanned on the log to that character's entries: {figure(filters, FILTER_MS)}")
    print(f"reconciliation (F4) to its first rows on screen: {figure(reconciliations, FIRST_ROWS_MS)}")
    print(f"  the first time, the night's account made in a worker until its rows are shown: {figure(reconciled, FIRST_ROWS_MS)}")
    print(f"scan to sheet on screen ({len(scans)} scans): {figure(scans, SCAN_MS)}")


MINIMAL_KEY_APP = """
from textual.app import App
from textual.widgets import Static
class Minimal(App):
    BINDINGS = [("f3", "other", "Other")]
    def compose(self):
        yield Static("first screen", id="shown")
    def action_other(self):
        self.query_one("#shown", Static).update("second screen")
Minimal().run()
"""
"""A minimal Textual app whose F3 changes what it shows: the floor of a key's round trip to the screen."""


OPEN_FOR = 3.0
"""Seconds the station has been open on the record when F3 is first pressed (as a Narrator's
first look at the log comes: the station readies the log and the reconciliation meanwhile)."""


def first_opens(folder: Path, env: dict[str, str], runs: int) -> None:
    """F3's and F4's first open in a station just started on the big night (each run a fresh
    station), beside a minimal Textual app's F3 round trip to the screen in the same run."""
    logs, reconciliations, minimals = [], [], []
    for _ in range(runs):
        minimal = Terminal([sys.executable, "-c", MINIMAL_KEY_APP], env)
        try:
            minimal.wait_for(b"first screen")
            time.sleep(0.3)
            minimals.append(minimal.press(F3, b"second screen"))
        finally:
            minimal.close()
        terminal = Terminal(station(folder), env)
        try:
            terminal.wait_for(b"Ashes of Alder Bay")
            time.sleep(OPEN_FOR)
            logs.append(terminal.press(F3, b"Character 99 v Character 133"))
            terminal.settle(F2)
            reconciliations.append(terminal.press(F4, b"No anomalies"))
        finally:
            terminal.close()
    print(f"a minimal Textual app, a key to the screen: {figure(minimals)}")
    print(f"night log (F3), first open in a new station: {figure(logs, FIRST_ROWS_MS)}")
    print(f"reconciliation (F4), first open in a new station: {figure(reconciliations, FIRST_ROWS_MS)}")
    floor = statistics.median(minimals)
    print(f"  over the minimal app's round trip: F3 {(statistics.median(logs) - floor) * 1000:.0f} ms, "
          f"F4 {(statistics.median(reconciliations) - floor) * 1000:.0f} ms")


def on_big_night(runs: int, *measures) -> int:
    """Each measure, `measure(folder, env, runs)`, on the big night's record in a fresh data folder."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        env = {**os.environ, "LARP_HOME": str(folder / "home"), "TERM": "xterm-256color"}
        os.environ["LARP_HOME"] = env["LARP_HOME"]
        big_record(folder, env)
        for measure in measures:
            measure(folder, env, runs)
    return 0


def main(runs: int = 5, only: str = "") -> int:
    """Every measure; `only="first"`: the first opens of F3 and F4 alone."""
    if only == "first":
        return on_big_night(runs, first_opens)
    return on_big_night(
        runs, cold_starts, while_reading, first_opens, lambda folder, env, runs: on_screen(folder, env, runs, payloads())
    )


if __name__ == "__main__":
    args = sys.argv[1:]
    sys.exit(main(int(args[0]) if args else 5, *args[1:]))
