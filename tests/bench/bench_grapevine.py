"""Benchmark: importing Grapevine files. Budgets: the largest sample (95 characters) as a whole
`larp chronicle import` process ≤ 1 s; 1,000 characters (samples repeated) ≤ 5 s.

Run on demand from the repository: `python tests/bench/bench_grapevine.py`. Each figure is the
best of three runs, so that other work on the machine weighs less.
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

from larp.grapevine.folder import import_file  # noqa: E402
from tests.bench.bench_cards import RUNS, best_time as best  # noqa: E402
from tests.grapevine.samples import SAMPLES  # noqa: E402

LARGEST = SAMPLES / "crapvine" / "vampires_sabbat.gex"
def thousand_characters(folder: Path) -> Path:
    """1,000 characters: the characters of the samples, repeated, in one exchange file."""
    people = []
    for path in sorted((SAMPLES / "crapvine").glob("*.gex")):
        if ".bin." not in path.name:
            text = path.read_text("utf-8")
            people += re.findall(r"^  <(?:vampire|werewolf|mortal|changeling|wraith|mage|fera|various|mummy|kueijin|hunter|demon) .*?^  </\w+>|^  <\w+ [^>]*/>", text, re.S | re.M)
    body = "\r\n".join((people * (1000 // len(people) + 1))[:1000])
    path = folder / "thousand.gex"
    path.write_text(f'<?xml version="1.0"?>\r\n<grapevine version="3">\r\n{body}\r\n</grapevine>\r\n', "utf-8")
    return path


def main() -> None:
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        runs = iter(range(100))

        def whole_process():
            out = folder / f"sabbat-{next(runs)}"
            subprocess.run([sys.executable, "-m", "larp", "chronicle", "import", str(LARGEST), "--out", str(out)],
                           cwd=REPO, check=True, capture_output=True)

        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        process = best(whole_process)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) / RUNS
        print(f"larp chronicle import {LARGEST.name} (95 characters), whole process: {process:.2f} s "
              f"wall, {cpu:.2f} s CPU (budget 1 s)")
        thousand = thousand_characters(folder)
        cpu_before = time.process_time()
        in_process = best(lambda: import_file(thousand, folder / f"thousand-{next(runs)}"))
        cpu = (time.process_time() - cpu_before) / RUNS
        print(f"1,000 characters imported and written as a chronicle folder: {in_process:.2f} s wall, "
              f"{cpu:.2f} s CPU (budget 5 s)")


if __name__ == "__main__":
    main()
