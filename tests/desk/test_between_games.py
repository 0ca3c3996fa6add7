"""Between games: the chronicle folder and the record agree before a night opens, and nothing a
Narrator changed in either is silently lost."""

import pytest

from larp.desk import Desk, DeskError
from larp.desk.season import FolderDiffers
from larp.ledger import Kind
from tests.ledger.helpers import SHEETS, open_desk, toml_value, write_chronicle


def played_and_closed(tmp_path, **settings):
    folder = write_chronicle(tmp_path / "chronicle", **settings)
    with Desk.open(tmp_path / "night.sqlite3", folder, station="hall", narrator="Ann") as desk:
        desk.archive_night()
    return folder


def write_sheet(folder, sheet: dict) -> None:
    body = "\n".join(f"{key} = {toml_value(value)}" for key, value in sheet.items())
    (folder / f"{sheet['id']}.toml").write_text(body + "\n")


def edit_folder(folder) -> None:
    janet = {**SHEETS["janet"], "traits": {**SHEETS["janet"]["traits"], "social": {"Charismatic": 2, "Witty": 1, "Commanding": 1}}}
    write_sheet(folder, {**janet, "abilities": {"Leadership": 2, "Dodge": 2}})
    (folder / "wick.toml").unlink()
    write_sheet(folder, {"id": "sofia", "name": "Sofia", "traits": {"social": {"Alluring": 1}}, "willpower": 2})


def reopen(tmp_path, folder, **options):
    return Desk.open(tmp_path / "night.sqlite3", folder, station="hall", narrator="Ann", **options)


def test_folder_edits_between_games_refuse_the_opening_trait_by_trait_and_open_nothing(tmp_path):
    folder = played_and_closed(tmp_path)
    edit_folder(folder)
    with pytest.raises(FolderDiffers) as refused:
        reopen(tmp_path, folder)
    said = [difference.line() for difference in refused.value.differences]
    assert said == ["Janet Reyes: Social +Commanding; Dodge 1 → 2", "Sofia: new", "Wick: file gone"]
    assert "--apply" in str(refused.value) and "nothing was opened" in str(refused.value)
    with Desk.read(tmp_path / "night.sqlite3") as desk:
        assert desk.entries(night=2) == []


def test_folder_edits_applied_on_confirm_are_between_games_entries_saying_who_when_and_why(tmp_path):
    folder = played_and_closed(tmp_path)
    edit_folder(folder)
    with reopen(tmp_path, folder, folder_edits="apply") as desk:
        assert desk.night_number == 2
        assert desk.sheet("janet").traits.social["Commanding"] == 1 and desk.sheet("janet").abilities["Dodge"] == 2
        assert "sofia" in {state.sheet.id for state in desk.roster()}
        assert "wick" not in {state.sheet.id for state in desk.roster()}
        assert desk.sheet("wick").status == "retired"
        between = desk.entries(kind=Kind.BETWEEN.value)
        assert {entry.character_ids[0] for entry in between} == {"janet", "sofia", "wick"}
        janet = next(entry for entry in between if entry.character_ids == ("janet",))
        assert janet.narrator == "Ann" and janet.wall_time and "Social +Commanding; Dodge 1 → 2" in janet.summary
        assert janet.payload["file"].endswith("janet.toml") and "edited in the chronicle folder" in janet.payload["why"]
    with reopen(tmp_path, folder) as again:
        assert again.night_number == 2  # the same night, asked nothing more


def test_folder_edits_kept_out_leave_the_record_s_sheets_and_are_not_asked_again(tmp_path):
    folder = played_and_closed(tmp_path)
    edit_folder(folder)
    with reopen(tmp_path, folder, folder_edits="keep") as desk:
        assert desk.sheet("janet").abilities["Dodge"] == 1 and "sofia" not in desk.tonight.characters
        assert desk.entries(kind=Kind.BETWEEN.value) == []
        desk.archive_night()
    with reopen(tmp_path, folder) as desk:
        assert desk.night_number == 3


