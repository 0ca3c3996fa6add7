"""A binary Grapevine file (GVBE) gives the same characters as its XML twin."""

import importlib.util

import pytest

from larp.grapevine.folder import read_file
from tests.grapevine.samples import binary_twins, need_samples, shown

pytestmark = [
    need_samples,
    pytest.mark.skipif(importlib.util.find_spec("larp.grapevine.binary") is None,
                       reason="larp/grapevine/binary.py, the binary reader (branch gvbinary), is not merged yet"),
]


@pytest.mark.parametrize("twins", binary_twins(), ids=lambda t: t[0].name)
def test_a_binary_file_gives_its_xml_twins_characters(twins):
    binary, xml = twins
    from_binary = list(read_file(binary).chronicle.characters.values())
    from_xml = list(read_file(xml).chronicle.characters.values())
    assert [shown(sheet) for sheet in from_binary] == [shown(sheet) for sheet in from_xml]
    assert [(s.traits, s.negative, s.abilities, day_only(s.experience)) for s in from_binary] == [
        (s.traits, s.negative, s.abilities, day_only(s.experience)) for s in from_xml]


def day_only(experience):
    """The history with each entry's date cut to its day: `cathayans_demons_mummies.bin.gex`
    holds its creation entries' times twelve hours before its XML twin (10:02:54 AM in the
    binary's Double, 10:02:54 PM in the XML), the one place the twins' data differ."""
    return experience.model_copy(update={"history": [
        entry.model_copy(update={"date": entry.date.split(" ")[0]}) for entry in experience.history]})
