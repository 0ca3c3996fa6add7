"""Benchmark of the season's parts: `larp xp log` of a big chronicle, and a card checked in at the door.

Run on demand from the repository: `python tests/bench/bench_season.py`. Budgets:
- `larp xp log` of 500 characters with 20 experience entries each: at most 0.5 s (the command in
  this process, the record already made; and as a fresh process, for the figure). Two records:
  the lines carried on the sheets from earlier games (as close-night leaves them), and the
  10,000 lines written as entries of one night (the worst case: the whole night is folded);
- a card scanned at the door (F10) to "PRESENT" drawn on the terminal: at most 50 ms (median), on
  the demo chronicle and on a chronicle of 500 characters.
"""

import contextlib
import io
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench_station import CARDS, KEY_BUDGET_MS, Terminal, milliseconds, station  # noqa: E402

from larp.cards import current_card, issued_payload  # noqa: E402
from larp.cli import main as larp  # noqa: E402
from larp.desk import Desk  # noqa: E402
from larp.sheet import Chronicle, Sheet, load_chronicle  # noqa: E402
from larp.sheet.experience import Experience, ExperienceEntry  # noqa: E402
from larp.sheet.experience_rules import ExperienceRules  # noqa: E402

CHARACTERS = 500
LINES = 20
LOG_BUDGET = 0.5
RUNS = 5
F10 = b"\x1b[21~"


def big_chronicle(carried: bool = False) -> Chronicle:
    """500 characters; `carried`: each with 20 lines of experience from earlier games on her sheet."""
    history = [
        ExperienceEntry(date="2025-01-01", change=1, type="spent" if line % 4 == 3 else "earned", reason=f"game {line}")
        for line in range(LINES)
    ]
    experience = Experience(earned=15, unspent=10, history=history) if carried else Experience()
    sheets = {
        f"c{n:03}": Sheet(
            id=f"c{n:03}", name=f"Character {n}", traits={"physical": {"Quick": 2}}, abilities={"Occult": 1}, experience=experience
        )
        for n in range(CHARACTERS)
    }
    rules = ExperienceRules(cap_per_month=None)
    return Chronicle(id="season-bench", name="Season Bench", experience=rules, characters=sheets)


def carried_record(folder: Path) -> Path:
    """A record whose night opened with every character's 20 lines carried on her sheet (the season's case)."""
    db = folder / "carried.sqlite3"
    Desk.open(db, big_chronicle(carried=True), station="hall", narrator="Ann").close()
    return db


def made_record(folder: Path) -> Path:
    """A record of one night holding 500 × 20 experience entries (written in memory at the hall,
    merged in at the bar, where the night is open)."""
    with Desk.open(":memory:", big_chronicle(), station="hall", narrator="Ann") as desk:
        for line in range(LINES):
            for cid in sorted(desk.chronicle.characters):
                if line % 4 == 3:
                    desk.spend(cid, 1, f"spent {line}")
                else:
                    desk.award(cid, 1, f"scene {line}")
        bundle = folder / "hall.jsonl"
        desk.export(bundle)
    db = folder / "season.sqlite3"
    with contextlib.redirect_stdout(io.StringIO()):
        assert larp(["merge", str(bundle), "--db", str(db)]) == 0
    Desk.open(db, big_chronicle(), station="bar", narrator="Bo").close()  # the night open here: the log folds it
    return db


CPU: list[float] = []
"""The processor time of each `larp xp log` timed in this process (less swayed by a busy machine)."""


def time_log(db: Path, *options: str) -> float:
    out = io.StringIO()
    started, cpu = time.perf_counter(), time.process_time()
    with contextlib.redirect_stdout(out):
        status = larp(["xp", "log", "--db", str(db), *options])
    took = time.perf_counter() - started
    CPU.append(time.process_time() - cpu)
    assert status == 0 and out.getvalue().count("earned 15, unspent 10") == CHARACTERS, out.getvalue()[:300]
    return took


PROCESS_CPU: list[float] = []
"""The processor time of each `larp xp log` run as a fresh process (start-up and imports included)."""


