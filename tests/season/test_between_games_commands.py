"""Between games at one station, as a Narrator types the commands: reading never opens or
closes anything, and every message says what is so."""

from larp.cards import current_card, issued_payload
from larp.desk import Desk
from larp.sheet import load_chronicle
from tests.ledger.helpers import larp, write_chronicle


def played(tmp_path, capsys, *check_in):
    folder = write_chronicle(tmp_path / "chronicle")
    where = ("--chronicle", folder, "--station", "hall", "--narrator", "Ann", "--db", tmp_path / "n.sqlite3")
    chronicle = load_chronicle(folder)
    assert larp(capsys, "night", "open", *where)[0] == 0
    for cid in check_in:
        assert larp(capsys, "checkin", "--text", issued_payload(current_card(chronicle, cid)), *where)[0] == 0
    assert larp(capsys, "close-night", "--db", tmp_path / "n.sqlite3")[0] == 0
    return ("--db", tmp_path / "n.sqlite3"), folder


def test_checkin_list_between_games_opens_nothing_and_lists_the_game_played(tmp_path, capsys):
    db, _ = played(tmp_path, capsys, "janet")
    status, out, _ = larp(capsys, "checkin", "--list", *db)
    assert status == 0 and out.splitlines()[0] == "In for night 1: 1 character" and "Janet Reyes" in out
    with Desk.read(tmp_path / "n.sqlite3") as desk:
        assert not desk.under_way(2)
    status, out, err = larp(capsys, "xp", "award", "--attended", *db)
    assert status == 0 and "Janet Reyes before night 2: earns" in out, err


def test_an_award_to_a_retired_character_says_she_is_retired(tmp_path, capsys):
    db, _ = played(tmp_path, capsys)
    assert larp(capsys, "retire", "wick", "--reason", "left for Boston", *db)[0] == 0
    status, out, err = larp(capsys, "xp", "award", "wick", "2", "--reason", "a late award", *db)
    assert status == 1 and out == "" and "Wick is retired (left for Boston)" in err and "no character" not in err


def test_a_between_games_entry_is_reversed_by_larp_reverse(tmp_path, capsys):
    db, _ = played(tmp_path, capsys)
    status, out, _ = larp(capsys, "xp", "award", "janet", "3", "--reason", "given twice", *db)
    entry = out.split()[0]
    status, out, err = larp(capsys, "reverse", entry[:8], "--reason", "given twice", *db)
    assert status == 0, err
    status, out, _ = larp(capsys, "xp", "log", "--character", "janet", *db)
    assert out.splitlines()[0] == "Janet Reyes (janet): earned 0, unspent 0"


def test_a_check_in_after_the_close_is_flagged_late(tmp_path, capsys):
    folder = write_chronicle(tmp_path / "chronicle")
    with Desk.open(tmp_path / "hall.sqlite3", folder, station="hall", narrator="Ann") as hall, Desk.open(
        tmp_path / "bar.sqlite3", folder, station="bar", narrator="Bo"
    ) as bar:
        hall.export(tmp_path / "hall-1.jsonl")
        bar.merge(tmp_path / "hall-1.jsonl")
        hall.archive_night()
        hall.export(tmp_path / "hall-2.jsonl")
        late = bar.check_in(issued_payload(current_card(load_chronicle(folder), "janet")))
        bar.export(tmp_path / "bar-1.jsonl")
        bar.merge(tmp_path / "hall-2.jsonl")
        hall.merge(tmp_path / "bar-1.jsonl")
        flagged = [a for a in hall.reconcile(night=1).anomalies if a.kind == "late-entry"]
        assert [a.entry.id for a in flagged] == [late.entry.id]


def test_xp_log_and_next_after_the_close_on_the_demo_chronicle_read_the_game_played(tmp_path, capsys):
    db = ("--db", tmp_path / "demo.sqlite3")
    assert larp(capsys, "night", "open", "--station", "hall", "--narrator", "Ann", *db)[0] == 0
    assert larp(capsys, "retire", "wick", "--reason", "left for Boston", *db)[0] == 0
    status, out, _ = larp(capsys, "close-night", *db)
    assert status == 0 and "(15 characters and 1 retired or dead)" in out, out
    status, out, err = larp(capsys, "xp", "log", *db)
    assert status == 0 and "Janet Reyes (janet): earned" in out, err
    status, out, err = larp(capsys, "next", *db)
    assert status == 0 and "Janet Reyes" in out, err


def test_chronicle_export_into_the_folder_leaves_a_hand_edit_not_taken_and_names_it(tmp_path, capsys):
    db, folder = played(tmp_path, capsys)
    assert larp(capsys, "xp", "award", "cody", "2", "--reason", "a scene", *db)[0] == 0
    janet = folder / "janet.toml"
    janet.write_text(janet.read_text().replace('"Leadership" = 2', '"Leadership" = 3'))
    edited = janet.read_text()
    status, out, err = larp(capsys, "chronicle", "export", folder, *db)
    assert status == 0, err
    assert "cody.toml" in out.splitlines()[0] and "left as they are: janet.toml" in out
    assert janet.read_text() == edited
    status, _, err = larp(capsys, "night", "open", "--chronicle", folder, "--station", "hall", *db)
    assert status != 0 and "Janet Reyes: Leadership 2 → 3" in err and "Cody" not in err


def test_a_retired_character_gets_no_card_from_reissue_or_print_only(tmp_path, capsys):
    db, _ = played(tmp_path, capsys)
    assert larp(capsys, "retire", "wick", "--reason", "left for Boston", *db)[0] == 0
    for command in (("cards", "reissue", "wick"), ("cards", "print", "--only", "wick", "--out", tmp_path / "wick.pdf")):
        status, out, err = larp(capsys, *command, *db)
        assert status == 1 and "Wick is retired (left for Boston): no card" in err, (out, err)
    assert not (tmp_path / "wick.pdf").exists()


def test_larp_change_of_a_file_in_the_chronicle_folder_marks_it_taken(tmp_path, capsys):
    db, folder = played(tmp_path, capsys)
    janet = folder / "janet.toml"
    janet.write_text(janet.read_text().replace('"Leadership" = 2', '"Leadership" = 3'))
    status, out, err = larp(capsys, "change", janet, *db)
    assert status == 0 and "Leadership 2 → 3" in out, err
    status, out, err = larp(capsys, "night", "open", "--chronicle", folder, "--station", "hall", *db)
    assert status == 0 and "differs" not in err, err
