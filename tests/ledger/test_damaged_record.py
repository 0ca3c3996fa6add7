"""A record with a damaged row (cut short, bytes, a key missing, a setting that is not text, a
database that fails sqlite's check): every command names the damage instead of a traceback,
shows all it can read, writes nothing more; `larp doctor` names it and recovers the rest."""

import json
import sqlite3

import pytest

from larp.cli import main
from tests.ledger.helpers import long_night, transcript, write_chronicle

PAYLOAD_DAMAGES = ["a payload of the wrong shape", "a payload key missing"]
"""A line that reads whole, whose payload does not hold what its kind holds: found when the night
is folded (the log, which folds nothing, shows the entry's summary as it reads)."""
DAMAGES = ["cut short", "bytes", "a key missing", "a kind unknown", *PAYLOAD_DAMAGES, "a setting not text"]
WRITING = [["record", "night.json"], ["close-night"], ["night", "open"], ["night", "close"]]


@pytest.fixture
def night(tmp_path, monkeypatch):
    """A record of nine entries at station hall, and the transcript that made it."""
    monkeypatch.chdir(tmp_path)
    folder = write_chronicle(tmp_path / "chronicle")
    (tmp_path / "night.json").write_text(json.dumps(transcript(long_night(6))))
    db = tmp_path / "night.sqlite3"
    assert main(["record", "night.json", "--db", str(db), "--chronicle", str(folder), "--station", "hall", "--quiet"]) == 0
    return db


