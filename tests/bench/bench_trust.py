"""What trust costs: the strict check of each entry pulled and of each entry the hub takes, and a
sync while another login holds every lock it can take. Figures printed; nothing is asserted.

    python tests/bench/bench_trust.py [ROUNDS]

A throwaway PostgreSQL hub is started as `larp hub start` starts it (Debian's binaries).

1. Catch-up: a station 10,000 entries behind the hub joins and syncs, as a whole process: its
   wall time, CPU time and peak RSS (`resource.getrusage(RUSAGE_CHILDREN)` of a wrapper process
   that runs only it), with the pull's strict JSON check, and with it bypassed: the bench's own
   child process has each line read by its model alone before it syncs, as the pull read it
   before the strict check (larp has no switch for it).
   Budget: strict at most 1.2x bypassed.
2. Push: the same 10,000 entries pushed to a hub that checks each (its trigger) and to one whose
   owner disabled the check. Budget: at most 1.2x.
3. Held: another station's login holds, in a transaction it leaves open, every lock it can take
   (the hub's arrival lock, the card key and serials of the chronicle, its own row of syncs, the
   tables in every mode its grants allow); a station's sync returns, done or with a message,
   within 15 s.

Each part runs ROUNDS times (default 3); min and median are printed, and each ratio is of the
mins: the runs least disturbed by whatever else the machine is doing.
"""

import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from larp.desk import Desk  # noqa: E402
from larp.event.cluster import stop_cluster  # noqa: E402
from larp.event.hub import start_hub  # noqa: E402
from tests.bench.bench_event import make_database  # noqa: E402
from tests.ledger.helpers import leap, write_chronicle  # noqa: E402

ENTRIES = 10_000
CHECK_BUDGET = 1.2
HELD_BUDGET = 15.0
MODES = ("strict", "bypassed")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def ahead(folder: Path, chronicle: Path, hub: str) -> float:
    """A station with 10,000 entries in the event: seconds its push took."""
    os.environ["LARP_HOME"] = str(folder / "home-ahead")
    with Desk.open(folder / "ahead.sqlite3", chronicle, station="ahead") as desk:
        desk.night()
        desk.record_all([leap(n) for n in range(ENTRIES - 1)], lambda entry: None)
        desk.keep_hub(hub)
        start = time.perf_counter()
        moved = desk.sync()
        assert moved.pushed == ENTRIES, moved
        return time.perf_counter() - start


def catching_up(mode: str, db: str, name: str) -> None:
    """The measured process: a new record joins the event at $LARP_HUB and pulls every entry."""
    if mode == "bypassed":  # each line read by its model alone, as the pull read it before the strict check
        import larp.ledger.pulling
        from larp.ledger.payloads import ENTRY_LINE

        larp.ledger.pulling.entry_line = ENTRY_LINE.validate_json
    with Desk.open(Path(db), open_night=False) as behind:
        start = time.perf_counter()
        moved = behind.join(os.environ["LARP_HUB"], name)
        seconds = time.perf_counter() - start
    assert moved.pulled == ENTRIES and not moved.aside, moved
    print(json.dumps({"sync": seconds}))


