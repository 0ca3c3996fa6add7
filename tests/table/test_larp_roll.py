"""`larp roll`: the pool, its options, typed dice or the station's, the result die by die, the entry."""

import json
import subprocess
import sys

from larp.cli import main
from tests.table.conftest import STORYTELLER, STORYTELLING


def roll(capsys, *args: str) -> tuple[int, str, str]:
    """`larp roll` as a Narrator who gave her name (else a terminal would ask it first)."""
    code = main(["roll", *args, "--narrator", "Ann"])
    out, err = capsys.readouterr()
    return code, out, err


def test_d_larp_roll_typed_dice_name_every_die_and_are_recorded(capsys):
    code, out, err = roll(capsys, "Dexterity + Athletics", "--character", "louis", "--chronicle", str(STORYTELLING), "--dice", "10 8 3 1 7 0 4")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("Louis Marchand rolls Dexterity + Athletics, 5 dice, 10-again")
    assert lines[1] == "Pool: Dexterity 3 + Athletics 2 = 5 dice"
    assert [line.split()[0] for line in lines[2:9]] == ["10", "8", "3", "1", "7", "10", "4"]  # 0 is the 10
    assert lines[-1].startswith("Recorded as ")
    assert main(["log"]) == 0
    assert "Louis Marchand rolls Dexterity + Athletics" in capsys.readouterr().out


def test_d_larp_roll_rerolls_owed_without_a_terminal_exit_2(capsys):
    code, out, err = roll(capsys, "Dexterity + Athletics", "--character", "louis", "--chronicle", str(STORYTELLING), "--dice", "10 8 3 1 7")
    assert code == 2
    assert "1 more die to roll" in err and out == ""
    main(["log", "--format", "json"])
    assert [e["kind"] for e in json.loads(capsys.readouterr().out)] == ["night-opened"]


def test_d_larp_roll_station_dice_with_a_seed_replay_the_same_faces(capsys):
    first = roll(capsys, "Wits + Finance", "--character", "veronica", "--chronicle", str(STORYTELLER), "--seed", "9", "--format", "json")
    second = roll(capsys, "Wits + Finance", "--character", "veronica", "--seed", "9", "--format", "json")
    one, two = json.loads(first[1]), json.loads(second[1])
    assert one["payload"]["faces"] == two["payload"]["faces"] and len(one["payload"]["faces"]) == 7
    assert one["payload"]["source"] == "station" and one["kind"] == "roll"


def test_d_larp_roll_unknown_trait_says_which(capsys):
    code, out, err = roll(capsys, "Dex + Brawl", "--character", "louis", "--chronicle", str(STORYTELLING))
    assert code == 1
    assert err.strip() == (
        "larp roll: Louis Marchand's sheet has no Trait “Dex”. Did you mean Dexterity? "
        "A pool names Attributes, Skills, the sheet's own Traits, Willpower, and numbers."
    )


def test_d_larp_roll_a_bad_face_is_refused_before_anything_is_recorded(capsys):
    code, out, err = roll(capsys, "3", "--chronicle", str(STORYTELLING), "--dice", "4 11 2")
    assert code == 1 and "“11” is not a face of a d10" in err


def test_d_larp_roll_loads_neither_the_station_nor_the_bundles_nor_the_sync(tmp_path):
    """Start-up (issue 19): a roll loads what it uses; the station, bundles, merges and the sync
    wait for a command that uses them. (This roll opens the night, through the whole desk, which
    signs each entry it files: the signatures are loaded with the first.)"""
    code = (
        "import sys; from larp.cli import main;"
        f"main(['roll', '4', '--chronicle', {str(STORYTELLING)!r}, '--db', {str(tmp_path / 'n.sqlite3')!r}, '--seed', '1']);"
        "print('\\n'.join(sys.modules), file=sys.stderr)"
    )
    loaded = set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stderr.split())
    assert "textual" not in {name.split(".")[0] for name in loaded}
    unused = {"larp.ledger.bundle", "larp.ledger.merge", "larp.ledger.exchange", "psycopg"}
    assert loaded & unused == set()


def test_d_larp_roll_rerolls_owed_at_a_terminal_are_asked_for_and_a_bad_face_asked_again(capsys, monkeypatch):
    """D-NEW-1: at a terminal the rerolls owed are asked for; a face that is no face of a d10
    is said and asked for again, never a traceback."""
    answers = iter(["11", "6"])
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    code, out, err = roll(capsys, "Dexterity + Athletics", "--character", "louis", "--chronicle", str(STORYTELLING), "--dice", "10 8 3 1 7")
    assert code == 0, err
    assert "“11” is not a face of a d10" in err
    assert [line.split()[0] for line in out.splitlines()[2:8]] == ["10", "8", "3", "1", "7", "6"]


def test_d_larp_roll_of_no_character_is_timed_by_the_stations_game_clock(capsys, tmp_path):
    """A roll that names no character is written without folding the night (larp.desk.roller):
    its game time is still the station's clock as its openings and clock entries tell it."""
    from larp.desk import Desk

    db = tmp_path / "n.sqlite3"
    with Desk.open(db, STORYTELLING, "hall", "Ann") as desk:
        desk.hold()
        desk.advance(30)
        held = desk.game_time()
    code, out, err = roll(capsys, "4", "--db", str(db), "--station", "hall", "--seed", "1", "--format", "json")
    assert code == 0, err
    assert json.loads(out)["game_time"] == held >= 30