def damage(db, how: str) -> str:
    """Damage the record's fourth entry (or a setting) as a disk or a hand would; its short id."""
    with sqlite3.connect(db) as connection:
        connection.execute("DROP TRIGGER entries_are_never_edited")
        seq, entry_id, line = connection.execute("SELECT seq, id, line FROM entries ORDER BY seq LIMIT 1 OFFSET 3").fetchone()
        data = json.loads(line)
        changed = {
            "cut short": line[: len(line) // 2],
            "bytes": line.encode()[:40] + b"\xff\xfe",
            "a key missing": json.dumps({k: v for k, v in data.items() if k != "summary"}),
            "a kind unknown": json.dumps({**data, "kind": "prophecy"}),
            "a payload of the wrong shape": json.dumps({**data, "payload": {key: [] for key in data["payload"]}}),
            "a payload key missing": json.dumps({**data, "payload": dict(list(data["payload"].items())[1:])}),
        }
        if how == "a setting not text":
            connection.execute("UPDATE meta SET value = ? WHERE key = 'station'", (b"\xff\x00",))
            return "the setting station"
        connection.execute("UPDATE entries SET line = ? WHERE seq = ?", (changed[how], seq))
    if how in PAYLOAD_DAMAGES:
        return f"entry {entry_id[:8]}"  # the fold names its station, the doctor its row
    return f"entry {entry_id[:8]} (row {seq})"


def rows(db) -> list[tuple]:
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT * FROM entries ORDER BY seq").fetchall() + connection.execute("SELECT * FROM meta").fetchall()


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_row_is_named_and_the_rest_of_the_night_shown(night, how, capsys):
    named = damage(night, how)
    for command in (["reconcile"] if how in PAYLOAD_DAMAGES else ["log"], ["reconcile"]):
        assert main([*command, "--db", str(night)]) == 0
        out, err = capsys.readouterr()
        assert named in err and "damaged" in err and "larp doctor" in err
        assert "Traceback" not in err
    main(["log", "--db", str(night)])
    shown = capsys.readouterr().out.splitlines()
    assert len(shown) == (9 if how in ("a setting not text", *PAYLOAD_DAMAGES) else 8)


@pytest.mark.parametrize("how", ["cut short", "bytes", "a key missing", "a kind unknown"])
def test_the_json_log_of_a_damaged_record_is_the_readable_entries_and_names_the_damage(night, how, capsys):
    named = damage(night, how)
    assert main(["log", "--format", "json", "--db", str(night)]) == 0
    out, err = capsys.readouterr()
    assert named in err and "damaged" in err
    shown = json.loads(out)
    assert len(shown) == 8 and all(entry["night"] == 1 and entry["id"][:8] not in named for entry in shown)


@pytest.mark.parametrize("how", DAMAGES)
@pytest.mark.parametrize("command", WRITING, ids=" ".join)
def test_a_damaged_record_takes_no_new_entry_and_says_why(night, how, command, capsys):
    named = damage(night, how)
    before = rows(night)
    status = main([*command, "--db", str(night)])
    err = capsys.readouterr().err
    assert rows(night) == before
    if command == ["night", "open"] and status == 0:  # the night was open already: nothing to write
        assert named in err and "larp doctor" in err
    elif command == ["night", "close"] and how == "a setting not text":  # the station's own name is what is lost
        assert status == 1 and "has no night open" in err
    else:
        assert status == 1 and named in err and "read-only" in err and "larp doctor" in err


def test_reversing_a_damaged_entry_names_it(night, capsys):
    named = damage(night, "cut short")
    short = named.split()[1]
    before = rows(night)
    assert main(["reverse", short, "--reason", "mistake", "--db", str(night)]) == 1
    assert named in capsys.readouterr().err
    assert rows(night) == before


@pytest.mark.parametrize("how", DAMAGES)
def test_doctor_names_the_damage_and_recovers_every_readable_entry_keeping_the_old_file(night, how, capsys):
    with sqlite3.connect(night) as connection:
        lines = connection.execute("SELECT id, line FROM entries ORDER BY seq").fetchall()
    named = damage(night, how)
    assert main(["doctor", "--db", str(night)]) == 1
    assert named in capsys.readouterr().out
    assert main(["doctor", "--recover", "--db", str(night)]) == 0
    out = capsys.readouterr().out
    kept = out.rsplit("the old file is ", 1)[1].strip()
    assert rows(kept)[:3] == rows(night)[:3] or how == "a setting not text"
    with sqlite3.connect(night) as connection:
        recovered = connection.execute("SELECT id, line FROM entries ORDER BY seq").fetchall()
    expected = lines if how == "a setting not text" else [row for row in lines if not named.startswith(f"entry {row[0][:8]}")]
    assert recovered == expected
    assert main(["doctor", "--db", str(night)]) == 0
    assert main(["record", "night.json", "--db", str(night), "--station", "hall", "--quiet"]) == 0


def test_a_record_failing_sqlites_check_opens_read_only(night, capsys):
    with sqlite3.connect(night) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.execute("PRAGMA journal_mode = DELETE")
        page_size = connection.execute("PRAGMA page_size").fetchone()[0]
        root = connection.execute("SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_entries_1'").fetchone()[0]
    data = bytearray(night.read_bytes())
    start = (root - 1) * page_size
    data[start + 8 : start + 64] = bytes(56)  # an index's page scrambled: the table itself is whole
    night.write_bytes(bytes(data))
    before = rows(night)
    assert main(["record", "night.json", "--db", str(night), "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "the database is damaged" in err and "read-only" in err
    assert len(rows(night)) == len(before)
    assert main(["doctor", "--recover", "--db", str(night)]) == 0
    assert main(["doctor", "--db", str(night)]) == 0
    assert main(["log", "--db", str(night)]) == 0
    assert len(capsys.readouterr().out.splitlines()) > 8


def test_an_entry_a_bundle_would_take_but_the_fold_cannot_apply_is_named_by_the_doctor_and_left_out(night, capsys):
    """A Willpower spent written as text ("1") passes a bundle's check, which reads numbers in
    text as numbers; the night's fold can't weigh it: every command and the doctor name it."""
    with sqlite3.connect(night) as connection:
        connection.execute("DROP TRIGGER entries_are_never_edited")
        seq, entry_id, line = connection.execute("SELECT seq, id, line FROM entries ORDER BY seq LIMIT 1 OFFSET 3").fetchone()
        data = json.loads(line)
        data["payload"]["result"]["spent"] = {"janet": {"abilities": {}, "willpower": "1"}}
        connection.execute("UPDATE entries SET line = ? WHERE seq = ?", (json.dumps(data), seq))
    assert main(["reconcile", "--db", str(night)]) == 0
    assert f"entry {entry_id[:8]} of station hall is damaged: its payload can't be folded" in capsys.readouterr().err
    assert main(["doctor", "--db", str(night)]) == 1
    assert f"entry {entry_id[:8]} (row {seq}) is damaged: its payload can't be folded" in capsys.readouterr().out
    assert main(["doctor", "--recover", "--db", str(night)]) == 0
    with sqlite3.connect(night) as connection:
        assert entry_id not in {row[0] for row in connection.execute("SELECT id FROM entries")}
    assert main(["record", "night.json", "--db", str(night), "--station", "hall", "--quiet"]) == 0
