"""Benchmark of a challenge's first keys on a big night: 10,000 challenges among 300 characters.

Run on demand from the repository: `python tests/bench/bench_challenge_keys.py [RUNS]`. The real
`larp station` runs on the big night's record in a pseudo-terminal (tests/bench/bench_station.py);
each figure is printed with min and median of RUNS rounds (5 by default). Budgets (issue 28):
- a card scanned to her sheet on screen: 100 ms;
- Ctrl+N on her sheet to the challenge's setup on screen: 200 ms.
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench_station import Terminal, station  # noqa: E402
from bench_station_big import SCANNED, figure, on_big_night, payloads  # noqa: E402

CTRL_N = b"\x0e"
ESCAPE = b"\x1b"
SCAN_MS = 100.0
SETUP_MS = 200.0


def challenge_keys(folder: Path, env: dict[str, str], runs: int) -> None:
    cards = payloads()
    terminal = Terminal(station(folder), env)
    scans, setups = [], []
    try:
        terminal.wait_for(b"Ashes of Alder Bay")
        time.sleep(1)
        for run in range(runs):
            cid = SCANNED[run % len(SCANNED)]
            terminal.settle(cards[cid], pause=0.1)
            scans.append(terminal.press(b"\r", f"({cid})".encode()))
            setups.append(terminal.press(CTRL_N, b"Start challenge (Ctrl+S)"))
            terminal.settle(ESCAPE)
    finally:
        terminal.close()
    print(f"a card scanned to her sheet on screen: {figure(scans, SCAN_MS)}")
    print(f"Ctrl+N to the challenge's setup on screen: {figure(setups, SETUP_MS)}")


def main(runs: int = 5) -> int:
    return on_big_night(runs, challenge_keys)


if __name__ == "__main__":
    sys.exit(main(*(int(arg) for arg in sys.argv[1:])))
