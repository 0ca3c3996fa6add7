"""Benchmark of the Narrator station: cold start, scan to sheet, a key during a challenge.

Run on demand from the repository: `python tests/bench/bench_station.py`. Budgets:
- cold start of `larp station` to its first screen, as a ratio to a minimal Textual app
  started the same way in the same run: at most 2 (median of several starts each, alternated);
- a scanned card to its sheet on screen: at most 50 ms (median and worst printed);
- a key during a challenge to the screen updated: at most 50 ms.
"""

import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from larp.cards import current_card, issued_payload  # noqa: E402
from larp.sheet import load_chronicle  # noqa: E402

CARDS = Path(__file__).resolve().parents[2] / "cards"
STARTS = 5
SCANS = 40
THROWS = 40
RATIO_BUDGET = 2.0
KEY_BUDGET_MS = 50.0
SIZE = (120, 40)
SHIFT_TAB = b"\x1b[Z"
DOWN = b"\x1b[B"
CTRL_N = b"\x0e"
CTRL_S = b"\x13"

MINIMAL_APP = """
from textual.app import App
from textual.widgets import Static
class Minimal(App):
    def compose(self):
        yield Static("first screen")
Minimal().run()
"""


class Terminal:
    """A program in a pseudo-terminal of SIZE: keys in, and how long until a text is drawn."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        self.leader, follower = pty.openpty()
        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            command, stdin=follower, stdout=follower, stderr=follower, env=env, start_new_session=True
        )
        os.close(follower)
        self.drawn = b""

    def wait_for(self, marker: bytes, since: float | None = None) -> float:
        """Seconds from `since` (default: the start) until `marker` is drawn."""
        while marker not in self.drawn:
            ready, _, _ = select.select([self.leader], [], [], 30)
            if not ready:
                raise TimeoutError(f"nothing like {marker!r} was drawn in 30 s")
            self.drawn = self.drawn[-8192:] + os.read(self.leader, 65536)
        self.drawn = b""
        return time.perf_counter() - (self.started if since is None else since)

    def press(self, keys: bytes, marker: bytes) -> float:
        """Seconds from sending `keys` until `marker` is drawn."""
        self.drawn = b""
        sent = time.perf_counter()
        os.write(self.leader, keys)
        return self.wait_for(marker, since=sent)

    def settle(self, keys: bytes, pause: float = 0.3) -> None:
        os.write(self.leader, keys)
        time.sleep(pause)

    def close(self) -> None:
        """Stop the program at once (its night record is a throwaway) and let go of the terminal."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        os.close(self.leader)


def station(folder: Path) -> list[str]:
    night = folder / "night.sqlite3"
    return [sys.executable, "-m", "larp.cli.station", "--db", str(night), "--station", "Bench", "--narrator", "Bench"]


def time_to_screen(command: list[str], marker: bytes, env: dict[str, str]) -> float:
    terminal = Terminal(command, env)
    try:
        return terminal.wait_for(marker)
    finally:
        terminal.close()


def cold_start(folder: Path, env: dict[str, str]) -> tuple[float, float, float]:
    """Median seconds to the first screen: the station, the minimal app; and the station's night record open."""
    minimal = [sys.executable, "-c", MINIMAL_APP]
    time_to_screen(station(folder), b"Ashes of Alder Bay", env)  # the first run loads the demo chronicle
    stations, minimals, opened = [], [], []
    for _ in range(STARTS):
        minimals.append(time_to_screen(minimal, b"first screen", env))
        stations.append(time_to_screen(station(folder), b"Game time", env))
        opened.append(time_to_screen(station(folder), b"Ashes of Alder Bay", env))
    return statistics.median(stations), statistics.median(minimals), statistics.median(opened)


def milliseconds(times: list[float]) -> str:
    return f"median {statistics.median(times) * 1000:.1f} ms, worst {max(times) * 1000:.1f} ms"


def scans_and_keys(folder: Path, env: dict[str, str]) -> tuple[list[float], list[float]]:
    """Seconds from the Enter that ends a scan to the sheet drawn; from a key in a challenge to the screen drawn."""
    chronicle = load_chronicle(CARDS)
    characters = list(chronicle.characters)
    payloads = {cid: issued_payload(current_card(chronicle, cid)).encode() for cid in characters}
    terminal = Terminal(station(folder), env)
    scans: list[float] = []
    keys: list[float] = []
    try:
        terminal.wait_for(b"Ashes of Alder Bay")
        for index in range(SCANS):
            cid = characters[index % len(characters)]
            terminal.settle(payloads[cid], pause=0.1)
            scans.append(terminal.press(b"\r", f"({cid})".encode()))
        terminal.press(b"janet\r", b"(janet)")
        terminal.settle(CTRL_N)
        terminal.settle(b"cody\r")
        terminal.settle(SHIFT_TAB * 7 + b"\r")  # the kind of challenge: an extended streak
        terminal.settle(DOWN * 3 + b"\r")
        terminal.press(CTRL_S, b"Streak Physical challenge")
        for throw in range(1, THROWS + 1):
            keys.append(terminal.press(b"r", b"throws rock; now"))
            keys.append(terminal.press(b"s", f"Throws {throw} ".encode()))
    finally:
        terminal.close()
    return scans, keys


def main() -> int:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        env = {**os.environ, "LARP_HOME": str(folder / "home"), "TERM": "xterm-256color"}
        started, minimal, opened = cold_start(folder, env)
        ratio = started / minimal
        print(
            f"cold start to the first screen: larp station {started:.3f} s, minimal Textual app {minimal:.3f} s: "
            f"ratio {ratio:.2f} (budget {RATIO_BUDGET:.0f}); night record open on screen after {opened:.3f} s"
        )
        os.environ["LARP_HOME"] = env["LARP_HOME"]
        scans, keys = scans_and_keys(folder, env)
        print(f"scan to sheet on screen ({SCANS} scans): {milliseconds(scans)} (budget {KEY_BUDGET_MS:.0f} ms)")
        print(f"key to screen during a challenge ({len(keys)} keys): {milliseconds(keys)} (budget {KEY_BUDGET_MS:.0f} ms)")
    within = (
        ratio <= RATIO_BUDGET
        and statistics.median(scans) * 1000 <= KEY_BUDGET_MS
        and statistics.median(keys) * 1000 <= KEY_BUDGET_MS
    )
    return 0 if within else 1


if __name__ == "__main__":
    sys.exit(main())
