"""A binary Grapevine file (GVBE) gives the same characters as its XML twin."""

import pytest

from larp.grapevine.folder import read_file
from tests.grapevine.samples import binary_twins, need_samples, shown

pytestmark = need_samples


@pytest.mark.parametrize("twins", binary_twins(), ids=lambda t: t[0].name)
def test_a_binary_file_gives_its_xml_twins_characters(twins):
    binary, xml = twins
    from_binary = list(read_file(binary).chronicle.characters.values())
    from_xml = list(read_file(xml).chronicle.characters.values())
    assert [shown(sheet) for sheet in from_binary] == [shown(sheet) for sheet in from_xml]
    assert [(s.traits, s.negative, s.abilities, s.willpower, s.lineage) for s in from_binary] == [
        (s.traits, s.negative, s.abilities, s.willpower, s.lineage) for s in from_xml]
    assert [entries(s) for s in from_binary] == [entries(s) for s in from_xml]


def entries(sheet) -> list[tuple]:
    """Each entry of the history, its time of day without AM or PM: the binary and XML copies of
    cathayans_demons_mummies disagree there (10:02:54 AM in the binary's VB Date, PM in the XML
    text), the only difference between the twins."""
    return [(e.date.removesuffix(" AM").removesuffix(" PM"), e.change, e.type, e.reason)
            for e in sheet.experience.history]
