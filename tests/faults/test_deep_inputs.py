"""Inputs nested past any real file's depth are refused by name, never a RecursionError: each
reader of JSON (a sheet, a transcript, a bundle's line, a record's row, an entry pulled from the
hub), of TOML (a sheet, a chronicle, the paper sheets) and of Grapevine's XML (which takes
exactly its limit, 64 deep, and refuses one more)."""

import pytest

from larp.cli import main
from larp.grapevine import GrapevineError
from larp.grapevine.streaming import DEEPEST
from larp.grapevine.folder import import_file
from larp.ledger import LedgerError
from larp.ledger.bundle_reading import read_bundle
from larp.ledger.exchange import Arrival
from larp.ledger.pulling import checked_or_why
from larp.ledger.reported import read_reported
from larp.ledger.rows import Damage, entry_of_row
from larp.sheet import SheetError
from larp.sheet.loading import load_chronicle_file, load_sheet
from tests.ledger.helpers import open_desk, write_chronicle

DEPTH = 100_000
"""Far past Python's recursion limit."""
ARRAYS = "[" * DEPTH + "]" * DEPTH
TABLES = "{b = " * DEPTH + "1" + "}" * DEPTH


def test_paper_sheets_nested_500_deep_are_refused_with_a_message(tmp_path, capsys):
    deep = tmp_path / "paper.toml"
    deep.write_text("a = " + "[" * 500 + "]" * 500 + "\n")
    chronicle = write_chronicle(tmp_path / "chronicle")
    db = ("--db", str(tmp_path / "night.sqlite3"))
    assert main(["night", "open", "--chronicle", str(chronicle), "--station", "hall", *db]) == 0
    capsys.readouterr()
    assert main(["reconcile", "--reported", str(deep), *db]) == 1
    assert "nests its tables or lists too deeply" in capsys.readouterr().err


@pytest.mark.parametrize("nested", [ARRAYS, TABLES], ids=["arrays", "inline tables"])
def test_paper_sheets_nested_past_pythons_recursion_are_refused_naming_the_file(tmp_path, nested):
    (tmp_path / "paper.toml").write_text(f"a = {nested}\n")
    with pytest.raises(LedgerError, match="paper.toml nests its tables or lists too deeply to be the paper sheets"):
        read_reported(tmp_path / "paper.toml")


@pytest.mark.parametrize(
    "name, text, load, said",
    [
        ("janet.json", f'{{"id": {ARRAYS}}}', load_sheet, "is not valid JSON: nested too deeply"),
        ("janet.toml", f"id = {ARRAYS}\n", load_sheet, "is not valid TOML: nested too deeply"),
        ("janet.toml", f"id = {TABLES}\n", load_sheet, "is not valid TOML: nested too deeply"),
        ("chronicle.toml", f"id = {ARRAYS}\n", load_chronicle_file, "is not valid TOML: nested too deeply"),
    ],
    ids=["sheet (JSON)", "sheet (TOML arrays)", "sheet (TOML inline tables)", "chronicle"],
)
def test_a_sheet_or_chronicle_nested_past_pythons_recursion_is_refused_naming_the_file(tmp_path, name, text, load, said):
    (tmp_path / name).write_text(text)
    with pytest.raises(SheetError, match=f"{name}: {said}"):
        load(tmp_path / name)


def test_a_transcript_nested_past_pythons_recursion_is_refused_naming_the_file(tmp_path, capsys):
    (tmp_path / "night.json").write_text(f'{{"events": {ARRAYS}}}')
    assert main(["resolve", str(tmp_path / "night.json")]) == 2
    said = capsys.readouterr().err
    assert "night.json" in said and "nested too deeply" in said and "Traceback" not in said


@pytest.fixture
def opening(tmp_path):
    desk = open_desk(tmp_path)
    path = tmp_path / "night.jsonl"
    desk.export(path)
    entry = desk.entries()[0]
    desk.close()
    return path, entry


def test_a_bundle_line_nested_past_pythons_recursion_is_refused_naming_the_line(opening):
    path, _ = opening
    header = path.read_text().splitlines()[0]
    path.write_text(f"{header}\n{ARRAYS}\n")
    with pytest.raises(LedgerError, match="line 2.*nested too deeply"):
        read_bundle(path)


def test_a_record_row_nested_past_pythons_recursion_is_named_damage():
    read = entry_of_row(7, "1a2b3c4d", ARRAYS, 1)
    assert isinstance(read, Damage) and str(read) == "entry 1a2b3c4d (row 7) is damaged: is not valid JSON: nested too deeply"


def test_an_entry_pulled_nested_past_pythons_recursion_is_set_aside_naming_why(opening):
    _, entry = opening
    line = entry.line().replace('"payload":{', f'"payload":{{"deep":{ARRAYS},', 1)
    why = checked_or_why(Arrival(1, "alder-bay", 1, entry.station, entry.seq, line, None))
    assert why == "is not strict JSON (is not valid JSON: nested too deeply)"


def grapevine(depth: int) -> str:
    """A Grapevine file whose elements nest `depth` deep, its root the first."""
    inner = depth - 1
    return '<?xml version="1.0"?>\n<grapevine version="3">' + "<x>" * inner + "</x>" * inner + "</grapevine>"


def test_a_grapevine_file_nested_exactly_64_deep_is_read_and_65_refused_naming_the_limit(tmp_path):
    (tmp_path / "at.gex").write_text(grapevine(DEEPEST))
    import_file(tmp_path / "at.gex", tmp_path / "imported")
    (tmp_path / "over.gex").write_text(grapevine(DEEPEST + 1))
    with pytest.raises(GrapevineError, match=f"nests its elements more than {DEEPEST} deep"):
        import_file(tmp_path / "over.gex", tmp_path / "refused")


def test_a_grapevine_file_nested_2000_deep_is_refused_with_a_message(tmp_path, capsys):
    deep = tmp_path / "deep.gex"
    deep.write_text(grapevine(2000))
    status = main(["chronicle", "import", str(deep), "--out", str(tmp_path / "imported")])
    said = capsys.readouterr()
    assert status != 0 and "nests its elements more than 64 deep" in said.err + said.out
