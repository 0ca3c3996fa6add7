"""Benchmark of the players' portal on a chronicle of 500 characters (250 players, two each),
each with her full lists (Disciplines, Status, Backgrounds, Influences, Merits, Flaws, Health
Levels, Equipment …, made here as staff write them) and the chronicle's catalog of Disciplines.

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


DISCIPLINES = ["Auspex", "Celerity", "Dominate", "Fortitude", "Obfuscate", "Potence", "Presence", "Animalism"]
POWERS = ["Heightened Senses", "Aura Perception", "Command", "Mesmerism", "Endurance", "Awe", "Alacrity", "Prowess"]
LEVELS = {3: "basic", 6: "intermediate", 9: "advanced"}


def items(name: str, *rows: tuple[str, int, str]) -> str:
    """A named list of a TOML sheet, as a chronicle's staff write it."""
    return "".join(f'[[lists."{name}"]]\nname = "{item}"\nrating = {rating}\nnote = "{note}"\n' for item, rating, note in rows)


def full_lists(n: int) -> str:
    """The lists of a chronicle's character: eight Disciplines, Status, Backgrounds, Influences,
    Merits, Flaws, Derangements, Health Levels, Equipment, with notes and Storyteller-only text."""
    powers = [(f"{DISCIPLINES[(n + k) % 8]}: {POWERS[(n * 3 + k) % 8]}", 3 * (1 + k % 3), LEVELS[3 * (1 + k % 3)]) for k in range(8)]
    return (items("Disciplines", *powers)
            + items("Status", ("Acknowledged", 1, ""), ("Esteemed", 1, ""), ("Respected", 1, f"[ST]owed by c{(n + 1) % CHARACTERS:03}[/ST]"))
            + items("Backgrounds", ("Resources", 1 + n % 5, ""), ("Contacts", 2, "the docks"), ("Herd", 2, "a gallery's regulars"),
                    ("Retainers", 1, "a driver [ST]a ghoul[/ST]"), ("Generation", 3, ""))
            + items("Influences", ("Finance", 1 + n % 4, ""), ("High Society", 2, ""), ("Media", 1, "the evening paper"),
                    ("Police", 1, ""), ("Political", 2, "a councillor's aide"))
            + items("Merits", ("Eidetic Memory", 2, ""), ("Acute Sense", 1, "hearing"))
            + items("Flaws", ("Prey Exclusion", 2, "the poor"), ("[ST]Dark Secret[/ST]", 1, ""))
            + items("Derangements", ("Obsessive-Compulsive", 1, "counts the stairs"))
            + items("Health Levels", ("Healthy", 2, ""), ("Bruised", 3, ""), ("Wounded", 2, ""), ("Incapacitated", 1, ""), ("Torpor", 1, ""))
            + items("Equipment", ("Heavy Pistol", 1, "+2, 2 Lethal, Loud"), ("Cell phone", 1, ""), ("Cane", 1, "+1, 1 Bashing, Concealable")))


def chronicle_folder(folder: Path) -> Path:
    folder.mkdir(parents=True)
    catalog = "".join(f'items."{d}: {p}" = {{ price = 3, note = "basic" }}\n' for d in DISCIPLINES for p in POWERS[:2])
    (folder / "chronicle.toml").write_text('id = "portal-bench"\nname = "Portal Bench"\n'
                                           f'[experience.lists.Disciplines]\nbuys = "item"\n{catalog}')
    for n in range(CHARACTERS):
        (folder / f"c{n:03}.toml").write_text(
            f'id = "c{n:03}"\nname = "Character {n}"\nplayer = "Player {n // 2}"\ncreature = "vampire"\nlineage = "Toreador"\n'
            'notes = "kept from the players"\npublic = ["A face in the crowd.", "Owns a gallery."]\nwillpower = 5\n'
            "[traits.physical]\nQuick = 2\nTough = 1\nNimble = 1\n[traits.social]\nCharismatic = 2\nWitty = 1\n"
            "[traits.mental]\nClever = 2\nObservant = 1\n[abilities]\nLeadership = 2\nDodge = 1\nOccult = 1\n"
            f'[attributes]\nNature = "Director"\nDemeanor = "Autocrat"\nGeneration = "{8 + n % 6}"\nBlood = "12"\n'
            'Path = "Humanity"\n"Path Traits" = "3"\nConscience = "3"\n"Self-Control" = "4"\nCourage = "3"\n'
            + full_lists(n)
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
                page = client.get("/c/c000")
                one.append(time.perf_counter() - start)
                assert page.status_code == 200
        shown = [word for word in ("Heavy Pistol", "Eidetic Memory", "High Society", "Dominate: Command") if word in page.text]
        hidden = [word for word in ("Dark Secret", "a ghoul", "[ST]") if word in page.text]
        if len(shown) < 4 or hidden:
            raise SystemExit(f"the sheet page is not the full sheet a player sees: shows {shown}, and {hidden}")
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
