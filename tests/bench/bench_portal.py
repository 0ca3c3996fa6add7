"""Benchmark of the players' portal on a chronicle of 500 characters (250 players, two each).

Run on demand from the repository: `python tests/bench/bench_portal.py`. The portal runs as its
own process (`larp portal`), as players reach it; the load comes from this process on loopback,
bounded in count and time. Budgets:
- a sheet page: at most 50 ms (one player, page after page: the time to the last byte on
  loopback, which is the server's time and a loopback's hop);
- 200 players each signing in with her link and opening her sheet within a minute: p99 at most
  300 ms; and again while 1,000 slow connections trickle a header byte every 2.5 s (each one the
  portal closes is opened again at once): p99 at most 500 ms, no player refused;
- the portal process: at most 150 MB (its peak resident memory, VmHWM).
"""

import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import httpx  # noqa: E402

from larp.desk import Desk  # noqa: E402
from larp.portal.app import Portal  # noqa: E402
from larp.portal.inviting import invite  # noqa: E402

CHARACTERS = 500
PLAYERS = 200
SPREAD = 50.0
"""Seconds over which the players arrive."""


def chronicle_folder(folder: Path) -> Path:
    folder.mkdir(parents=True)
    (folder / "chronicle.toml").write_text('id = "portal-bench"\nname = "Portal Bench"\n')
    for n in range(CHARACTERS):
        (folder / f"c{n:03}.toml").write_text(
            f'id = "c{n:03}"\nname = "Character {n}"\nplayer = "Player {n // 2}"\ncreature = "vampire"\nlineage = "Toreador"\n'
            'notes = "kept from the players"\npublic = ["A face in the crowd.", "Owns a gallery."]\nwillpower = 5\n'
            "[traits.physical]\nQuick = 2\nTough = 1\nNimble = 1\n[traits.social]\nCharismatic = 2\nWitty = 1\n"
            "[traits.mental]\nClever = 2\nObservant = 1\n[abilities]\nLeadership = 2\nDodge = 1\nOccult = 1\n"
        )
    return folder


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def signed_in_and_sheet(base: str, link: str, character: str, times: list, lock: threading.Lock) -> None:
    with httpx.Client(base_url=base, timeout=10) as client:
        for step in ("link", "sign-in", "home", "sheet"):
            start = time.perf_counter()
            if step == "link":
                page = client.get(link)
                csrf = re.search(r'name="csrf" value="([^"]+)"', page.text)[1]
            elif step == "sign-in":
                page = client.post(link, data={"csrf": csrf})
            elif step == "home":
                page = client.get("/")
            else:
                page = client.get(f"/c/{character}")
            elapsed = time.perf_counter() - start
            if page.status_code not in (200, 303):
                raise SystemExit(f"{step}: {page.status_code}")
            with lock:
                times.append(elapsed)


SLOW = 1000
TRICKLE = 2.5
"""Seconds between two header bytes of a slow connection."""


class SlowHeaders:
    """`SLOW` connections to the portal, each sending one byte of a request line every `TRICKLE`
    seconds and opened again as soon as the portal closes it, until stopped."""

    def __init__(self, port: int) -> None:
        self.port, self.stop, self.reopened = port, threading.Event(), 0
        self.sockets: list[socket.socket | None] = [None] * SLOW
        self.thread = threading.Thread(target=self.run, daemon=True)

    def open_one(self, at: int) -> None:
        try:
            self.sockets[at] = socket.create_connection(("127.0.0.1", self.port), timeout=1)
        except OSError:
            self.sockets[at] = None

    def run(self) -> None:
        for at in range(SLOW):
            self.open_one(at)
        while not self.stop.wait(TRICKLE):
            for at, held in enumerate(self.sockets):
                try:
                    if held is None:
                        raise OSError
                    held.send(b"G")
                except OSError:
                    if held is not None:
                        held.close()
                    self.reopened += 1
                    self.open_one(at)

    def held(self) -> int:
        return sum(1 for held in self.sockets if held is not None)


def players_signing_in(base: str, links: list[str], said: str, budget: float) -> None:
    times: list[float] = []
    lock = threading.Lock()
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=16) as pool:
        players = []
        for n in range(1, PLAYERS):
            players.append(pool.submit(signed_in_and_sheet, base, links[n], f"c{2 * n:03}", times, lock))
            time.sleep(SPREAD / PLAYERS)
        for player in players:
            player.result()  # a player refused stops the bench, said
    took = time.perf_counter() - started
    times.sort()
    p99 = times[int(len(times) * 0.99)]
    print(f"{PLAYERS - 1} players signing in and opening their sheet{said} over {took:.0f} s ({len(times)} requests): "
          f"median {statistics.median(times) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms  (budget {budget * 1000:.0f} ms: {'met' if p99 <= budget else 'NOT met'})")


def links_for(record: Path, folder: Path, home: Path) -> list[str]:
    """A fresh sign-in link for each player (a new one ends the one before)."""
    portal = Portal(record, folder, home)
    portal.open()
    try:
        return [re.search(r"(/in/\S+)", invite(portal, f"Player {n}", "http://x")[1])[1] for n in range(PLAYERS)]
    finally:
        portal.close()


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="larp-portal-bench-"))
    env = {**os.environ, "LARP_HOME": str(tmp / "home")}
    os.environ["LARP_HOME"] = env["LARP_HOME"]
    folder = chronicle_folder(tmp / "chronicle")
    record = tmp / "night.sqlite3"
    with Desk.open(record, folder, station="hall", narrator="Ann") as desk:
        desk.archive_night()
    links = links_for(record, folder, tmp / "home")
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "larp", "portal", "--port", str(port), "--db", str(record)], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        one = []
        with httpx.Client(base_url=base, timeout=10) as client:
            page = client.get(links[0])
            client.post(links[0], data={"csrf": re.search(r'name="csrf" value="([^"]+)"', page.text)[1]})
            for _ in range(120):
                start = time.perf_counter()
                assert client.get("/c/c000").status_code == 200
                one.append(time.perf_counter() - start)
        one = sorted(one[20:])
        print(f"a sheet page, one player ({len(one)} pages): median {statistics.median(one) * 1000:.1f} ms, "
              f"p95 {one[int(len(one) * 0.95)] * 1000:.1f} ms  (budget 50 ms: {'met' if statistics.median(one) <= 0.05 else 'NOT met'})")
        players_signing_in(base, links, "", 0.3)
        slow = SlowHeaders(port)
        slow.thread.start()
        time.sleep(2 * TRICKLE)
        try:
            players_signing_in(base, links_for(record, folder, tmp / "home"), f" while {slow.held()} slow connections are held", 0.5)
        finally:
            slow.stop.set()
            slow.thread.join()
        print(f"the slow connections: {slow.reopened} closed by the portal and opened again")
        status = Path(f"/proc/{server.pid}/status").read_text()
        peak = int(re.search(r"VmHWM:\s+(\d+)", status)[1]) / 1024
        print(f"the portal process: {peak:.0f} MB peak resident  (budget 150 MB: {'met' if peak <= 150 else 'NOT met'})")
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