def test_a_change_the_record_made_between_games_is_not_undone_by_a_folder_that_has_not_heard_of_it(tmp_path):
    folder = played_and_closed(tmp_path)
    with Desk.open(tmp_path / "night.sqlite3", folder, station="hall", narrator="Ann", open_night=False) as desk:
        desk.retire("cody", "moved to Seattle")
    with reopen(tmp_path, folder) as desk:
        assert desk.sheet("cody").status == "retired" and desk.sheet("cody").status_reason == "moved to Seattle"


def test_a_change_between_games_opens_no_night_and_the_next_night_starts_from_it(tmp_path):
    folder = played_and_closed(tmp_path)
    with Desk.open(tmp_path / "night.sqlite3", folder, station="hall", narrator="Ann", open_night=False) as desk:
        grown = desk.standing().characters["wick"].model_copy(update={"abilities": {"Stealth": 3}})
        entry = desk.amend(grown, "bought Stealth 3")
        assert entry.kind is Kind.BETWEEN and not desk.night_open_here
        assert "Stealth 2 → 3" in entry.summary and "bought Stealth 3" in entry.summary
        assert desk.ledger.entries(desk.ledger.night("alder-bay", 2), kind=Kind.OPENED.value) == []
        assert desk.standing().characters["wick"].abilities == {"Stealth": 3}
    with reopen(tmp_path, folder) as desk:
        assert desk.sheet("wick").abilities == {"Stealth": 3}


def test_willpower_kept_between_games_moves_with_a_dot_bought_and_the_door_shows_the_start(tmp_path):
    folder = write_chronicle(tmp_path / "chronicle", willpower_refresh="keep")
    with Desk.open(tmp_path / "night.sqlite3", folder, station="hall", narrator="Ann") as desk:
        desk.record_all  # noqa: B018  (the night is open)
        tired = desk.sheet("cody")
        desk.archive_night()
    with Desk.open(tmp_path / "night.sqlite3", folder, station="hall", open_night=False) as desk:
        assert desk.starting()["cody"].willpower == tired.willpower
        desk.amend(tired.model_copy(update={"willpower": tired.willpower + 1}), "bought a dot of Willpower")
        assert desk.starting()["cody"].willpower == tired.willpower + 1
    with reopen(tmp_path, folder) as desk:
        assert desk.character("cody").willpower == tired.willpower + 1


def test_a_retired_character_leaves_the_roster_her_card_is_refused_and_her_history_is_kept(tmp_path):
    from larp.cards import current_card, issued_payload

    desk = open_desk(tmp_path)
    payload = issued_payload(current_card(desk.chronicle, "wick"))
    assert desk.lookup(payload)[0].id == "wick"
    desk.retire("wick", "died at the docks", status="dead")
    assert "wick" not in {state.sheet.id for state in desk.roster()}
    with pytest.raises(DeskError, match="Wick is dead \\(died at the docks\\): not in play"):
        desk.lookup("Wick")  # by name, she is said to be dead, never "nobody matches" (issue 28, item 8)
    with pytest.raises(DeskError, match="Wick is dead \\(died at the docks\\)"):
        desk.lookup(payload)
    [retired] = desk.entries(character="wick")  # an operation of the season: the field it changes, from what to what
    assert retired.kind is Kind.BETWEEN and retired.payload["fields"]["status"] == ["active", "dead"]
    desk.retire("wick", "", status="active")
    assert desk.lookup(payload)[0].id == "wick"


def test_retiring_asks_for_a_reason_and_a_known_character(tmp_path):
    desk = open_desk(tmp_path)
    with pytest.raises(DeskError, match="say why"):
        desk.retire("wick", "  ")
    with pytest.raises(DeskError, match="no character 'nobody'"):
        desk.retire("nobody", "gone")
    with pytest.raises(DeskError, match="a status is one of"):
        desk.retire("wick", "gone", status="asleep")


def test_ctrl_l_during_the_night_sees_a_file_gone_and_retires_the_character_on_confirm(tmp_path):
    desk = open_desk(tmp_path)
    (tmp_path / "chronicle" / "wick.toml").unlink()
    [gone] = desk.folder_changes()
    assert gone.line() == "Wick: file gone"
    desk.take([gone])
    assert desk.sheet("wick").status == "retired" and "wick" not in {state.sheet.id for state in desk.roster()}
    assert desk.folder_changes() == []
