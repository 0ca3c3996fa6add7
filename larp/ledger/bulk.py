"""Reading or folding a whole night at once."""

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def bulk() -> Iterator[None]:
    """Many objects made at once and all kept: the cyclic garbage collector waits until the
    work is done, rather than walking them again and again while they are being made; then
    they are set aside from it (`gc.freeze`), so that no later collection walks them either
    (on a big night each full collection took half a second of a station's screen)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if collecting:
            gc.enable()