def process_log(db: Path, env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "larp", "xp", "log", "--db", str(db)], env=env, check=True, stdout=subprocess.DEVNULL)
    took = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    PROCESS_CPU.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return took


DOOR_SCANS = 40
"""Cards scanned at the door of the 500-character chronicle."""


def door_scans(folder: Path, env: dict[str, str], chronicle: Chronicle | None = None) -> list[float]:
    """Seconds from the Enter that ends a scan at the door to "PRESENT" drawn: the demo
    chronicle's 16 cards, or the first cards of `chronicle` (its record made in `folder`)."""
    if chronicle is None:
        chronicle, title = load_chronicle(CARDS), b"Ashes of Alder Bay"
    else:
        Desk.open(folder / "night.sqlite3", chronicle, station="Bench", narrator="Bench").close()
        title = chronicle.name.encode()
    payloads = [issued_payload(current_card(chronicle, cid)).encode() for cid in sorted(chronicle.characters)[:DOOR_SCANS]]
    terminal = Terminal(station(folder), env)
    times = []
    try:
        terminal.wait_for(title)
        terminal.press(F10, b"checked in for night")
        for payload in payloads:
            terminal.settle(payload, pause=0.1)
            times.append(terminal.press(b"\r", b"PRESENT"))
    finally:
        terminal.close()
    return times


def main() -> int:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        env = {**os.environ, "LARP_HOME": str(folder / "home"), "TERM": "xterm-256color"}
        os.environ["LARP_HOME"] = env["LARP_HOME"]
        carried = carried_record(folder)
        kept = [time_log(carried) for _ in range(RUNS)]
        fresh = statistics.median(process_log(carried, env) for _ in range(3))
        print(
            f"larp xp log, {CHARACTERS} characters × {LINES} lines carried from earlier games: median "
            f"{statistics.median(kept):.3f} s (processor {statistics.median(CPU):.3f} s), as a fresh process {fresh:.3f} s "
            f"(processor {statistics.median(PROCESS_CPU):.3f} s; budget {LOG_BUDGET} s)"
        )
        db = made_record(folder)
        CPU.clear()
        texts = [time_log(db) for _ in range(RUNS)]
        jsons = [time_log_json(db) for _ in range(RUNS)]
        PROCESS_CPU.clear()
        processes = [process_log(db, env) for _ in range(3)]
        print(
            f"larp xp log, {CHARACTERS} characters × {LINES} entries written in one night: text median {statistics.median(texts):.3f} s (processor {statistics.median(CPU):.3f} s), "
            f"json median {statistics.median(jsons):.3f} s, as a fresh process {statistics.median(processes):.3f} s "
            f"(processor {statistics.median(PROCESS_CPU):.3f} s; budget {LOG_BUDGET} s)"
        )
        scans = door_scans(folder, env)
        print(f"check-in scan to PRESENT on screen, demo chronicle ({len(scans)} scans): {milliseconds(scans)} (budget {KEY_BUDGET_MS:.0f} ms)")
        (folder / "big").mkdir()
        big = door_scans(folder / "big", env, big_chronicle())
        print(f"check-in scan to PRESENT on screen, {CHARACTERS} characters ({len(big)} scans): {milliseconds(big)} (budget {KEY_BUDGET_MS:.0f} ms)")
        print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    within = max(statistics.median(kept), statistics.median(texts), statistics.median(PROCESS_CPU)) <= LOG_BUDGET and max(statistics.median(scans), statistics.median(big)) * 1000 <= KEY_BUDGET_MS
    return 0 if within else 1


def time_log_json(db: Path) -> float:
    out = io.StringIO()
    started = time.perf_counter()
    with contextlib.redirect_stdout(out):
        status = larp(["xp", "log", "--db", str(db), "--format", "json"])
    took = time.perf_counter() - started
    logs = json.loads(out.getvalue())
    assert status == 0 and len(logs) == CHARACTERS and all(log["unspent"] == 10 and len(log["entries"]) == LINES for log in logs)
    return took


if __name__ == "__main__":
    sys.exit(main())
