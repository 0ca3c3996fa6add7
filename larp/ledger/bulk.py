"""Reading or folding a whole night at once."""

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def bulk() -> Iterator[None]:
    """Many objects made at once and all kept: the cyclic garbage collector waits until the
    work is done, rather than walking them again and again while they are being made."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
