"""Benchmark of a season of operations: 12 games, 200 characters, three stations (hall, bar,
door), each writing 50 between-games operations per game (awards, spends, purchases, status and
sheet changes, a few reversals) before hearing the others, then syncing by bundles.

Run on demand from the repository: `python tests/bench/bench_season_ops.py [GAMES]`. Budgets,
as whole processes (processor time, peak memory), at the end of the season at every station:
- `larp next` at most 1 s, `larp xp log` at most 0.5 s;
- one station's sync of one game's between-games entries (`larp merge` of another station's
  bundle) at most 1 s.
The floor, `larp --version` in the same run, is printed beside them. The season is written with
the desk in this process (its operations drawn from a seeded generator of the bench's own); the
figures are the commands a Narrator types.
"""

import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from larp.desk import Desk, DeskError  # noqa: E402

CHARACTERS = 200
OPERATIONS = 50
STATIONS = ("hall", "bar", "door")
GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 12
PURCHASES = ("Ability: Occult", "Ability: Dodge", "Willpower", "Physical: Quick", "Social: Witty")


def chronicle_folder(folder: Path) -> Path:
    """200 characters with sheets of some depth, written as a Narrator's TOML files."""
    folder.mkdir(parents=True)
    (folder / "chronicle.toml").write_text('id = "season-ops"\nname = "Season Ops"\n[experience]\ncap_per_month = 1000\n')
    for n in range(CHARACTERS):
        (folder / f"c{n:03}.toml").write_text(
            f'id = "c{n:03}"\nname = "Character {n}"\nlineage = "Toreador"\nwillpower = 4\n'
            "[traits.physical]\nQuick = 2\nTough = 1\n[traits.social]\nCharismatic = 2\nWitty = 1\n"
            "[traits.mental]\nClever = 2\n[abilities]\nLeadership = 2\nDodge = 1\n"
        )
    return folder


def write_operations(desk: Desk, draw: random.Random, written: list) -> None:
    for _ in range(OPERATIONS):
        cid = f"c{draw.randrange(CHARACTERS):03}"
        roll = draw.random()
        try:
            if roll < 0.45:
                written.append(desk.award(cid, draw.choice((1, 2, 3)), "a scene"))
            elif roll < 0.6:
                written.append(desk.spend(cid, 1, "a favour"))
            elif roll < 0.8:
                written.append(desk.buy(cid, draw.choice(PURCHASES)))
            elif roll < 0.88:
                sheet = desk.standing().characters[cid]
                written.append(desk.amend(sheet.model_copy(update={"lineage": draw.choice(("Ventrue", "Brujah", "Toreador"))}), "clan"))
            elif roll < 0.95 and written:
                desk.reverse(written.pop(draw.randrange(len(written))).id, "a mistake")
            else:
                written.append(desk.retire(cid, "a random status", status=draw.choice(("retired", "active"))))
        except DeskError:
            pass


def child_run(argv: list[str], env: dict) -> tuple[float, float, float]:
    """One whole process: (processor seconds, peak MB, wall seconds)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "larp", *argv], env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"larp {' '.join(argv)} failed: {done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, after.ru_maxrss / 1024, wall


def main() -> None:
    draw = random.Random(20261128)
    tmp = Path(tempfile.mkdtemp(prefix="larp-season-ops-"))
    folder = chronicle_folder(tmp / "chronicle")
    homes = {station: tmp / f"home-{station}" for station in STATIONS}
    dbs = {station: tmp / f"{station}.sqlite3" for station in STATIONS}
    merges: list[tuple[float, float]] = []
    env_of = {station: {**os.environ, "LARP_HOME": str(homes[station])} for station in STATIONS}
    started = time.perf_counter()
    total = 0
    for game in range(1, GAMES + 1):
        os.environ["LARP_HOME"] = str(homes["hall"])
        with Desk.open(dbs["hall"], folder, station="hall", narrator="Ann", folder_edits="keep") as hall:
            hall.archive_night()
            hall.export(tmp / f"close-{game}.jsonl", night=game)
        for station in STATIONS[1:]:
            os.environ["LARP_HOME"] = str(homes[station])
            with Desk.open(dbs[station], folder, station=station, narrator="Bo", open_night=False) as desk:
                desk.merge(tmp / f"close-{game}.jsonl")
        bundles = {}
        for station in STATIONS:
            os.environ["LARP_HOME"] = str(homes[station])
            with Desk.open(dbs[station], folder, station=station, narrator="Ann", open_night=False) as desk:
                written: list = []
                write_operations(desk, draw, written)
                total += len(written)
                bundles[station] = tmp / f"{station}-{game + 1}.jsonl"
                desk.export(bundles[station], night=game + 1)
        for station in STATIONS:
            for other, bundle in bundles.items():
                if other == station:
                    continue
                if game == GAMES:
                    cpu, peak, _ = child_run(["merge", str(bundle), "--db", str(dbs[station])], env_of[station])
                    merges.append((cpu, peak))
                else:
                    os.environ["LARP_HOME"] = str(homes[station])
                    with Desk.open(dbs[station], folder, station=station, open_night=False) as desk:
                        desk.merge(bundle)
        print(f"game {game}: {total} operations written so far ({time.perf_counter() - started:.0f} s)", flush=True)
    floor = min(child_run(["--version"], env_of["hall"])[0] for _ in range(3))
    print(f"\n{GAMES} games, {CHARACTERS} characters, {len(STATIONS)} stations, {OPERATIONS} operations a station a game "
          f"({total} written, the rest refused); floor `larp --version`: {floor:.2f} s CPU")
    for station in STATIONS:
        for command, budget in ((["next"], 1.0), (["xp", "log"], 0.5)):
            runs = [child_run([*command, "--db", str(dbs[station])], env_of[station]) for _ in range(3)]
            cpu = statistics.median(run[0] for run in runs)
            peak = max(run[1] for run in runs)
            verdict = "met" if cpu <= budget else "NOT met"
            print(f"{station:5} larp {' '.join(command):7}  {cpu:.2f} s CPU, {peak:.0f} MB peak  (budget {budget} s: {verdict})")
    cpu = [m[0] for m in merges]
    print(f"sync of one game's between-games entries (larp merge of a bundle, {len(merges)} runs): median {statistics.median(cpu):.2f} s, "
          f"worst {max(cpu):.2f} s CPU, {max(m[1] for m in merges):.0f} MB peak  (budget 1 s: {'met' if max(cpu) <= 1.0 else 'NOT met'})")


if __name__ == "__main__":
    main()
