"""Benchmark: 500 character cards to PDF, against the 500 QR matrices alone. Budgets: 5 s in
the process; as whole processes (issue 31), `larp cards print` of the 500 at most 5x the same
command printing one card (`--only`) of the same chronicle, its floor, measured beside it.

Run on demand from the repository: `python tests/bench/bench_cards.py`. In the process, each
figure is the best of three runs; as whole processes, the median of three of the CPU seconds
(user + system, `RUSAGE_CHILDREN`) and of the peak memory (`ru_maxrss`).
"""

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from larp.cards import current_card, issued_payload, print_cards  # noqa: E402
from larp.cards.qr import qr_code  # noqa: E402
from larp.sheet import load_chronicle  # noqa: E402
from tests.cards.made_chronicle import write_chronicle  # noqa: E402

CARDS = 500
BUDGET_SECONDS = 5.0
BUDGET_RATIO = 5.0
RUNS = 3
ALONE = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, capture_output=True); "
         "used = resource.getrusage(resource.RUSAGE_CHILDREN); print(used.ru_utime + used.ru_stime, used.ru_maxrss)")
"""Runs a command and says its CPU seconds and peak memory (KB), so that each figure is that process's own."""


def whole_process(command: list[str]) -> tuple[float, float]:
    """The median CPU seconds and peak MB of `RUNS` runs of `command` as a process of its own."""
    runs = []
    for _ in range(RUNS):
        out = subprocess.run([sys.executable, "-c", ALONE, *command], check=True, capture_output=True, text=True).stdout
        cpu, peak = out.split()
        runs.append((float(cpu), int(peak) / 1024))
    return statistics.median(cpu for cpu, _ in runs), statistics.median(peak for _, peak in runs)


def best_time(work) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        os.environ["LARP_HOME"] = str(Path(folder) / "home")
        chronicle = load_chronicle(write_chronicle(Path(folder) / "chronicle", characters=CARDS))
        out = Path(folder) / "cards.pdf"
        print_cards(chronicle, out, only=[next(iter(chronicle.characters))])  # loads the libraries, makes the key

        whole = best_time(lambda: print_cards(chronicle, out))
        cards = [current_card(chronicle, character) for character in chronicle.characters]
        payloads = [issued_payload(card) for card in cards]
        matrices = best_time(lambda: [qr_code(card, payload) for card, payload in zip(cards, payloads)])

        print(f"{CARDS} cards to PDF: {whole:.2f} s (budget {BUDGET_SECONDS:.0f} s), {out.stat().st_size // 1024} KiB")
        print(f"{CARDS} QR matrices alone: {matrices:.2f} s; the PDF takes {whole / matrices:.2f} times as long")

        printing = [sys.executable, "-m", "larp", "cards", "print", "--chronicle", str(Path(folder) / "chronicle"),
                    "--db", str(Path(folder) / "none.sqlite3"), "--out", str(out)]
        one_cpu, one_peak = whole_process([*printing, "--only", "character-7"])
        all_cpu, all_peak = whole_process(printing)
        ratio = all_cpu / one_cpu
        print(f"whole processes: one card {one_cpu:.2f} s CPU, {one_peak:.0f} MB (the floor); {CARDS} cards "
              f"{all_cpu:.2f} s CPU, {all_peak:.0f} MB = {ratio:.2f}x (≤ {BUDGET_RATIO:g}x: {'met' if ratio <= BUDGET_RATIO else 'NOT met'})")
    return 0 if whole <= BUDGET_SECONDS and ratio <= BUDGET_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
