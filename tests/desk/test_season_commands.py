"""The season between two games, through the `larp` commands: what issue 21 saw lost, kept."""

import json

import pytest

from larp.desk import Desk
from larp.ledger import Kind
from tests.desk.test_between_games import edit_folder, write_sheet
from tests.ledger.helpers import SHEETS, larp, write_chronicle


@pytest.fixture
def season(tmp_path, capsys):
    """Game 1 played and closed at station hall; the folder and the record, between games."""
    folder = write_chronicle(tmp_path / "chronicle", willpower_refresh="keep")
    db = tmp_path / "night.sqlite3"
    with Desk.open(db, folder, station="hall", narrator="Ann") as desk:
        desk.regain("cody", "physical")
        desk.archive_night()

    def run(*args):
        return larp(capsys, *args, "--db", db)

    run.folder, run.db = folder, db
    return run


def opened_nights(db):
    with Desk.read(db) as desk:
        return [row.number for row in desk.ledger.nights() if desk.under_way(row.number)]


def test_sheet_edits_between_games_are_not_dropped_the_opening_asks_and_then_every_view_agrees(season):
    edit_folder(season.folder)
    status, out, err = season("night", "open")
    assert status == 1 and "Janet Reyes: Social +Commanding; Dodge 1 → 2" in err and "Wick: file gone" in err
    assert opened_nights(season.db) == [1]
    status, out, err = season("night", "open", "--apply")
    assert status == 0 and "Night 2" in out
    _, scanned, _ = season("scan", "--text", season("cards", "payload", "janet")[1], "--format", "json")
    _, reconciled, _ = season("reconcile", "--format", "json")
    janet = json.loads(reconciled)["characters"]["janet"]["start"]
    assert json.loads(scanned)["character"]["traits"]["social"] == {"Charismatic": 2, "Witty": 1, "Commanding": 1}
    assert janet["totals"]["social"] == 4 and janet["abilities"] == json.loads(scanned)["character"]["abilities"]
    with Desk.read(season.db) as desk:
        assert desk.standing().characters["janet"].abilities["Dodge"] == 2


def test_a_retired_character_is_refused_at_the_door_off_the_roster_and_gets_no_new_card(season):
    (season.folder / "wick.toml").unlink()
    status, out, _ = season("retire", "wick", "--reason", "the sheet was withdrawn")
    assert status == 0 and "Wick before night 2: status active → retired (the sheet was withdrawn)" in out
    status, _, err = season("scan", "--text", season("cards", "payload", "wick")[1])
    assert status == 1 and "Wick is retired (the sheet was withdrawn)" in err
    status, _, err = season("cards", "reissue", "wick")
    assert status == 1 and "Wick is retired (the sheet was withdrawn): no card" in err
    assert season("night", "open")[0] == 0
    with Desk.read(season.db) as desk:
        assert "wick" not in {state.sheet.id for state in desk.roster()}
        [retired] = desk.entries(character="wick", night=2)  # his history stays, and says who, when, why
        assert retired.kind is Kind.BETWEEN and retired.payload["why"] == "the sheet was withdrawn"
        assert desk.sheet("wick").status == "retired"


def test_larp_change_between_games_opens_no_night_and_the_next_night_starts_from_it(season, tmp_path):
    grown = tmp_path / "ruth.toml"
    write_sheet(tmp_path, {**SHEETS["ruth"], "abilities": {"Occult": 1}})
    status, out, _ = season("change", grown, "--reason", "bought Occult")
    assert status == 0 and "Ruth Abernathy before night 2: +Occult 1; bought Occult" in out
    assert opened_nights(season.db) == [1]
    assert season("night", "open")[0] == 0
    with Desk.read(season.db) as desk:
        assert desk.sheet("ruth").abilities == {"Occult": 1}


