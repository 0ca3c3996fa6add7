"""Damage as hypothesis makes it: a valid document's bytes cut, flipped, spliced, repeated,
and its values swapped for the numbers, strings and nestings that broke loaders before.

The profile `ci` (the default) runs each fuzzer `EXAMPLES` times from a fixed seed (the
derandomized database-less run CI needs); `tests/bench/bench_fuzz.py` runs them longer.
"""

import os

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

EXAMPLES = int(os.environ.get("LARP_FUZZ_EXAMPLES", "500"))
settings.register_profile(
    "larp-fuzz",
    max_examples=EXAMPLES,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    print_blob=True,
)
FUZZ = settings.get_profile("larp-fuzz")

WEIRD = [
    b"", b"\x00", b"\xff\xfe", b"NaN", b"Infinity", b"-Infinity", b"1e400", b"-1e400",
    str(2**63).encode(), str(2**64).encode(), b"1" + b"0" * 400, b"-0", b"0.0", b"true", b"null",
    b"[]", b"{}", b'"', b"'", b"\\", b"\n", b"\r\n", b",", b":", b"=", b"[[[[[[[[", b"]]]]",
    b"{" * 3000, b"[" * 3000, b"\x1b[2J", "ä🗡".encode(), b'"a","a":1', b"x" * 70_000,
]


@st.composite
def mutated(draw, seed: bytes) -> bytes:
    """`seed` with one to four pieces of damage."""
    data = bytearray(seed)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        how = draw(st.sampled_from(["cut", "flip", "insert", "delete", "repeat", "weird", "swap"]))
        if how == "cut":
            del data[at:]
        elif how == "flip" and at < len(data):
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif how == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif how == "delete":
            del data[at : at + draw(st.integers(1, 16))]
        elif how == "repeat":
            piece = bytes(data[at : at + draw(st.integers(1, 64))])
            data[at:at] = piece * draw(st.integers(1, 3))
        elif how == "weird":
            data[at:at] = draw(st.sampled_from(WEIRD))
        elif how == "swap" and at < len(data):
            end = min(len(data), at + draw(st.integers(1, 12)))
            data[at:end] = draw(st.sampled_from(WEIRD))
    return bytes(data)
