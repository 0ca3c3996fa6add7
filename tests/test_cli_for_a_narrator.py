"""Issue 28, items 11, 13 and 15: the commands as a Narrator reads them: every argument
described, a bare `larp`'s options said, the two closes told apart, close-night by name, an
entry never silently without a Narrator."""

import argparse

import pytest

from larp.cli import build_parser, main


def every_parser(parser: argparse.ArgumentParser, path: str = "larp"):
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from every_parser(child, f"{path} {name}")


def test_every_argument_of_every_command_says_what_it_is():
    undescribed = [
        f"{path} {action.option_strings or action.metavar or action.dest}"
        for path, parser in every_parser(build_parser())
        for action in parser._actions
        if not isinstance(action, argparse._SubParsersAction) and action.help is None
    ]
    assert undescribed == []


def test_larp_help_says_a_bare_larp_takes_the_station_s_options(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    said = capsys.readouterr().out
    assert "--narrator" in said and "--station" in said and "--db" in said


def test_the_two_closes_are_told_apart(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "not `larp night close`" in said


def test_chronicle_export_takes_its_folder_once(capsys):
    with pytest.raises(SystemExit):
        build_parser("chronicle").parse_args(["chronicle", "export", "one", "--chronicle", "another"])
    assert "unrecognized arguments: --chronicle another" in capsys.readouterr().err


def test_close_night_names_each_character(tmp_path, capsys):
    db = str(tmp_path / "night.sqlite3")
    assert main(["checkin", "--text", "janet", "--db", db, "--narrator", "Sam"]) == 0
    capsys.readouterr()
    assert main(["close-night", "--db", db]) == 0
    assert "Janet Reyes (janet): starts night 2" in capsys.readouterr().out


def test_an_entry_without_a_narrator_is_warned_of(tmp_path, capsys):
    assert main(["checkin", "--text", "janet", "--db", str(tmp_path / "night.sqlite3")]) == 0
    assert "no Narrator is named" in capsys.readouterr().err
