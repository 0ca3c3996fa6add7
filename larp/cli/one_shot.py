"""Commands that make a great many objects once and keep most of them until they exit."""

import functools
import gc
from typing import Callable


def collector_paused(run: Callable[..., int]) -> Callable[..., int]:
    """`run` with the cyclic garbage collector paused: a replay, a merge or a reconciliation
    frees what it drops by reference counting, and the collector, run again and again over
    the objects it keeps, took most of a large night's time (tests/bench/bench_resolve.py,
    tests/bench/bench_reconcile.py)."""

    @functools.wraps(run)
    def paused(args) -> int:
        gc.disable()
        try:
            return run(args)
        finally:
            gc.enable()

    return paused
