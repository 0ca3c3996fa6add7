"""Benchmark: Grapevine import and export as whole processes. Budgets (issue 29): 1,000
characters imported ≤ 2 s and exported ≤ 2 s; 40,000 characters ≤ 30 s each, linear; and (issue 31)
the import's CPU and the export's each at most 3x its floor's for 1,000 characters.

Run on demand from the repository: `python tests/bench/bench_grapevine.py [COUNT …]` (default
1000 40000). The files are made at bench time in a temporary folder from the characters of the
samples (each renamed with its number, CR LF kept), never kept. For each figure: wall time,
whole-process CPU (`RUSAGE_CHILDREN`; user and system apart, since the system's share of an
import, which makes a file per character, swings with the file system's state) and the
process's peak memory (`ru_maxrss`), beside a
floor measured in the same run: a process that only parses the same file with ElementTree (the
import's), and one that parses it and writes the tree back out (the export's).
"""

import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from tests.grapevine.samples import CREATURES, SAMPLES  # noqa: E402

_CHARACTER = re.compile(r"^  <(?:%s) .*?^  </\w+>|^  <(?:%s) [^>]*/>" % ("|".join(CREATURES), "|".join(CREATURES)),
                        re.S | re.M)
RATIO = 3.0
FLOOR = "import sys, xml.etree.ElementTree as ET; ET.parse(sys.argv[1])"
WRITE_FLOOR = "import sys, xml.etree.ElementTree as ET; ET.parse(sys.argv[1]).write(sys.argv[2])"
ALONE = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, capture_output=True); "
         "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
"""Runs a command and says its peak memory (KB), so that each figure is that process's own."""


def characters_file(count: int, folder: Path) -> Path:
    """`count` characters of the samples, repeated, each named with its number."""
    people = []
    for path in sorted((SAMPLES / "crapvine").glob("*.gex")):
        if ".bin." not in path.name:
            people += _CHARACTER.findall(path.read_bytes().decode("utf-8", "replace"))
    path = folder / f"characters-{count}.gex"
    with path.open("w", encoding="cp1252", errors="replace", newline="") as out:
        out.write('<?xml version="1.0"?>\r\n<grapevine version="3">\r\n')
        for number in range(count):
            person = people[number % len(people)]
            out.write(re.sub(r'name="([^"]*)"', lambda m: f'name="{m.group(1)} {number}"', person, count=1) + "\r\n")
        out.write("</grapevine>\r\n")
    return path


def measured(command, runs: int) -> tuple[str, float]:
    """Wall and CPU seconds of a whole process (its CPU from getrusage(RUSAGE_CHILDREN)) and its
    peak memory (ru_maxrss), in words, and the CPU seconds: the median run of `runs` by CPU.
    `command` is the command, or gives the command of each run from its number."""
    figures = []
    for run in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        argv = command(run) if callable(command) else command
        done = subprocess.run([sys.executable, "-c", ALONE, *argv], cwd=REPO, check=True, capture_output=True, text=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        user, system = after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime
        figures.append((user + system, wall, int(done.stdout.split()[-1]) / 1024, user, system))
    cpu, wall, peak, user, system = sorted(figures)[len(figures) // 2]
    return f"{wall:.2f} s wall, {cpu:.2f} s CPU (user {user:.2f}, system {system:.2f}), peak {peak:.0f} MB (median of {runs})", cpu


def budget(cpu: float, floor_cpu: float) -> str:
    """The CPU beside its floor's, and whether that meets the budget (3x)."""
    ratio = cpu / floor_cpu
    return f"{ratio:.1f}x its floor's CPU (budget {RATIO:g}x: {'met' if ratio <= RATIO else 'NOT met'})"


def main(counts: list[int]) -> None:
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        for count in counts:
            path = characters_file(count, folder)
            size = path.stat().st_size / 2**20
            runs = 3 if count <= 5000 else 1
            print(f"{count:,} characters ({size:.1f} MB)")
            floor, floor_cpu = measured([sys.executable, '-c', FLOOR, str(path)], runs)
            print(f"  floor, ElementTree parsing the file: {floor}")
            written = folder / f"floor-{count}.xml"
            write_floor, write_floor_cpu = measured([sys.executable, '-c', WRITE_FLOOR, str(path), str(written)], runs)
            print(f"  export's floor, ElementTree parsing the file and writing it: {write_floor}")
            larp = [sys.executable, "-m", "larp", "chronicle"]
            out = folder / f"chronicle-{count}"

            def importing(run: int) -> list[str]:
                return [*larp, "import", str(path), "--out", f"{out}-{run}"]

            said, cpu = measured(importing, runs)
            print(f"  larp chronicle import: {said}, {budget(cpu, floor_cpu)}")
            back = folder / f"back-{count}.gex"
            said, cpu = measured([*larp, 'export', f'{out}-0', '--format', 'gex', '--out', str(back)], runs)
            print(f"  larp chronicle export --format gex: {said}, {budget(cpu, write_floor_cpu)}")
            same = back.read_bytes() == path.read_bytes().replace(b'name="Location"', b'name="Locations"').replace(
                b'name="Beast Traits"', b'name="Miscellaneous"')
            print(f"  exported file {'is' if same else 'is NOT'} the imported one, byte for byte "
                  "(save the lists renamed since)")


if __name__ == "__main__":
    main([int(arg) for arg in sys.argv[1:]] or [1000, 40000])
