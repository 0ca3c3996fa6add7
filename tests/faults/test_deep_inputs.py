"""Inputs nested past any real file's depth are refused by name, never a RecursionError: the
paper sheets' TOML, a Grapevine file."""

from larp.cli import main
from tests.ledger.helpers import write_chronicle


def test_paper_sheets_nested_500_deep_are_refused_with_a_message(tmp_path, capsys):
    deep = tmp_path / "paper.toml"
    deep.write_text("a = " + "[" * 500 + "]" * 500 + "\n")
    chronicle = write_chronicle(tmp_path / "chronicle")
    db = ("--db", str(tmp_path / "night.sqlite3"))
    assert main(["night", "open", "--chronicle", str(chronicle), "--station", "hall", *db]) == 0
    capsys.readouterr()
    assert main(["reconcile", "--reported", str(deep), *db]) == 1
    assert "nests its tables or lists too deeply" in capsys.readouterr().err


def test_a_grapevine_file_nested_2000_deep_is_refused_with_a_message(tmp_path, capsys):
    deep = tmp_path / "deep.gex"
    deep.write_text('<?xml version="1.0"?>\n<grapevine version="3">' + "<x>" * 2000 + "</x>" * 2000 + "</grapevine>")
    status = main(["chronicle", "import", str(deep), "--out", str(tmp_path / "imported")])
    said = capsys.readouterr()
    assert status != 0 and "nests its elements more than 64 deep" in said.err + said.out
