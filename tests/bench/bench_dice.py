"""Benchmark of the Dice screen: a roll to the screen (issue 9's budget: 50 ms).

Run on demand from the repository: `python tests/bench/bench_dice.py`. The real station runs in
a pseudo-terminal on the Storytelling demo chronicle; Tobias Reed's Wits + Composure is rolled
again and again, and each figure is the time from the key that rolls to the screen drawn with
the roll recorded (the result decided, written to the night record, shown die by die):
- typed dice: the Enter after the faces the players rolled;
- the station's dice: Ctrl+R.
Each kind is timed over ROUNDS runs of ROLLS rolls; printed: min and median of every roll, and
the median of each run. Figures only: nothing here fails for being slow.
"""

import os
import select
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_station import KEY_BUDGET_MS, Terminal  # noqa: E402

CHRONICLE = Path(__file__).resolve().parents[2] / "cards" / "storytelling"
ROUNDS = 3
ROLLS = 6
CTRL_R = b"\x12"
FACES = b"2 3 4 5 6 7"
"""Six faces for a pool of six dice, none rolled again."""
RECORDED = b"Recorded as"
"""The prompt once a roll is recorded and on screen."""


def station(folder: Path) -> list[str]:
    return [sys.executable, "-m", "larp.cli.station", "--db", str(folder / "night.sqlite3"),
            "--chronicle", str(CHRONICLE), "--station", "Bench", "--narrator", "Bench"]


def drain(terminal: Terminal, quiet: float = 0.3) -> None:
    """Read what the station still draws until it has been quiet a while: the next marker is new."""
    while select.select([terminal.leader], [], [], quiet)[0]:
        os.read(terminal.leader, 65536)
    terminal.drawn = b""


def one_round(folder: Path, env: dict[str, str]) -> tuple[list[float], list[float]]:
    """Seconds from the key that rolls to the roll on screen: typed dice, then the station's."""
    terminal = Terminal(station(folder), env)
    typed: list[float] = []
    rolled: list[float] = []
    try:
        terminal.wait_for(b"Rust Belt Hunt")
        terminal.press(b"tobias\r", b"(tobias)")
        terminal.press(CTRL_R, b"Odds before the roll")
        terminal.press(b"Wits + Composure", b"6 dice")
        terminal.settle(b"\r")
        for _ in range(ROLLS):
            terminal.settle(FACES, pause=0)
            drain(terminal)
            typed.append(terminal.press(b"\r", RECORDED))
        for _ in range(ROLLS):
            terminal.settle(b"1", pause=0)  # a face typed: the prompt asks for more, so the next "Recorded as" is new
            drain(terminal)
            rolled.append(terminal.press(CTRL_R, RECORDED))
    finally:
        terminal.close()
    return typed, rolled


def figures(name: str, rounds: list[list[float]]) -> str:
    every = [seconds * 1000 for run in rounds for seconds in run]
    medians = ", ".join(f"{statistics.median(run) * 1000:.1f}" for run in rounds)
    return (f"{name} ({len(rounds)} runs of {len(rounds[0])} rolls): min {min(every):.1f} ms, "
            f"median {statistics.median(every):.1f} ms; median of each run {medians} ms (budget {KEY_BUDGET_MS:.0f} ms)")


def main() -> int:
    typed_rounds, station_rounds = [], []
    for _ in range(ROUNDS):
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)
            env = {**os.environ, "LARP_HOME": str(folder / "home"), "TERM": "xterm-256color"}
            typed, rolled = one_round(folder, env)
            typed_rounds.append(typed)
            station_rounds.append(rolled)
    print(figures("a roll to the screen, typed dice", typed_rounds))
    print(figures("a roll to the screen, the station's dice", station_rounds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
