"""A sheet or chronicle written as TOML reads back as the same values, whatever its texts hold,
and a text of several lines reads as it is wherever a literal block can hold it."""

import tomllib

import pytest

from larp.sheet.toml_writing import document

TEXTS = [
    "plain", "", "two\nlines", "two\nlines\n", "\n", "ends with a quote'", "ends with a quote\nand a break'\n",
    "ends with a quote\nthen text' x", "three ''' quotes\ninside", "two '' quotes\ninside", "a tab\tand\na break",
    "a CR LF\r\nline", "a bare CR\rline", "DEL \x7f\nhere", "a bell \x07\nhere", 'a "quoted"\nword', "back\\slash\nhere",
    "é ü Анна\nline", "nul \x00\nhere", "= [x] # not toml\n",
]


@pytest.mark.parametrize("text", TEXTS)
def test_every_text_reads_back_as_it_was_written(text):
    data = {"id": "ann", "notes": text, "count": 3, "kept": {"grapevine": text, "attributes": {text or "k": text}}}
    assert tomllib.loads(document(data)) == data


@pytest.mark.parametrize("text", ["two\nlines", "two\nlines\n", "a tab\tand\na break", "é ü Анна\nline"])
def test_a_text_of_several_lines_is_written_as_a_literal_block(text):
    assert f"notes = '''\n{text}'''" in document({"notes": text})


@pytest.mark.parametrize("text", ["ends with a quote\nand a break'\n", "three ''' quotes\ninside", "a CR LF\r\nline",
                                  "DEL \x7f\nhere", "one line"])
def test_a_text_no_literal_block_holds_is_written_as_a_quoted_string(text):
    assert document({"notes": text}).startswith('notes = "')
