"""The season of docs/season.md, typed as staff type it, across two stations and a real hub.

Game 1 at `hall` and `bar`, each with its own record, card key and copy of the chronicle folder;
check-in at both doors, experience at both; one close for the event at `hall`; between games
an attendance award, a retirement and a new character; the folder written back, the changed
cards reprinted; game 2 opened at both stations from the same start. No file is edited by hand.
"""

import json

from larp.desk import Desk
from tests.event.stations import at
from tests.ledger.helpers import SHEETS, larp, toml_value, write_chronicle


def station(tmp_path, capsys, name: str, *args) -> tuple[int, str, str]:
    """A command at this station: its own data folder (card key) and its own record."""
    with at(name, tmp_path):
        return larp(capsys, *args, "--db", tmp_path / f"{name}.sqlite3")


def payload(tmp_path, capsys, name: str, character: str) -> str:
    """The text a USB scanner types for a card printed at this station."""
    status, out, err = station(tmp_path, capsys, name, "cards", "payload", character)
    assert status == 0, err
    return out.strip()


def new_sheet(path) -> None:
    """A new player's sheet, written somewhere outside the chronicle folder."""
    sheet = {**SHEETS["ruth"], "id": "vik", "name": "Vik Olsen"}
    path.write_text("\n".join(f"{key} = {toml_value(value)}" for key, value in sheet.items()) + "\n")


def starts(tmp_path, name: str) -> dict:
    """Each character's sheet as this station's record has her at the night under way."""
    with at(name, tmp_path), Desk.read(tmp_path / f"{name}.sqlite3") as desk:
        return {cid: state.sheet for cid, state in desk.states().items()}


def test_a_season_runs_across_two_stations_and_a_hub_with_no_hand_edited_file(tmp_path, hub, capsys):
    hub_file = tmp_path / "hub.txt"
    hub_file.write_text(hub + "\n")
    hub_file.chmod(0o600)
    folders = {name: write_chronicle(tmp_path / f"chronicle-{name}") for name in ("hall", "bar")}

    # Game 1: each station opens its night and joins the event; the cards were printed at hall,
    # whose key the event takes and hands to bar.
    for name in ("hall", "bar"):
        opened = station(tmp_path, capsys, name, "night", "open", "--chronicle", folders[name], "--station", name, "--narrator", "Ann")
        assert opened[0] == 0, opened[2]
        if name == "hall":
            assert station(tmp_path, capsys, "hall", "cards", "print", "--out", tmp_path / "game-1.pdf")[0] == 0
            janet, cody = payload(tmp_path, capsys, "hall", "janet"), payload(tmp_path, capsys, "hall", "cody")
        joined = station(tmp_path, capsys, name, "join", hub_file)
        assert joined[0] == 0 and f"Station {name} joined the event" in joined[1], joined[2]

    # The door at both stations: Janet scanned at each counts once.
    assert "PRESENT" in station(tmp_path, capsys, "hall", "checkin", "--text", janet)[1]
    assert "PRESENT" in station(tmp_path, capsys, "bar", "checkin", "--text", cody)[1]
    assert station(tmp_path, capsys, "bar", "checkin", "--text", janet)[0] == 0
    assert station(tmp_path, capsys, "bar", "xp", "award", "cody", "2", "--reason", "held the pier")[0] == 0
    for name in ("hall", "bar", "hall"):
        assert station(tmp_path, capsys, name, "sync")[0] == 0
    status, out, _ = station(tmp_path, capsys, "hall", "checkin", "--list")
    assert status == 0 and out.count("Janet Reyes") == 1 and "Cody Harlan" in out

    # The close, once for the event: bar learns it at its next sync.
    closed = station(tmp_path, capsys, "hall", "close-night")
    assert closed[0] == 0, closed[2]
    status, out, err = station(tmp_path, capsys, "bar", "sync")
    assert status == 0 and "Close: night 1 was closed for the event at station hall" in out, out + err

    # Between games at hall: the attendance award, a retirement, a new player.
    status, out, err = station(tmp_path, capsys, "hall", "xp", "award", "--attended")
    assert status == 0, err
    assert sorted(line.split("  ", 1)[1].split(" before")[0] for line in out.splitlines()) == ["Cody Harlan", "Janet Reyes"], out
    assert out.count("earns 5 experience: attended night 1 of Alder Bay") == 2
    assert station(tmp_path, capsys, "hall", "retire", "wick", "--reason", "left the chronicle")[0] == 0
    new_sheet(tmp_path / "vik.toml")
    added = station(tmp_path, capsys, "hall", "add", tmp_path / "vik.toml", "--reason", "new player")
    assert added[0] == 0, added[2]
    assert (folders["hall"] / "vik.toml").exists()
    for name in ("hall", "bar"):
        assert station(tmp_path, capsys, name, "sync")[0] == 0

    # What bar shows of the next game, and the experience it holds.
    status, out, _ = station(tmp_path, capsys, "bar", "next")
    assert status == 0 and "## Vik Olsen (vik)\n" in out and "## Wick (wick), retired: left the chronicle\n" in out
    status, out, _ = station(tmp_path, capsys, "bar", "xp", "log", "--format", "json")
    logs = {log["character"]: log for log in json.loads(out)}
    assert logs["cody"]["earned"] == 2 + 5 and logs["janet"]["earned"] == 5 and logs["ruth"]["earned"] == 0

    # The folder written back as the record has it; only the changed cards reprinted.
    assert station(tmp_path, capsys, "hall", "chronicle", "export", folders["hall"])[0] == 0
    status, out, err = station(tmp_path, capsys, "hall", "cards", "print", "--changed", "--out", tmp_path / "reprint.pdf")
    assert status == 0 and (tmp_path / "reprint.pdf").exists(), err
    assert "Vik Olsen" in out and "Janet Reyes" not in out, out

    # Game 2 at both stations, from the same start.
    for name in ("hall", "bar"):
        opened = station(tmp_path, capsys, name, "night", "open")
        assert opened[0] == 0, opened[2]
        assert station(tmp_path, capsys, name, "sync")[0] == 0
    hall, bar = starts(tmp_path, "hall"), starts(tmp_path, "bar")
    assert hall == bar
    assert hall["wick"].status == "retired" and "vik" in hall
    assert hall["cody"].experience.earned == 7
