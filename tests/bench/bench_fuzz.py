"""The loaders' fuzzers (tests/fuzz) run longer than CI runs them, with the count of damaged
documents each loader read and refused.

    python3 tests/bench/bench_fuzz.py [EXAMPLES]     (default 5000 per loader; CI runs 500)
"""

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def main() -> int:
    examples = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    with tempfile.TemporaryDirectory() as folder:
        counts = Path(folder) / "counts.json"
        env = {**os.environ, "LARP_FUZZ_EXAMPLES": str(examples), "LARP_FUZZ_COUNTS": str(counts)}
        started = time.perf_counter()
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "tests/fuzz", "-q", "-p", "no:xdist", "-p", "no:randomly"],
            cwd=REPO, env=env,
        )
        took = time.perf_counter() - started
        found = json.loads(counts.read_text()) if counts.exists() else {}
    loaders = sorted({key.rsplit(" ", 1)[0] for key in found})
    print(f"{'loader':<16} {'examples':>9} {'accepted':>9} {'refused':>8}")
    for loader in loaders:
        accepted, refused = found.get(f"{loader} accepted", 0), found.get(f"{loader} refused", 0)
        print(f"{loader:<16} {accepted + refused:>9} {accepted:>9} {refused:>8}")
    print(f"{sum(found.values())} damaged documents in {took:.1f} s; tracebacks: {'none' if run.returncode == 0 else 'see above'}")
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
