"""`larp xp` and `larp checkin` as a Narrator types them."""

import io
import json

from larp.cards import current_card, issued_payload
from larp.sheet import load_chronicle
from tests.ledger.helpers import larp, write_chronicle


def opened(tmp_path):
    folder = write_chronicle(tmp_path / "chronicle")
    return ("--chronicle", folder, "--station", "hall", "--narrator", "Ann", "--db", tmp_path / "n.sqlite3"), folder


def test_award_spend_buy_and_the_log_with_running_totals(tmp_path, capsys):
    where, _ = opened(tmp_path)
    db = ("--db", tmp_path / "n.sqlite3")
    assert larp(capsys, "xp", "award", "janet", "4", "--reason", "a scene", *where)[0] == 0
    assert larp(capsys, "xp", "spend", "Janet", "1", "--reason", "a favour", *db)[0] == 0
    status, out, _ = larp(capsys, "xp", "buy", "janet", "Ability: Occult", *db)
    assert status == 0 and "buys Ability: Occult for 1 experience" in out
    status, out, _ = larp(capsys, "xp", "log", "--character", "janet", *db)
    assert out.splitlines()[0] == "Janet Reyes (janet): earned 4, unspent 2"
    status, out, _ = larp(capsys, "xp", "log", "--format", "json", *db)
    [janet] = [log for log in json.loads(out) if log["character"] == "janet"]
    assert [(e["type"], e["earned"], e["unspent"]) for e in janet["entries"]] == [("earned", 4, 4), ("spent", 4, 3), ("spent", 4, 2)]


def test_a_refused_spend_says_why_and_exits_1(tmp_path, capsys):
    where, _ = opened(tmp_path)
    status, out, err = larp(capsys, "xp", "spend", "cody", "2", "--reason", "Brawl", *where)
    assert status == 1 and "allows no debt" in err and out == ""


def test_an_award_past_the_cap_passes_with_an_override(tmp_path, capsys):
    where, _ = opened(tmp_path)
    assert larp(capsys, "xp", "award", "cody", "9", "--reason", "a season", *where)[0] == 1
    args = ("xp", "award", "cody", "9", "--reason", "a season", "--override-by", "Mara", "--override-why", "two games")
    assert larp(capsys, *args, *where)[0] == 0


def test_checkin_reads_cards_line_by_line_and_the_attended_award_follows(tmp_path, capsys, monkeypatch):
    where, folder = opened(tmp_path)
    chronicle = load_chronicle(folder)
    cards = [issued_payload(current_card(chronicle, cid)) for cid in ("cody", "wick", "cody")]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join([*cards, "nobody"]) + "\n"))
    status, out, _ = larp(capsys, "checkin", *where)
    lines = out.splitlines()
    assert status == 0 and lines[0].startswith("PRESENT  Cody Harlan is present")
    assert lines[2].startswith("ALREADY  Cody Harlan is already in") and lines[3].startswith("REFUSED")
    assert "In for night 1: 2 characters" in out
    status, out, _ = larp(capsys, "xp", "award", "--attended", *where)
    assert status == 0 and len(out.splitlines()) == 2
    status, _, err = larp(capsys, "xp", "award", "--attended", *where)
    assert status == 1 and "already" in err


def test_checkin_text_refused_exits_1(tmp_path, capsys):
    where, _ = opened(tmp_path)
    status, out, _ = larp(capsys, "checkin", "--text", "LARP1234", *where)
    assert status == 1 and out.startswith("REFUSED")