def measured(command: list[str], environment: dict) -> None:
    """The wrapper: runs `command` alone and prints its figures."""
    start = time.perf_counter()
    done = subprocess.run(command, env=environment, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(json.dumps({**json.loads(done.stdout), "wall": wall, "cpu": used.ru_utime + used.ru_stime, "rss_mb": used.ru_maxrss / 1024}))


def catch_up(folder: Path, hub: str, mode: str, number: int) -> dict:
    name = f"behind-{mode}-{number}"
    child = [sys.executable, __file__, "--catch-up", mode, str(folder / f"{name}.sqlite3"), name]
    environment = {**os.environ, "LARP_HOME": str(folder / f"home-{name}"), "LARP_HUB": hub}  # the password: never on a command line
    done = subprocess.run([sys.executable, __file__, "--measure", *child], env=environment, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def held_sync(folder: Path, chronicle: Path, hub: str) -> tuple[float, str]:
    """Seconds a station's sync takes while another station's login holds every lock it can; what
    it ended with."""
    import psycopg

    from larp.event.sync import login_url

    os.environ["LARP_HOME"] = str(folder / "home-hall")
    hall = Desk.open(folder / "hall.sqlite3", chronicle, station="hall", hub=hub)
    hall.record(leap(0))
    with psycopg.connect(hub, autocommit=True) as joining:
        (row,) = joining.execute("SELECT * FROM larp_join_station('holder', %s, '{}')", ("A" * 43 + "=",)).fetchall()
    holder = psycopg.connect(login_url(hub, *row))
    for statement in held_statements(holder):
        try:
            holder.execute("SAVEPOINT one")
            holder.execute(statement)
        except psycopg.Error:
            holder.execute("ROLLBACK TO SAVEPOINT one")
    start = time.perf_counter()
    try:
        hall.sync()
        said = "done"
    except Exception as error:  # the figure is what it said, whatever it was
        said = str(error)
    seconds = time.perf_counter() - start
    holder.close()
    hall.close()
    return seconds, said


def held_statements(holder) -> list[str]:
    """Every lock a station's login may try: the functions a station calls, and each table in
    every mode (those its grants refuse are refused)."""
    tables = [name for (name,) in holder.execute("SELECT tablename FROM pg_tables WHERE tablename LIKE 'larp_%'")]
    modes = ("ACCESS SHARE", "ROW SHARE", "ROW EXCLUSIVE", "SHARE UPDATE EXCLUSIVE", "SHARE", "SHARE ROW EXCLUSIVE", "EXCLUSIVE", "ACCESS EXCLUSIVE")
    return [
        "SELECT larp_arrival_lock()",
        "SELECT larp_offer_card_key('alder-bay', repeat('0', 64))",
        "SELECT larp_raise_serials('alder-bay', ARRAY['janet', 'cody', 'ruth'], ARRAY[9, 9, 9])",
        "SELECT larp_station_seen()",
        *[f"LOCK TABLE {table} IN {mode} MODE NOWAIT" for table in tables for mode in modes],
        "SELECT * FROM larp_entries FOR UPDATE",
        "SELECT * FROM larp_card_serials FOR KEY SHARE",
    ]


def main(rounds: int) -> None:
    root = Path(tempfile.mkdtemp(prefix="larp-bench-trust-"))
    root.chmod(0o755)
    settings = start_hub(root / "hub", port=free_port())
    base = settings.join_url()
    try:
        chronicle = write_chronicle(root / "chronicle")
        checked = make_database(root / "hub", settings, "checked", base)
        pushes = {"checked": [], "unchecked": []}
        for number in range(rounds):
            for name in pushes:
                at = make_database(root / "hub", settings, f"{name}_{number}", base)
                if name == "unchecked":
                    owner_off(root / "hub", settings, f"{name}_{number}")
                pushes[name].append(ahead(root / f"push-{name}-{number}", chronicle, at))
            print(f"round {number + 1}: push of {ENTRIES:,} entries {pushes['checked'][-1]:.2f} s checked by the hub, {pushes['unchecked'][-1]:.2f} s unchecked")
        ahead(root / "ahead", chronicle, checked)
        runs = {mode: [] for mode in MODES}
        for number in range(rounds):
            for mode in MODES:
                runs[mode].append(catch_up(root / "catch-up", checked, mode, number))
            print(f"round {number + 1}: " + "; ".join(
                f"{mode}: sync {run['sync']:.2f} s, process {run['wall']:.2f} s, CPU {run['cpu']:.2f} s, peak RSS {run['rss_mb']:.0f} MB"
                for mode, run in ((mode, runs[mode][-1]) for mode in MODES)
            ))
        helds = [held_sync(root / f"held-{number}", chronicle, make_database(root / "hub", settings, f"held_{number}", base)) for number in range(rounds)]
        for seconds, said in helds:
            print(f"held: the sync returned in {seconds:.1f} s: {said}")
        print()
        print(f"{ENTRIES:,} entries, {rounds} rounds (min / median):")
        for figure, unit in (("sync", "s"), ("wall", "s"), ("cpu", "s"), ("rss_mb", "MB")):
            strict, bypassed = ([run[figure] for run in runs[mode]] for mode in MODES)
            ratio = min(strict) / min(bypassed)
            print(f"  catch-up {figure}: strict {min(strict):.2f} / {statistics.median(strict):.2f} {unit}, bypassed {min(bypassed):.2f} / {statistics.median(bypassed):.2f} {unit}: {ratio:.2f}x   (budget <= {CHECK_BUDGET}x)")
        ratio = min(pushes["checked"]) / min(pushes["unchecked"])
        print(f"  push checked by the hub: {min(pushes['checked']):.2f} / {statistics.median(pushes['checked']):.2f} s, unchecked {min(pushes['unchecked']):.2f} / {statistics.median(pushes['unchecked']):.2f} s: {ratio:.2f}x   (budget <= {CHECK_BUDGET}x)")
        seconds = [seconds for seconds, _ in helds]
        print(f"  a sync while another login holds every lock it can: {min(seconds):.1f} / {statistics.median(seconds):.1f} s, worst {max(seconds):.1f} s   (budget <= {HELD_BUDGET:.0f} s)")
    finally:
        stop_cluster(root / "hub", mode="immediate")


def owner_off(folder: Path, settings, name: str) -> None:
    """The hub's check of each entry disabled by the event's owner (a hub as an older larp made it)."""
    import psycopg
    from psycopg import sql

    from larp.event.cluster import admin_url
    from larp.event.hub import OWNER

    with psycopg.connect(admin_url(folder, settings.port, name), autocommit=True) as admin:
        admin.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(OWNER)))
        admin.execute("ALTER TABLE larp_entries DISABLE TRIGGER larp_entries_well_formed")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--catch-up"]:
        catching_up(*sys.argv[2:5])
    elif sys.argv[1:2] == ["--measure"]:
        measured(sys.argv[2:], dict(os.environ))
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
