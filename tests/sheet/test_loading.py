"""Loading sheets, chronicles and transcripts: errors name the file, the line and the field."""

import json
from pathlib import Path

import pytest

from larp.cli import main
from larp.sheet import SheetError, load_chronicle, load_sheet
from larp.sheet.loading import load_transcript

CODY = """id = "cody"
name = "Cody"

[traits.physical]
Quick = 1
Tough = 0

[abilities]
Dodge = 2
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text)
    return path


def test_a_toml_sheet_error_names_the_file_the_line_and_the_field(tmp_path):
    with pytest.raises(SheetError) as refused:
        load_sheet(write(tmp_path, "cody.toml", CODY))
    assert str(refused.value).startswith(f"{tmp_path / 'cody.toml'}, line 6: traits.physical.Tough:")


def test_a_misspelt_field_is_refused_with_its_line(tmp_path):
    with pytest.raises(SheetError) as refused:
        load_sheet(write(tmp_path, "cody.toml", CODY.replace("Tough = 0", "Tough = 1").replace('name = "Cody"', 'name = "Cody"\nwilpower = 3')))
    assert "line 3: wilpower: not a field" in str(refused.value)


def test_a_toml_syntax_error_names_the_line(tmp_path):
    with pytest.raises(SheetError) as refused:
        load_sheet(write(tmp_path, "cody.toml", 'id = "cody"\ntraits = {\n'))
    assert "is not valid TOML" in str(refused.value) and "line" in str(refused.value)


def test_a_json_sheet_loads_and_a_broken_one_names_its_line(tmp_path):
    sheet = load_sheet(write(tmp_path, "jen.json", json.dumps({"id": "jen", "traits": {"mental": {"Wily": 3}}})))
    assert sheet.traits.mental == {"Wily": 3}
    with pytest.raises(SheetError) as refused:
        load_sheet(write(tmp_path, "bad.json", '{"id": "jen",\n "traits": }'))
    assert "line 2" in str(refused.value)


def test_a_chronicle_is_its_toml_and_one_file_per_character(tmp_path):
    write(tmp_path, "chronicle.toml", 'id = "test"\nname = "Test"\n[house_rules]\nequal_tie = "both-lose"\n')
    write(tmp_path, "cody.toml", CODY.replace("Tough = 0", "Tough = 2"))
    chronicle = load_chronicle(tmp_path)
    assert chronicle.house_rules.equal_tie == "both-lose" and list(chronicle.characters) == ["cody"]


def test_two_files_with_one_id_are_refused_naming_both(tmp_path):
    write(tmp_path, "chronicle.toml", 'id = "test"\nname = "Test"\n')
    write(tmp_path, "cody.toml", CODY.replace("Tough = 0", "Tough = 2"))
    write(tmp_path, "cody2.toml", CODY.replace("Tough = 0", "Tough = 1"))
    with pytest.raises(SheetError) as refused:
        load_chronicle(tmp_path)
    assert "cody2.toml" in str(refused.value) and "cody.toml" in str(refused.value)


def test_a_folder_without_chronicle_toml_is_refused(tmp_path):
    with pytest.raises(SheetError) as refused:
        load_chronicle(tmp_path)
    assert "has no chronicle.toml" in str(refused.value)


def test_an_unknown_house_rule_value_names_the_field(tmp_path):
    write(tmp_path, "chronicle.toml", 'id = "test"\nname = "Test"\n\n[house_rules]\nequal_tie = "coin"\n')
    with pytest.raises(SheetError) as refused:
        load_chronicle(tmp_path)
    assert "line 5: house_rules.equal_tie" in str(refused.value)


def test_a_transcript_naming_a_character_twice_is_refused():
    text = json.dumps({"characters": [{"id": "a", "traits": {}}, {"id": "a", "traits": {}}], "events": []})
    with pytest.raises(SheetError) as refused:
        load_transcript(text)
    assert "characters[1].id" in str(refused.value)


@pytest.mark.parametrize("what", ["sheet", "chronicle", "transcript"])
def test_larp_schema_prints_a_json_schema(what, capsys):
    assert main(["schema", what]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["type"] == "object" and schema["additionalProperties"] is False