def test_a_character_added_from_a_file_elsewhere_gets_a_card_and_is_told_where_her_sheet_lives(season, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    write_sheet(elsewhere, {"id": "vik", "name": "Vik", "traits": {"physical": {"Quick": 2}}, "willpower": 3})
    status, out, _ = season("add", elsewhere / "vik.toml")
    assert status == 0 and f"now lives in the chronicle folder: {season.folder / 'vik.toml'}" in out
    status, out, err = season("cards", "print", "--only", "vik", "--out", tmp_path / "vik.pdf")
    assert status == 0 and "1 card" in out and (tmp_path / "vik.pdf").is_file()
    assert season("night", "open")[0] == 0  # the folder's copy is the record's sheet: nothing to ask


def test_the_next_game_before_it_starts_names_the_chronicle_and_shows_the_start_the_door_shows(season):
    status, out, _ = season("reconcile", "--night", "2")
    assert status == 0 and out.startswith("# Night 2 of Alder Bay: before it opens")
    assert "## Cody Harlan (cody)" in out
    _, following, _ = season("next", "--format", "json")
    cody = json.loads(following)["characters"]["cody"]["start"]
    _, scanned, _ = season("scan", "--text", season("cards", "payload", "cody")[1], "--format", "json")
    assert json.loads(scanned)["willpower_now"] == cody["willpower"]
    assert season("night", "open")[0] == 0
    with Desk.read(season.db) as desk:
        assert desk.character("cody").willpower == cody["willpower"]
        assert desk.entries(kind=Kind.BETWEEN.value) == []


def test_the_door_shows_willpower_as_she_will_start_when_the_chronicle_keeps_it(season, tmp_path):
    with Desk.read(season.db) as desk:
        kept = desk.starting()["janet"].willpower
    _, out, _ = season("scan", "--text", season("cards", "payload", "janet")[1])
    rating = SHEETS["janet"]["willpower"]
    assert (f"Willpower {rating}" if kept == rating else f"Willpower {kept} of {rating}") in out


def test_chronicle_export_writes_the_folder_as_it_stands_so_that_files_and_record_agree(season, tmp_path):
    from larp.sheet import load_chronicle

    season("retire", "cody", "--reason", "moved to Seattle")
    grown = tmp_path / "ruth.toml"
    write_sheet(tmp_path, {**SHEETS["ruth"], "abilities": {"Occult": 1}})
    season("change", grown)
    status, out, _ = season("chronicle", "export", season.folder, "--out", tmp_path / "next")
    assert status == 0 and "chronicle.toml" in out
    with Desk.read(season.db) as desk:
        assert load_chronicle(tmp_path / "next").characters == desk.standing().characters
    status, out, _ = season("chronicle", "export", season.folder)
    assert status == 0 and "2 files written (cody.toml, ruth.toml), 2 sheets already as the record has them" in out
    assert load_chronicle(season.folder).characters["cody"].status == "retired"
    status, out, _ = season("night", "open")
    assert status == 0
    with Desk.read(season.db) as desk:
        assert desk.sheet("ruth").abilities == {"Occult": 1} and desk.sheet("cody").status == "retired"


def test_cards_print_changed_prints_exactly_the_cards_whose_face_or_serial_changed(season, tmp_path):
    status, out, _ = season("cards", "print", "--out", tmp_path / "all.pdf")
    assert status == 0 and "4 cards" in out
    write_sheet(tmp_path, {**SHEETS["ruth"], "public": ["Back from Boston."]})
    season("change", tmp_path / "ruth.toml")
    write_sheet(tmp_path, {**SHEETS["wick"], "abilities": {"Stealth": 3}})  # not on the card's face
    season("change", tmp_path / "wick.toml")
    season("cards", "reissue", "janet")
    status, out, _ = season("cards", "print", "--changed", "--out", tmp_path / "changed.pdf")
    assert status == 0 and "2 cards" in out and "Changed since the last print: Janet Reyes, Ruth Abernathy" in out
    status, out, _ = season("cards", "print", "--changed", "--out", tmp_path / "again.pdf")
    assert status == 0 and "nothing printed" in out and not (tmp_path / "again.pdf").exists()
