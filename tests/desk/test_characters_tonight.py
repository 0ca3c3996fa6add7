"""Characters during the night: the chronicle folder read again (new and changed sheets shown,
then taken, each an entry, reversible), and `larp add FILE`, `larp change FILE`."""

import pytest

from larp.desk import DeskError
from larp.ledger import Kind
from larp.sheet import SheetError
from tests.ledger.helpers import SHEETS, larp, open_desk, toml_value, write_chronicle

NEWBIE = {"id": "newbie", "name": "Nell Newbie", "traits": {"physical": {"Quick": 2}, "social": {"Witty": 1}, "mental": {"Alert": 1}}, "willpower": 2}


def write_sheet(path, sheet: dict) -> None:
    path.write_text("\n".join(f"{key} = {toml_value(value)}" for key, value in sheet.items()) + "\n")


def test_a_sheet_added_to_the_folder_after_the_night_opened_is_found_and_joins(tmp_path):
    with open_desk(tmp_path) as desk:
        write_sheet(tmp_path / "chronicle" / "newbie.toml", NEWBIE)
        [change] = desk.folder_changes()
        assert change.is_new and change.sheet.id == "newbie" and change.file.endswith("newbie.toml")
        assert desk.lookup("newbie") == [] or desk.lookup("newbie")[0].id != "newbie"

        [entry] = desk.take([change])
        assert entry.kind is Kind.BETWEEN and entry.payload["joins"]["sheet"]["id"] == "newbie" and entry.character_ids == ("newbie",)
        assert desk.lookup("newbie")[0].id == "newbie"
        assert desk.folder_changes() == []


def test_a_changed_sheet_is_shown_with_its_fields_then_taken_and_reversed(tmp_path):
    with open_desk(tmp_path) as desk:
        grown = {**SHEETS["wick"], "abilities": {"Stealth": 2, "Dodge": 1}, "notes": "a new Merit"}
        write_sheet(tmp_path / "chronicle" / "wick.toml", grown)
        [change] = desk.folder_changes()
        assert not change.is_new and change.said == "private notes changed; +Dodge 1"
        [entry] = desk.take([change])
        assert desk.sheet("wick").abilities == {"Stealth": 2, "Dodge": 1}

        desk.reverse(entry.id, "the Merit was for next game")
        assert desk.sheet("wick").abilities == {"Stealth": 2}


def test_a_bad_file_in_the_folder_names_file_line_and_field_and_changes_nothing(tmp_path):
    with open_desk(tmp_path) as desk:
        before = desk.entries()
        write_sheet(tmp_path / "chronicle" / "newbie.toml", NEWBIE)
        (tmp_path / "chronicle" / "janet.toml").write_text('id = "janet"\nname = "Janet Reyes"\nwillpower = -3\n[traits.physical]\nQuick = 1\n')
        with pytest.raises(SheetError) as refused:
            desk.folder_changes()
        assert "janet.toml, line 3: willpower" in str(refused.value)
        assert desk.entries() == before and "newbie" not in desk.night().characters


def test_a_character_added_is_reversed_only_while_nothing_else_names_her(tmp_path):
    with open_desk(tmp_path) as desk:
        write_sheet(tmp_path / "chronicle" / "newbie.toml", NEWBIE)
        [joined] = desk.take(desk.folder_changes())
        desk.regain("newbie", "physical")
        with pytest.raises(DeskError, match="reverse it first"):
            desk.reverse(joined.id, "she never came")
        regain = desk.entries(kind=Kind.REGAIN.value)[0]
        desk.reverse(regain.id, "by mistake")
        desk.reverse(joined.id, "she never came")
        assert "newbie" not in desk.night().characters
        desk.reconcile()  # the reconciliation reads a night with a character sent away


def test_larp_add_and_larp_change_record_a_sheet_file(tmp_path, capsys):
    folder = write_chronicle(tmp_path / "chronicle")
    db = tmp_path / "night.sqlite3"
    newbie = tmp_path / "newbie.toml"
    write_sheet(newbie, NEWBIE)
    assert larp(capsys, "night", "open", "--db", db, "--chronicle", folder, "--station", "hall")[0] == 0
    status, out, err = larp(capsys, "add", newbie, "--db", db)
    assert status == 0 and "Nell Newbie joins the night" in out
    assert f"now lives in the chronicle folder: {folder / 'newbie.toml'}" in out

    write_sheet(newbie, {**NEWBIE, "willpower": 3})
    status, out, err = larp(capsys, "change", newbie, "--db", db)
    assert status == 0 and "Nell Newbie's sheet changes: Willpower 2 → 3" in out

    status, out, err = larp(capsys, "add", newbie, "--db", db)
    assert status == 1 and "already in tonight's record" in err

    write_sheet(newbie, {**NEWBIE, "willpower": -1})
    status, out, err = larp(capsys, "change", newbie, "--db", db)
    assert status == 2 and f"{newbie}, line 4: willpower" in err
    with open_desk(tmp_path) as desk:
        assert desk.sheet("newbie").willpower == 3
