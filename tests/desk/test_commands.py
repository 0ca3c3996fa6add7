"""The night-record commands, as a Narrator types them."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from larp.cli import main
from tests.ledger.helpers import SHEETS, contest, larp, regaining, transcript, write_chronicle

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def chronicle(tmp_path):
    return write_chronicle(tmp_path / "chronicle", ids=("janet", "cody"))


def night_file(tmp_path, events, ids=tuple(SHEETS)) -> Path:
    path = tmp_path / "night.json"
    path.write_text(json.dumps(transcript(events, ids)))
    return path


def log(capsys, *args) -> list[dict]:
    status, out, _ = larp(capsys, "log", "--format", "json", *args)
    assert status == 0
    return json.loads(out)


def test_record_appends_to_the_default_record_opening_a_night_and_adding_new_characters(tmp_path, capsys, chronicle):
    path = night_file(tmp_path, [contest("wick", "Quick", "janet", "Quick", ("rock", "scissors"))])
    status, out, err = larp(capsys, "record", path, "--chronicle", chronicle, "--station", "hall")
    assert status == 0 and "1 event recorded in night 1 at station hall" in err
    kinds = [(e["kind"], e["characters"]) for e in log(capsys)]
    assert kinds == [
        ("night-opened", []),
        ("between-games", ["wick"]),  # each joins the night: an operation of the season
        ("between-games", ["ruth"]),
        ("adjudication", ["wick", "janet"]),  # one event: the clock is not held for it (no hold or resume)
    ]
    assert out.split()[0] == log(capsys)[3]["id"]


@pytest.mark.parametrize("house_rules, said", [(None, False), ({"equal_tie": "both-lose"}, True)])
def test_record_says_the_transcripts_house_rules_differ_only_where_it_gives_some(tmp_path, capsys, house_rules, said):
    chronicle = write_chronicle(tmp_path / "chronicle", ids=("janet", "cody"), house_rules={"five_minute_rule_minutes": 10})
    data = transcript([contest("wick", "Quick", "janet", "Quick", ("rock", "scissors"))], house_rules=house_rules)
    if house_rules is None:
        del data["house_rules"]
    (tmp_path / "night.json").write_text(json.dumps(data))
    status, _, err = larp(capsys, "record", tmp_path / "night.json", "--chronicle", chronicle, "--station", "hall")
    assert status == 0 and ("house rules differ from the chronicle's" in err) is said


def test_record_refuses_what_the_rules_forbid_given_the_night_and_keeps_what_came_before(tmp_path, capsys, chronicle):
    first = night_file(tmp_path, [regaining("janet", "physical")], ("janet", "cody"))
    assert larp(capsys, "record", first, "--chronicle", chronicle)[0] == 0
    again = night_file(tmp_path, [contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors")), regaining("janet", "physical")], ("janet", "cody"))
    status, out, _ = larp(capsys, "record", again)
    assert status == 3
    error = json.loads(out.splitlines()[-1])["error"]
    assert (error["rule"], error["event"], error["step"]) == ("R-NIGHT-1", 1, None)
    assert [e["kind"] for e in log(capsys) if e["kind"] in ("adjudication", "regain")] == ["regain", "adjudication"]


def test_record_refuses_a_transcript_that_does_not_fit_and_writes_nothing(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"characters": [], "events": [{"regain": {"character": "nobody", "category": "physical"}}]}')
    status, out, err = larp(capsys, "record", bad)
    assert (status, out) == (2, "")
    assert "events[0].regain.character: no character 'nobody'" in err
    assert not (tmp_path / "home" / "night.sqlite3").exists()


def test_log_shows_one_line_per_entry_and_marks_the_reversed(tmp_path, capsys, chronicle):
    path = night_file(tmp_path, [contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors"))], ("janet", "cody"))
    larp(capsys, "record", path, "--chronicle", chronicle, "--station", "hall", "--narrator", "Ann")
    call = [e for e in log(capsys) if e["kind"] == "adjudication"][0]
    status, out, _ = larp(capsys, "reverse", call["id"][:8], "--reason", "wrong Trait", "--narrator", "Bo")
    assert status == 0 and "Reverses" in out
    status, out, _ = larp(capsys, "log", "--character", "cody")
    lines = out.splitlines()
    assert len(lines) == 2 and "hall/Ann" in lines[0] and "[reversed by" in lines[0] and "hall/Bo" in lines[1]


def test_reverse_of_an_unknown_entry_says_so_and_writes_nothing(tmp_path, capsys, chronicle):
    larp(capsys, "night", "open", "--chronicle", chronicle)
    before = log(capsys)
    status, out, err = larp(capsys, "reverse", "0123abcd", "--reason", "typo")
    assert status == 1 and out == ""
    assert err.strip() == "larp reverse: there is no entry '0123abcd' in night 1 of this record (see larp log)"
    assert log(capsys) == before


def test_merge_refuses_a_bad_bundle_by_name_and_still_merges_the_good_one(tmp_path, capsys, chronicle):
    larp(capsys, "night", "open", "--chronicle", chronicle, "--station", "hall", "--db", tmp_path / "hall.sqlite3")
    larp(capsys, "export", "--out", tmp_path / "hall.jsonl", "--db", tmp_path / "hall.sqlite3")
    (tmp_path / "bad.jsonl").write_text("not a bundle\n")
    status, out, err = larp(capsys, "merge", tmp_path / "bad.jsonl", tmp_path / "hall.jsonl")
    assert status == 1
    assert "bad.jsonl is not a larp night bundle" in err and "hall.jsonl: 1 new entry" in out


def test_reconcile_lists_paper_sheet_differences_in_markdown(tmp_path, capsys, chronicle):
    path = night_file(tmp_path, [contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors"))], ("janet", "cody"))
    larp(capsys, "record", path, "--chronicle", chronicle)
    (tmp_path / "paper.csv").write_text("character,physical_lost\ncody,\n")
    status, out, _ = larp(capsys, "reconcile", "--reported", tmp_path / "paper.csv")
    assert status == 0
    assert "## Differences with the paper sheets" in out
    assert "cody: Physical Traits lost: the record says Brawny, the paper sheet shows nothing" in out


def test_close_night_archives_and_the_next_night_opens_from_it(tmp_path, capsys, chronicle):
    path = night_file(tmp_path, [contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors"))], ("janet", "cody"))
    larp(capsys, "record", path, "--chronicle", chronicle)
    status, out, _ = larp(capsys, "close-night")
    assert status == 0 and "Night 1 is archived" in out
    status, out, _ = larp(capsys, "night", "open")
    assert status == 0 and out.startswith("Night 2 of Alder Bay is open")


def test_the_night_record_commands_never_import_textual(tmp_path, chronicle):
    db = tmp_path / "night.sqlite3"
    script = (
        "import sys\nfrom larp.cli import main\n"
        f"main(['night', 'open', '--chronicle', {str(chronicle)!r}, '--db', {str(db)!r}])\n"
        f"main(['log', '--db', {str(db)!r}])\n"
        f"main(['reconcile', '--format', 'json', '--db', {str(db)!r}])\n"
        "assert 'textual' not in sys.modules, 'textual was imported'\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_main_is_the_larp_command(capsys):
    with pytest.raises(SystemExit):
        main(["record", "--help"])
    assert "--db PATH" in capsys.readouterr().out


def test_record_reads_standard_input(tmp_path, capsys, chronicle, monkeypatch):
    path = night_file(tmp_path, [contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors"))], ("janet", "cody"))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes())))
    status, out, _ = larp(capsys, "record", "-", "--chronicle", chronicle)
    assert status == 0 and "Janet Reyes v Cody Harlan" in out


def test_record_takes_a_transcript_naming_characters_the_record_knows_without_their_sheets(tmp_path, capsys, chronicle):
    """Once the record knows a character, a transcript may leave her sheet out; one it does not know is still refused."""
    first = night_file(tmp_path, [contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors"))], ("janet", "cody"))
    assert larp(capsys, "record", first, "--chronicle", chronicle)[0] == 0
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(transcript([regaining("janet", "physical")], ())))
    status, _, err = larp(capsys, "record", bare)
    assert status == 0, err
    assert [e["kind"] for e in log(capsys) if e["kind"] == "regain"] == ["regain"]
    stranger = tmp_path / "stranger.json"
    stranger.write_text(json.dumps(transcript([regaining("nobody", "physical")], ())))
    status, _, err = larp(capsys, "record", stranger)
    assert status == 2 and "no character 'nobody' among the transcript's characters or the night record's" in err
