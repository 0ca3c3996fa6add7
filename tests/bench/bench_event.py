"""The event through one hub: stations recording at once, and a station catching up.

    python tests/bench/bench_event.py [STATIONS] [ENTRIES_PER_STATION] [ROUNDS]

A throwaway PostgreSQL hub is started as `larp hub start` starts it (Debian's binaries).

1. Recording together: STATIONS processes, each a desk on its own record, record
   ENTRIES_PER_STATION challenges as fast as they can, first each alone on its SQLite record
   (the solo rate, all running at once, so that both runs share the machine alike), then
   joined to the hub with the sync running all night. Each process notes when it committed
   each of its entries, and when each other station's entry arrived in its record.
   Budgets: each station commits at least 0.8x its solo rate; the 99th percentile of the
   time from a commit at one station to its arrival at every other is at most 2 s. The
   arrival is measured again with every station paced at 5 commits a second. On a laptop
   with fewer cores than stations, all of them recording flat out keep every core busy alone,
   and each entry is then taken in by every other station besides: so the rate is measured
   again as an event uses its stations, one recording flat out while the others are paced at
   5 a second, beside the same solo; and the CPU time each commit costs its station.
2. Catch-up: a station 10,000 entries behind the hub syncs in at most 5 s; beside it, the
   same entries merged from a bundle (`larp merge`).

Each part runs ROUNDS times; min and median are printed.
"""

import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from larp.desk import Desk  # noqa: E402
from larp.event.cluster import stop_cluster  # noqa: E402
from larp.event.hub import start_hub  # noqa: E402
from tests.ledger.helpers import leap, write_chronicle  # noqa: E402

RATE_BUDGET = 0.8
ARRIVAL_BUDGET = 2.0
CATCH_UP_BUDGET = 5.0
CATCH_UP_ENTRIES = 10_000
SETTLE_SECONDS = 60
PACE = 5.0
"""Commits a second per station in the paced run: a busy event (a Narrator records one call in
tens of seconds), where the machine is not saturated by the recording itself."""
PACED_COUNT = 60
FLAT_OUT_COUNT = 1000
"""What the one station recording flat out among paced ones records: as long as they run."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def station(name: str, db: str, chronicle: str, hub: str, count: int, everyone: int, out: str, pace: float) -> None:
    """One station's process: record `count` challenges (`pace` a second, or as fast as it can
    when 0), note commits and arrivals, wait for all."""
    desk = Desk.open(Path(db), Path(chronicle), station=name, narrator=name, hub=hub or None)
    seen: dict[str, float] = {}
    done = threading.Event()

    def watch() -> None:
        import sqlite3

        watcher = sqlite3.connect(db)
        last = 0
        while not done.is_set():
            for seq, eid in watcher.execute("SELECT seq, id FROM entries WHERE seq > ? ORDER BY seq", (last,)):
                seen.setdefault(eid, time.time())
                last = seq
            time.sleep(0.005)
        watcher.close()

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    desk.go_live()
    committed: dict[str, float] = {}
    start, cpu = time.perf_counter(), time.process_time()
    for number in range(count):
        entry = desk.record(leap(number))
        committed[entry.id] = time.time()
        if pace:
            time.sleep(max(0.0, start + (number + 1) / pace - time.perf_counter()))
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    deadline = time.monotonic() + SETTLE_SECONDS
    while hub and time.monotonic() < deadline:
        held = desk.ledger.db.execute("SELECT count(*) FROM entries WHERE kind = 'adjudication'").fetchone()[0]
        if held >= everyone:
            break
        time.sleep(0.1)
    time.sleep(0.1)
    done.set()
    watcher.join()
    desk.close()
    Path(out).write_text(json.dumps({"rate": count / seconds, "cpu": cpu / count, "committed": committed, "seen": seen}))


def recording_together(folder: Path, chronicle: Path, hub: str, counts: list[int], paces: list[float]) -> list[dict]:
    """A station's process for each count, all started at once, each recording its count of
    challenges at its pace a second (0: as fast as it can); their results."""
    processes = []
    folder.mkdir(parents=True)
    for number, (count, pace) in enumerate(zip(counts, paces)):
        name = f"s{number:02d}"
        out = folder / f"{name}.json"
        command = [sys.executable, __file__, "--station", name, str(folder / f"{name}.sqlite3"), str(chronicle), str(count), str(sum(counts)), str(out), str(pace)]
        environment = {**os.environ, "LARP_HOME": str(folder / f"home-{name}"), "LARP_HUB": hub}  # the password: never on a command line
        processes.append((subprocess.Popen(command, env=environment), out))
    for process, _ in processes:
        if process.wait() != 0:
            raise SystemExit("a station's process failed")
    return [json.loads(out.read_text()) for _, out in processes]


def arrivals(results: list[dict]) -> list[float]:
    """Seconds from each entry's commit at its station to its arrival at each other station."""
    delays = []
    for origin, done in enumerate(results):
        for eid, at in done["committed"].items():
            for other, there in enumerate(results):
                if other != origin:
                    delays.append(there["seen"].get(eid, float("inf")) - at)
    return delays


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def catch_up(folder: Path, chronicle: Path, hub: str) -> tuple[float, float]:
    """Seconds a station 10,000 entries behind takes to sync; seconds to merge the same as a bundle."""
    folder.mkdir()
    os.environ["LARP_HOME"] = str(folder / "home-catch-up")
    with Desk.open(folder / "ahead.sqlite3", chronicle, station="ahead", hub=hub) as ahead:
        ahead.night()
        ahead.record_all([leap(n) for n in range(CATCH_UP_ENTRIES - 1)], lambda entry: None)
        ahead.sync()
        ahead.export(folder / "ahead.jsonl")
    with Desk.open(folder / "behind.sqlite3", open_night=False) as behind:
        start = time.perf_counter()
        moved = behind.join(hub)
        synced = time.perf_counter() - start
        assert moved.pulled == CATCH_UP_ENTRIES, moved
    with Desk.open(folder / "merged.sqlite3", open_night=False) as merged:
        start = time.perf_counter()
        assert merged.merge(folder / "ahead.jsonl") == CATCH_UP_ENTRIES
        bundled = time.perf_counter() - start
    return synced, bundled


