"""A damaged binary Grapevine file is refused with a GrapevineError naming the file and the byte,
never another exception, never a hang: every truncation of the real files, hundreds of random
mutations (fixed seed), absurd counts and lengths, an unknown header or version."""

import struct

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from larp.grapevine.binary import read_binary
from larp.grapevine.errors import GrapevineError
from tests.grapevine.samples import need_samples, sample

pytestmark = need_samples

REAL = ["crapvine/value_for_everything.bin.gex", "crapvine/one_of_each.bin.gex",
        "crapvine/cathayans_demons_mummies.bin.gex", "grapevine-evolved/New Game Items.gex"]
SMALLEST = sample("crapvine/value_for_everything.bin.gex").read_bytes() if sample("crapvine").is_dir() else b""


def exchange(version: float = 3.0, *counts: int) -> bytes:
    """An exchange file's header and its section counts."""
    return struct.pack("<h4sd", 4, b"GVBE", version) + b"".join(struct.pack("<h", count) for count in counts)


@pytest.mark.parametrize("name, step", [(REAL[0], 1), *((name, 13) for name in REAL[1:])])
def test_every_truncation_of_a_real_file_is_refused_naming_the_byte(name, step):
    """Every prefix of the vampire with a value in every field; every 13th of the others."""
    data = sample(name).read_bytes()
    for length in range(0, len(data), step):
        with pytest.raises(GrapevineError, match=r"cut\.gex, byte \d+: ") as refused:
            read_binary(data[:length], "cut.gex")
        assert "cut short" in str(refused.value) or "counts" in str(refused.value) or length < 6


def test_a_byte_after_the_end_is_refused():
    with pytest.raises(GrapevineError, match=f"byte {len(SMALLEST)}: goes on for 1 bytes"):
        read_binary(SMALLEST + b"\x00", "long.gex")


@pytest.mark.parametrize("data, says", [
    (exchange(3.0, 0, 0, 0, 0, 0, -1), "byte 24: counts -1 characters"),
    (exchange(3.0, 0, 0, 0, 0, 0, 32767), "byte 24: counts 32767 characters, more than the 0 bytes left"),
    (exchange(3.0, 0, 0, 0, 0, 32000), "byte 22: counts 32000 players"),
    (exchange(3.0, 0, 0, 0, 0, 0, 1, 14) + b"\x00" * 200, "byte 26: gives character 1 the type 14"),
    (exchange(3.0, 0, 0, 0, 0, 0, 1, 2) + struct.pack("<h", -3) + b"\x00" * 200, "byte 28: gives the name of a vampire a length of -3"),
    (exchange(3.0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1), "byte 34: holds actions (1), which larp does not read"),
    (exchange(3.0, 1, 0), "byte 16: is cut short: it ends inside the calendar's last change (8 bytes needed, 2 left)"),
    (struct.pack("<h4sd", 4, b"GVBG", 2.395), "byte 6: is a game file of Grapevine's format 2.395, older than 2.396"),
    (exchange(2.0), "byte 6: is in Grapevine's binary format version 2"),
    (exchange(5.5), "byte 6: is in Grapevine's binary format version 5.5"),
    (struct.pack("<h4sd", 4, b"GVBE", float("nan")), "byte 6: holds no number in the format version"),
    (struct.pack("<h4s", 4, b"GVBM") + b"\x00" * 20, "byte 0: is not a binary Grapevine exchange or game file"),
])
def test_a_bad_file_is_refused_saying_what_and_where(data, says):
    with pytest.raises(GrapevineError) as refused:
        read_binary(data, "bad.gex")
    assert str(refused.value).startswith("bad.gex, byte ") and says in str(refused.value), str(refused.value)


def test_a_date_outside_vbs_years_is_refused():
    data = bytearray(SMALLEST)
    at = data.index(b"88878Then") + len(b"88878Then")
    data[at:at + 8] = struct.pack("<d", 1e12)
    with pytest.raises(GrapevineError, match=f"byte {at}: holds no date in the startdate of a vampire"):
        read_binary(bytes(data), "date.gex")


mutation = st.tuples(st.sampled_from(["flip", "set", "cut", "insert"]),
                     st.integers(min_value=0, max_value=max(len(SMALLEST) - 1, 0)),
                     st.integers(min_value=0, max_value=255))


@settings(max_examples=600, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(mutation, min_size=1, max_size=5))
def test_a_mutated_binary_file_is_read_or_refused_never_a_traceback(steps):
    """A mutation inside a string or a flag can leave a file Grapevine would read too: then it
    is read; any other is refused with a GrapevineError naming the file and a byte."""
    data = bytearray(SMALLEST)
    for kind, at, value in steps:
        at = min(at, len(data) - 1)
        if kind == "flip":
            data[at] ^= 1 << (value % 8)
        elif kind == "set":
            data[at] = value
        elif kind == "cut":
            del data[at:]
        else:
            data[at:at] = bytes([value]) * (value % 7 + 1)
        if not data:
            data = bytearray(b"\x00")
    try:
        root = read_binary(bytes(data), "mutated.gex")
    except GrapevineError as error:
        assert str(error).startswith("mutated.gex, byte ")
    else:
        assert root.tag == "grapevine"
