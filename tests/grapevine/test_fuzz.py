"""Five hundred mutations of a real Grapevine file: each is read or refused with a
GrapevineError, never a traceback, the same read a record at a time (as `larp chronicle import`
reads) as whole, and what is read goes out and back the same (fixed seed)."""

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from larp.grapevine import GrapevineError
from larp.grapevine.files import parse
from larp.grapevine.reading import read_chronicle
from larp.grapevine.writing import write_gex
from tests.grapevine.handmade import imported
from tests.grapevine.samples import need_samples, sample

BASE = sample("crapvine/value_for_everything.gex").read_bytes() if sample("crapvine").is_dir() else b""
SPICE = [b"<", b">", b'"', b"&", b"\x00", b"\x85", b"\xff", b"/>", b'val="x"', b'val="-5"', b"<!DOCTYPE",
         b"<vampire>", b"</traitlist>", b"]]>", b"<![CDATA[", b'willpower="999"', b"\r\n", b"\xc3"]

mutation = st.tuples(
    st.sampled_from(["cut", "insert", "delete", "replace"]),
    st.integers(min_value=0, max_value=max(len(BASE) - 1, 0)),
    st.integers(min_value=1, max_value=200),
    st.sampled_from(SPICE),
)


def mutate(data: bytes, steps) -> bytes:
    for kind, at, length, spice in steps:
        at = min(at, len(data))
        if kind == "cut":
            data = data[:at]
        elif kind == "insert":
            data = data[:at] + spice + data[at:]
        elif kind == "delete":
            data = data[:at] + data[at + length:]
        else:
            data = data[:at] + spice + data[at + len(spice):]
    return data


@need_samples
@pytest.mark.slow
@settings(max_examples=500, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(mutation, min_size=1, max_size=4))
def test_a_mutated_file_is_read_or_refused_never_a_traceback(steps):
    data = mutate(BASE, steps)
    try:
        chronicle = imported(data).chronicle
    except GrapevineError as error:
        assert "hand.gex" in str(error) or "can't become" in str(error)
        with pytest.raises(GrapevineError):
            read_chronicle(parse(data, "mutated.gex"), "mutated.gex", "mutated")
        return
    whole = read_chronicle(parse(data, "mutated.gex"), "mutated.gex", "hand").chronicle
    assert whole.characters == chronicle.characters
    again = imported(write_gex(chronicle)).chronicle
    assert again.characters.keys() == chronicle.characters.keys()
    assert [(s.traits, s.negative, s.abilities, s.experience) for s in again.characters.values()] == [
        (s.traits, s.negative, s.abilities, s.experience) for s in chronicle.characters.values()]
