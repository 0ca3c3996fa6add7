"""Commands that make a great many objects once and keep most of them until they exit."""

import atexit
import functools
import gc
from typing import Callable


def collector_paused(run: Callable[..., int]) -> Callable[..., int]:
    """`run` with the cyclic garbage collector paused: a replay, a merge or a reconciliation
    frees what it drops by reference counting, and the collector, run again and again over
    the objects it keeps, took most of a large night's time (tests/bench/bench_resolve.py,
    tests/bench/bench_reconcile.py).

    The process ends soon after such a command: its last passes of the collector, at exit,
    over every object the command and its imports made (pydantic's above all) are spared
    (`gc.freeze`), since the memory goes with the process. They took 23 ms of the 700 of
    `larp resolve` on a night of 10,000 challenges."""

    @functools.wraps(run)
    def paused(args) -> int:
        gc.disable()
        try:
            return run(args)
        finally:
            gc.enable()
            atexit.unregister(gc.freeze)  # once, however many commands a process runs (the tests)
            atexit.register(gc.freeze)

    return paused
