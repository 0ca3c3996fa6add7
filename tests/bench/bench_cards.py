"""Benchmark: 500 character cards to PDF, against the 500 QR matrices alone. Budget: 5 s.

Run on demand from the repository: `python tests/bench/bench_cards.py`. Each figure
is the best of three runs, so that other work on the machine weighs less.
"""

import os
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
RUNS = 3


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
    return 0 if whole <= BUDGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