def test_experience_between_games_opens_no_night_and_the_next_game_starts_with_it(tmp_path, capsys):
    """After the close, an award and a purchase are between-games entries of the next game: no
    night opens by itself, and the next night starts with the sheet they made."""
    where, _ = opened(tmp_path)
    db = ("--db", tmp_path / "n.sqlite3")
    assert larp(capsys, "night", "open", *where)[0] == 0
    assert larp(capsys, "close-night", *db)[0] == 0
    status, out, err = larp(capsys, "xp", "award", "janet", "3", "--reason", "the season's first game", *db)
    assert status == 0, err
    assert larp(capsys, "xp", "buy", "janet", "Ability: Occult", *db)[0] == 0
    status, out, _ = larp(capsys, "log", "--format", "json", *db)
    assert "night-opened" not in [entry["kind"] for entry in json.loads(out) if entry["night"] == 2]
    status, out, _ = larp(capsys, "xp", "log", "--character", "janet", *db)
    assert status == 0 and out.splitlines()[0] == "Janet Reyes (janet): earned 3, unspent 2"
    status, out, err = larp(capsys, "night", "open", "--keep", *db)
    assert status == 0, err
    status, out, _ = larp(capsys, "xp", "log", "--character", "janet", "--format", "json", *db)
    [janet] = json.loads(out)
    assert (janet["earned"], janet["unspent"]) == (3, 2)


def test_the_attendance_award_after_the_close_goes_to_those_checked_in_once(tmp_path, capsys):
    where, folder = opened(tmp_path)
    db = ("--db", tmp_path / "n.sqlite3")
    chronicle = load_chronicle(folder)
    assert larp(capsys, "checkin", "--text", issued_payload(current_card(chronicle, "janet")), *where)[0] == 0
    assert larp(capsys, "close-night", *db)[0] == 0
    status, out, err = larp(capsys, "xp", "award", "--attended", *db)
    assert status == 0, err
    assert "Janet Reyes before night 2: earns 5 experience: attended night 1 of Alder Bay" in out and "Cody" not in out
    status, _, err = larp(capsys, "xp", "award", "--attended", *db)
    assert status == 1 and "had the attendance award already" in err


def test_the_log_of_a_record_that_merged_a_stations_night_shows_that_nights_experience(tmp_path, capsys):
    """A reconciliation station reads the experience written tonight at another station: the
    night is under way in the bundle it merged, so each character stands as tonight has her."""
    where, _ = opened(tmp_path)
    db = ("--db", tmp_path / "n.sqlite3")
    assert larp(capsys, "xp", "award", "janet", "3", "--reason", "a scene", *where)[0] == 0
    assert larp(capsys, "export", "--out", tmp_path / "hall.jsonl", *db)[0] == 0
    merged = ("--db", tmp_path / "merged.sqlite3")
    assert larp(capsys, "merge", tmp_path / "hall.jsonl", *merged)[0] == 0
    status, out, _ = larp(capsys, "xp", "log", "--character", "janet", *merged)
    assert status == 0 and out.splitlines()[0] == "Janet Reyes (janet): earned 3, unspent 3"


def test_the_log_names_a_damaged_experience_line_and_shows_the_rest(tmp_path, capsys):
    """The experience lines of a night are folded together per character: a damaged one among
    them is folded alone, named, and left out; the others stand."""
    import sqlite3

    where, _ = opened(tmp_path)
    db = ("--db", tmp_path / "n.sqlite3")
    assert larp(capsys, "xp", "award", "janet", "3", "--reason", "a scene", *where)[0] == 0
    assert larp(capsys, "xp", "award", "janet", "2", "--reason", "another", *db)[0] == 0
    with sqlite3.connect(tmp_path / "n.sqlite3") as connection:
        connection.execute("DROP TRIGGER entries_are_never_edited")
        seq, entry_id, line = connection.execute("SELECT seq, id, line FROM entries WHERE kind = 'between-games' ORDER BY seq").fetchone()
        data = json.loads(line)
        data["payload"]["line"] = {"type": "earned", "change": "x"}
        connection.execute("UPDATE entries SET line = ? WHERE seq = ?", (json.dumps(data), seq))
    status, out, err = larp(capsys, "xp", "log", "--character", "janet", *db)
    assert status == 0 and out.splitlines()[0] == "Janet Reyes (janet): earned 2, unspent 2"
    assert f"entry {entry_id[:8]} of station hall is damaged: payload.line" in err and "larp doctor" in err
