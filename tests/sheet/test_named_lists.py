"""A sheet's named lists and text fields: written as TOML and read back the same, absent from
an older sheet, and a malformed item refused naming the file, the line and the field."""

import pytest

from larp.sheet.character import Sheet
from larp.sheet.errors import SheetError
from larp.sheet.loading import load_sheet
from larp.sheet.named_lists import ListTrait
from larp.sheet.toml_writing import sheet_toml

ADAM = Sheet(
    id="adam", traits={},
    lists={"Disciplines": [ListTrait(name="Auspex", rating=2), ListTrait(name="Dominate", note="[ST]ghoul[/ST]")],
           "Health Levels": [ListTrait(name="Healthy", rating=2), ListTrait(name="Healthy", rating=2)]},
    attributes={"Nature": "Judge", "Generation": "10", "Path": "Humanity"},
)


def test_named_lists_and_text_fields_read_back_from_toml_as_written(tmp_path):
    path = tmp_path / "adam.toml"
    path.write_text(sheet_toml(ADAM), "utf-8")
    assert load_sheet(path) == ADAM


def test_an_item_rated_one_with_no_note_is_written_by_its_name_alone():
    text = sheet_toml(ADAM)
    assert '[[lists."Health Levels"]]' in text
    assert 'name = "Dominate"\nnote = "[ST]ghoul[/ST]"' in text


def test_a_sheet_written_before_named_lists_still_loads(tmp_path):
    path = tmp_path / "old.toml"
    path.write_text('id = "old"\n\n[traits]\nphysical = { Quick = 1 }\n', "utf-8")
    sheet = load_sheet(path)
    assert sheet.lists == {} and sheet.attributes == {}


@pytest.mark.parametrize("bad, line, field", [
    ("rating = 0", 10, "lists.Disciplines[1].rating"),
    ('rating = "two"', 10, "lists.Disciplines[1].rating"),
    ("colour = 2", 10, "lists.Disciplines[1].colour"),
])
def test_a_malformed_list_item_is_refused_naming_file_line_and_field(tmp_path, bad, line, field):
    text = sheet_toml(ADAM)
    assert text.splitlines()[line - 1] == 'note = "[ST]ghoul[/ST]"'
    path = tmp_path / "adam.toml"
    path.write_text(text.replace('note = "[ST]ghoul[/ST]"', bad), "utf-8")
    with pytest.raises(SheetError) as raised:
        load_sheet(path)
    assert str(raised.value).startswith(f"{path}, line {line}: {field}")


def test_an_item_without_a_name_is_refused():
    with pytest.raises(ValueError):
        ListTrait(name="   ")
