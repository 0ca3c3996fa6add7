"""A character's children kept as her file wrote them: cut from the file's text where its
layout is Grapevine's own and nothing in it can mislead the cut, and then exactly what
`to_text` would write; else written from the tree. Either way the sheet is the one a whole
read of the file gives."""

import re

import pytest

from larp.grapevine.creatures import LINEAGE
from larp.grapevine.files import parse
from larp.grapevine.nodes import to_text
from larp.grapevine.reading import read_chronicle, sheet_fields
from larp.grapevine.streaming import open_records
from tests.grapevine.handmade import gex, imported, listed
from tests.grapevine.samples import CREATURES, need_samples, xml_files

_A_CHARACTER = re.compile(rb"^  <(?:%s) " % "|".join(CREATURES).encode(), re.M)
WITH_CHARACTERS = [path for path in xml_files() if _A_CHARACTER.search(path.read_bytes())]


@need_samples
@pytest.mark.parametrize("path", WITH_CHARACTERS, ids=lambda path: path.name)
def test_every_sample_character_is_cut_from_her_file_as_to_text_writes_her(path):
    characters = 0
    for record in list(open_records(path.read_bytes(), str(path)).records)[1:]:
        if record.element.tag not in LINEAGE:
            continue
        characters += 1
        assert record.written is not None, f"{record.element.get('name')} was not cut from {path.name}"
        _, children = sheet_fields(record.element)
        if all(child is was for child, was in zip(children, record.element)):  # no list renamed since
            assert record.written == to_text(children)
    assert characters


def _character(*lines: str, name: str = "Anna") -> str:
    return "\r\n".join([f'  <vampire name="{name}" clan="Toreador" status="Active">', *lines, "  </vampire>"])


PHYSICAL = listed("Physical", '<trait name="Quick" val="2"/>', attributes='abc="no" display="4"')
MISLEADING = {
    "a comment holding an end tag": ["    <!--", "  </vampire>", "    -->", *PHYSICAL],
    "an attribute in single quotes": ["    <traitlist name='Physical' abc='no' display='4'>", '      <trait name="Quick" val="2"/>', "    </traitlist>"],
    "a reference Grapevine never writes": [*listed("Physical", '<trait name="Bard&apos;s Tongue"/>', attributes='abc="no" display="4"')],
    "a raw > in a value": [*listed("Physical", '<trait name="Quick" note=">fast"/>', attributes='abc="no" display="4"')],
    "text outside a CDATA block": [*PHYSICAL, "    <notes>plain &amp; simple</notes>"],
    "two tags on one line": ['    <traitlist name="Physical" abc="no" display="4"><trait name="Quick" val="2"/>', "    </traitlist>"],
    "a tab for an indent": ['    <traitlist name="Physical" abc="no" display="4">', '\t<trait name="Quick" val="2"/>', "    </traitlist>"],
    "two spaces between attributes": [*listed("Physical", '<trait name="Quick"  val="2"/>', attributes='abc="no" display="4"')],
    "an empty element closed apart": [*PHYSICAL, '    <traitlist name="Bonds" abc="yes" display="1"></traitlist>'],
}


@pytest.mark.parametrize("lines", MISLEADING.values(), ids=MISLEADING.keys())
def test_a_record_that_could_mislead_the_cut_is_written_from_the_tree(lines):
    data = gex(_character(*lines), _character(*PHYSICAL, name="Bea"))
    records = [record for record in open_records(data, "hand.gex").records if record.element.tag == "vampire"]
    assert records[0].written is None
    assert records[1].written is not None  # the next character is cut again
    streamed = imported(data).chronicle.characters
    whole = read_chronicle(parse(data, "hand.gex"), "hand.gex", "hand").chronicle.characters
    assert streamed == whole
    assert streamed["anna"].kept["grapevine"] == to_text(sheet_fields(records[0].element)[1])


def test_notes_holding_a_characters_tags_are_cut_with_her_and_read_as_a_whole_read_reads_them():
    data = gex(_character(*PHYSICAL, "    <notes>", "      <![CDATA[line one\r\n  </vampire>\r\n  <vampire name=\"Ghost\">\r\nline three]]>", "    </notes>"))
    record = [record for record in open_records(data, "hand.gex").records if record.element.tag == "vampire"][0]
    assert record.written is not None
    streamed = imported(data).chronicle.characters
    assert streamed == read_chronicle(parse(data, "hand.gex"), "hand.gex", "hand").chronicle.characters
    assert list(streamed) == ["anna"]
    assert streamed["anna"].notes == 'line one\n  </vampire>\n  <vampire name="Ghost">\nline three'
