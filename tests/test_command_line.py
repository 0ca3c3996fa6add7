"""Command-line polish: unknown ids refused with the nearest names, ids in any case, a version,
plurals, the reconciliation titled with the chronicle's name, and README's sample sheet true."""

import json
import re
import tomllib
from pathlib import Path

import pytest

from larp.cli import main
from larp.words import counted

ROOT = Path(__file__).parents[1]
NIGHT = {
    "characters": [
        {"id": "janet", "traits": {"social": {"Charismatic": 3}}},
        {"id": "cody", "traits": {"social": {"Impressive": 3}}},
    ],
    "events": [
        {
            "challenge": {
                "kind": "contested",
                "category": "social",
                "challenger": {"character": "janet", "trait": "Charismatic"},
                "defender": {"character": "cody", "trait": "Impressive"},
                "steps": [{"throw": {"challenger": "rock", "defender": "scissors"}}],
            }
        }
    ],
}


@pytest.fixture()
def record(tmp_path, capsys) -> Path:
    """A record of the demo chronicle holding one challenge between Janet and Cody."""
    db = tmp_path / "night.sqlite3"
    night = tmp_path / "night.json"
    night.write_text(json.dumps(NIGHT))
    assert main(["record", str(night), "--db", str(db), "--station", "hall"]) == 0
    capsys.readouterr()
    return db


def test_log_of_an_unknown_character_is_refused_with_the_nearest_ids(record, capsys):
    assert main(["log", "--db", str(record), "--character", "jant"]) == 1
    err = capsys.readouterr().err
    assert "no character 'jant': did you mean janet" in err


def test_log_of_a_character_nobody_near_lists_the_ids(record, capsys):
    assert main(["log", "--db", str(record), "--character", "nobody"]) == 1
    assert "no character 'nobody'" in capsys.readouterr().err


def test_log_of_an_unknown_station_is_refused_with_the_nearest_names(record, capsys):
    assert main(["log", "--db", str(record), "--station", "hal"]) == 1
    assert "no station 'hal': did you mean hall" in capsys.readouterr().err


def test_log_takes_a_character_id_in_any_case(record, capsys):
    assert main(["log", "--db", str(record), "--character", "JANET"]) == 0
    out = capsys.readouterr().out
    assert "Charismatic" in out or "janet" in out.lower()
    assert len(out.splitlines()) == 1


def test_cards_payload_takes_the_id_in_any_case(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LARP_HOME", str(tmp_path))
    assert main(["cards", "payload", "Janet"]) == 0
    lower = capsys.readouterr().out
    assert main(["cards", "payload", "janet"]) == 0
    assert capsys.readouterr().out == lower


def test_cards_payload_of_an_unknown_id_names_the_nearest(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LARP_HOME", str(tmp_path))
    assert main(["cards", "payload", "jnet"]) == 1
    assert "did you mean janet" in capsys.readouterr().err


def test_larp_version_prints_the_version(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert re.fullmatch(r"larp \S+\n", capsys.readouterr().out)


@pytest.mark.parametrize(
    "count, words, said",
    [(1, ("card",), "1 card"), (2, ("card",), "2 cards"), (1, ("entry", "entries"), "1 entry"), (0, ("entry", "entries"), "0 entries")],
)
def test_counts_are_said_with_the_right_plural(count, words, said):
    assert counted(count, *words) == said


def test_larp_record_of_one_event_says_1_event(tmp_path, capsys):
    night = tmp_path / "night.json"
    night.write_text(json.dumps(NIGHT))
    assert main(["record", str(night), "--db", str(tmp_path / "n.sqlite3"), "--station", "hall"]) == 0
    assert "1 event recorded" in capsys.readouterr().err


def test_the_markdown_reconciliation_is_titled_with_the_chronicles_name(record, capsys):
    assert main(["reconcile", "--db", str(record)]) == 0
    assert capsys.readouterr().out.startswith("# Night 1 of Ashes of Alder Bay: reconciliation")


def test_readmes_sample_sheet_is_the_demo_chronicles_janet():
    readme = (ROOT / "README.md").read_text()
    sample = tomllib.loads(re.search(r"```toml\n(id = \"janet\".*?)```", readme, re.S).group(1))
    demo = tomllib.loads((ROOT / "cards" / "janet.toml").read_text())
    for key, value in sample.items():
        if key == "public":
            assert set(value) <= set(demo[key])
        elif key == "notes":
            assert demo[key].startswith(value)
        elif isinstance(value, dict):
            for category, named in value.items():
                assert named.items() <= demo[key][category].items() if isinstance(named, dict) else named == demo[key][category]
        else:
            assert demo[key] == value, key


def test_each_command_is_registered_by_the_module_larp_cli_names_for_it():
    """`larp resolve` imports the module of resolve only: the table must say who registers what."""
    import argparse
    import importlib

    from larp.cli import COMMANDS

    for module, names in COMMANDS.items():
        subparsers = argparse.ArgumentParser().add_subparsers()
        importlib.import_module(f"larp.cli.{module}").register(subparsers)
        assert tuple(subparsers.choices) == names