def main(stations: int, count: int, rounds: int) -> None:
    root = Path(tempfile.mkdtemp(prefix="larp-bench-event-"))
    root.chmod(0o755)
    settings = start_hub(root / "hub", port=free_port())
    base = settings.join_url()
    try:
        rates, p99s, paced_p99s, one_flat_out, syncs, merges = [], [], [], [], [], []
        for number in range(rounds):
            folder = root / f"round-{number}"
            chronicle = write_chronicle(folder / "chronicle")

            def together(name: str, counts: list[int], paces: list[float], hub: bool = True) -> list[dict]:
                at = make_database(root / "hub", settings, f"{name}_{number}", base) if hub else ""
                return recording_together(folder / name, chronicle, at, counts, paces)

            solo = together("solo", [count] * stations, [0] * stations, hub=False)
            joined = together("event", [count] * stations, [0] * stations)
            ratios = [j["rate"] / s["rate"] for s, j in zip(solo, joined)]
            delays = arrivals(joined)
            rates.append((statistics.median(s["rate"] for s in solo), statistics.median(j["rate"] for j in joined), min(ratios), sum(j["rate"] for j in joined), sum(s["rate"] for s in solo)))
            p99s.append(percentile(delays, 0.99))
            cpu = (statistics.median(s["cpu"] for s in solo), statistics.median(j["cpu"] for j in joined))
            print(
                f"round {number + 1}: solo {rates[-1][0]:.0f} commits/s per station ({rates[-1][4]:.0f} in all), "
                f"in the event {rates[-1][1]:.0f} ({rates[-1][3]:.0f} in all); worst station {min(ratios):.2f}x its solo rate; "
                f"CPU per commit {cpu[0] * 1000:.1f} ms solo, {cpu[1] * 1000:.1f} ms in the event; "
                f"arrival p50 {percentile(delays, 0.5) * 1000:.0f} ms, p99 {p99s[-1] * 1000:.0f} ms, max {max(delays) * 1000:.0f} ms"
            )
            paced = arrivals(together("paced", [PACED_COUNT] * stations, [PACE] * stations))
            paced_p99s.append(percentile(paced, 0.99))
            print(f"round {number + 1}: paced at {PACE:g} commits/s per station: arrival p50 {percentile(paced, 0.5) * 1000:.0f} ms, p99 {paced_p99s[-1] * 1000:.0f} ms, max {max(paced) * 1000:.0f} ms")
            counts, paces = [FLAT_OUT_COUNT] + [PACED_COUNT] * (stations - 1), [0] + [PACE] * (stations - 1)
            alone, among = together("one-solo", counts, paces, hub=False)[0], together("one-event", counts, paces)[0]
            one_flat_out.append(among["rate"] / alone["rate"])
            print(
                f"round {number + 1}: one station flat out, the others paced: {alone['rate']:.0f} commits/s solo, {among['rate']:.0f} in the event "
                f"({one_flat_out[-1]:.2f}x); CPU per commit {alone['cpu'] * 1000:.1f} ms solo, {among['cpu'] * 1000:.1f} ms in the event"
            )
            synced, bundled = catch_up(folder / "catch-up", chronicle, make_database(root / "hub", settings, f"catch_up_{number}", base))
            syncs.append(synced)
            merges.append(bundled)
            print(f"round {number + 1}: catch-up of {CATCH_UP_ENTRIES:,} entries {synced:.2f} s (the same bundle merged: {bundled:.2f} s)")
        worst = [rate[2] for rate in rates]
        print()
        print(f"{stations} stations x {count} challenges, {rounds} rounds (min / median):")
        print(f"  worst station's rate in the event vs solo: {min(worst):.2f}x / {statistics.median(worst):.2f}x   (budget >= {RATE_BUDGET}x)")
        print(f"  one station flat out among {stations - 1} paced at {PACE:g}/s, its rate in the event vs solo: {min(one_flat_out):.2f}x / {statistics.median(one_flat_out):.2f}x   (budget >= {RATE_BUDGET}x)")
        print(f"  commits/s per station, solo: {min(r[0] for r in rates):.0f} / {statistics.median(r[0] for r in rates):.0f}; in the event: {min(r[1] for r in rates):.0f} / {statistics.median(r[1] for r in rates):.0f}")
        print(f"  commits/s in all, solo: {min(r[4] for r in rates):.0f} / {statistics.median(r[4] for r in rates):.0f}; in the event: {min(r[3] for r in rates):.0f} / {statistics.median(r[3] for r in rates):.0f}")
        print(f"  p99 arrival at every other station: {min(p99s) * 1000:.0f} ms / {statistics.median(p99s) * 1000:.0f} ms   (budget <= {ARRIVAL_BUDGET * 1000:.0f} ms)")
        print(f"  p99 arrival, stations paced at {PACE:g} commits/s each: {min(paced_p99s) * 1000:.0f} ms / {statistics.median(paced_p99s) * 1000:.0f} ms")
        print(f"  catch-up of {CATCH_UP_ENTRIES:,} entries: {min(syncs):.2f} s / {statistics.median(syncs):.2f} s   (budget <= {CATCH_UP_BUDGET:.0f} s); bundle merge {min(merges):.2f} s / {statistics.median(merges):.2f} s")
    finally:
        stop_cluster(root / "hub", mode="immediate")


def make_database(folder: Path, settings, name: str, base: str) -> str:
    import psycopg
    from psycopg import sql

    from larp.event.cluster import admin_url
    from larp.event.hub import OWNER, prepare_event

    with psycopg.connect(admin_url(folder, settings.port), autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {} OWNER {}").format(sql.Identifier(name), sql.Identifier(OWNER)))
    prepare_event(folder, settings.port, name)
    return base.rsplit("/", 1)[0] + "/" + name


if __name__ == "__main__":
    if sys.argv[1:2] == ["--station"]:
        name, db, chronicle, count, everyone, out, pace = sys.argv[2:9]
        station(name, db, chronicle, os.environ.get("LARP_HUB", ""), int(count), int(everyone), out, float(pace))
    else:
        numbers = [int(arg) for arg in sys.argv[1:4]]
        main(*(numbers + [10, 200, 3][len(numbers):]))
