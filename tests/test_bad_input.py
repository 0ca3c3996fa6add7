"""Every input that once ended in a traceback (issue 18) is a message naming the file, the line
or the entry and what is wrong; nothing recorded changes."""

import json
import re
import sqlite3
from pathlib import Path

import pytest

from larp.cli import main
from larp.sheet import SheetError
from larp.sheet.loading import load_chronicle
from tests.ledger.helpers import long_night, transcript, write_chronicle

TRANSCRIPTS = Path(__file__).parent / "transcripts"
HUGE = ["10" + "0" * 399, str(2**63), "1e400", "NaN", "Infinity", "-Infinity"]


def five_minute_rule(tmp_path, literal: str) -> Path:
    """The five-minute-rule transcript, its house rule written as `literal` (raw JSON)."""
    data = json.loads((TRANSCRIPTS / "refused_five_minute_rule.json").read_text())
    data["house_rules"] = {"five_minute_rule_minutes": 5}
    text = json.dumps(data, indent=1).replace('"five_minute_rule_minutes": 5', f'"five_minute_rule_minutes": {literal}')
    path = tmp_path / "night.json"
    path.write_text(text)
    return path


@pytest.mark.parametrize("literal", HUGE + ["1441"])
@pytest.mark.parametrize("command", [["resolve"], ["resolve", "--explain"], ["odds", "--event", "0", "--transcript"]], ids=" ".join)
def test_a_five_minute_rule_beyond_a_day_is_refused_naming_the_file_and_line(tmp_path, literal, command, capsys):
    path = five_minute_rule(tmp_path, literal)
    assert main([*command, str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}, line " in err or f"{path}: house_rules.five_minute_rule_minutes" in err
    assert "too large" in err or "not a number JSON knows" in err or "less than or equal to 1440" in err


def test_a_record_refused_for_a_huge_house_rule_changes_nothing_clock_included(tmp_path, capsys):
    folder = write_chronicle(tmp_path / "chronicle")
    db = tmp_path / "night.sqlite3"
    good = tmp_path / "good.json"
    good.write_text(json.dumps(transcript(long_night(3))))
    assert main(["record", str(good), "--db", str(db), "--chronicle", str(folder), "--station", "hall", "--quiet"]) == 0
    with sqlite3.connect(db) as connection:
        before = connection.execute("SELECT * FROM entries").fetchall()
    path = five_minute_rule(tmp_path, HUGE[0])
    assert main(["record", str(path), "--db", str(db), "--station", "hall"]) == 2
    assert "too large" in capsys.readouterr().err
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT * FROM entries").fetchall() == before
    main(["night", "open", "--db", str(db), "--station", "hall"])
    assert "(running)" in capsys.readouterr().out


@pytest.mark.parametrize("suffix", ["toml", "json"])
def test_a_sheet_nested_a_hundred_thousand_deep_is_refused_naming_the_file(tmp_path, suffix):
    folder = write_chronicle(tmp_path / "chronicle", ids=("janet",))
    deep = "[" * 100_000 + "]" * 100_000
    if suffix == "toml":
        (folder / "deep.toml").write_text(f'id = "deep"\nname = "Deep"\nnotes = {deep}\n')
        with pytest.raises(SheetError, match=r"deep\.toml: is not valid TOML: nested too deeply"):
            load_chronicle(folder)
    else:
        (folder / "deep.json").write_text('{"id": ' + deep + "}")
        from larp.sheet.loading import load_sheet

        with pytest.raises(SheetError, match=r"deep\.json: is not valid JSON: nested too deeply"):
            load_sheet(folder / "deep.json")


@pytest.fixture
def bundle(tmp_path, monkeypatch):
    """A bundle of station bar's night, and a record at station hall to merge it into."""
    monkeypatch.chdir(tmp_path)
    folder = write_chronicle(tmp_path / "chronicle")
    night = tmp_path / "night.json"
    night.write_text(json.dumps(transcript(long_night(3))))
    for station in ("bar", "hall"):
        assert main(["record", str(night), "--db", f"{station}.sqlite3", "--chronicle", str(folder), "--station", station, "--quiet"]) == 0
    assert main(["export", "--db", "bar.sqlite3", "--out", "bar.jsonl"]) == 0
    return tmp_path / "bar.jsonl"


def merged(bundle, capsys) -> tuple[int, str, list]:
    db = bundle.parent / "hall.sqlite3"
    with sqlite3.connect(db) as connection:
        before = connection.execute("SELECT * FROM entries").fetchall()
    status = main(["merge", str(bundle), "--db", str(db)])
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT * FROM entries").fetchall() == before or status == 0
    return status, capsys.readouterr().err


def rewritten(bundle: Path, number: int, change) -> None:
    """Line `number` (from 1) of the bundle changed as text."""
    lines = bundle.read_text().splitlines()
    lines[number - 1] = change(lines[number - 1])
    bundle.write_text("\n".join(lines) + "\n")


def test_a_bundle_whose_header_says_night_two_to_the_sixty_third_is_refused(bundle, capsys):
    rewritten(bundle, 1, lambda line: line.replace('"night":1', f'"night":{2**63}'))
    status, err = merged(bundle, capsys)
    assert status == 1 and "line 1" in err and "refused" in err


@pytest.mark.parametrize(
    "change, said",
    [
        (lambda line: line.replace('"narrator":', '"narrator":"Mallory","narrator":', 1), "the key 'narrator' is given twice"),
        (lambda line: re.sub(r'"game_time":[-+.e\d]+', '"game_time":NaN', line, count=1), "NaN is not a number JSON knows"),
        (lambda line: re.sub(r'"game_time":[-+.e\d]+', '"game_time":1e400', line, count=1), "is too large"),
        (lambda line: re.sub(r'"seq":\d+', f'"seq":{2**64}', line, count=1), "is too large"),
    ],
    ids=["key twice", "NaN", "1e400", "2**64"],
)
def test_a_bundle_line_that_is_not_strict_json_is_refused_naming_the_line(bundle, change, said, capsys):
    rewritten(bundle, 3, change)
    status, err = merged(bundle, capsys)
    assert status == 1 and "line 3" in err and said in err


def test_merging_dev_zero_is_refused_at_once_in_bounded_memory(tmp_path, capsys):
    import resource

    status = main(["merge", "/dev/zero", "--db", str(tmp_path / "night.sqlite3")])
    assert status == 1 and "it is a device, not a file" in capsys.readouterr().err
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss < 2 * 1024 * 1024  # kB: well under 2 GB


def test_a_csv_field_of_two_hundred_thousand_characters_is_refused_naming_the_line(bundle, capsys):
    paper = bundle.parent / "paper.csv"
    paper.write_text("character,physical_lost\njanet," + "x" * 200_000 + "\n")
    assert main(["reconcile", "--db", "hall.sqlite3", "--reported", str(paper)]) == 1
    err = capsys.readouterr().err
    assert f"{paper}, line 2" in err and "field larger than field limit" in err
