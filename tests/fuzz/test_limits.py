"""Every reader with a size limit takes an input of exactly its limit and refuses one byte more,
naming the limit; each limit is set small here (the same code runs at 16, 64 or 256 MB), so that
these stay quick and light. Nothing past a limit is read on.

Readers: a transcript (`larp resolve`, 256 MB), a sheet in TOML or JSON and a chronicle (64 MB),
the paper sheets (64 MB), a bundle's line (16 MB) and a whole bundle (256 MB), a Grapevine file
(256 MB), a file holding the hub's address (64 KB), an entry as the record files it and as a
pull takes it (16 MB, in UTF-8 bytes), and a CSV field (131,072 characters, Python's own limit).
"""

import contextlib
import dataclasses
import io
import json
from pathlib import Path

import pytest

from larp.cli import main
from larp.cli.hub_line import AddressError, from_file
from larp.grapevine import GrapevineError
from larp.grapevine.folder import import_file
from larp.ledger import LedgerError
from larp.ledger.bundle_reading import read_bundle
from larp.ledger.exchange import Arrival
from larp.ledger.pulling import checked_or_why
from larp.ledger.reported import from_csv, read_reported
from larp.ledger.rows import row_of
from larp.sheet import SheetError
from larp.sheet.loading import load_chronicle_file, load_sheet
from tests.ledger.helpers import open_desk

REPO = Path(__file__).resolve().parents[2]
TRANSCRIPT = (REPO / "tests" / "transcripts" / "worked_ability_retest.json").read_bytes()
SHEET = (REPO / "cards" / "janet.toml").read_bytes()
SHEET_JSON = json.dumps({"id": "janet", "name": "Janet", "traits": {"physical": {"Quick": 2}}, "willpower": 2}).encode()
CHRONICLE = (REPO / "cards" / "chronicle.toml").read_bytes()
PAPER = b"character,willpower,physical_lost,abilities\njanet,2,Quick,Leadership=1\n"
GRAPEVINE = b'<?xml version="1.0"?>\r\n<grapevine version="3">\r\n  <vampire name="Ann" willpower="3"/>\r\n</grapevine>\r\n'
JOIN_LINE = b"postgresql://larp_station:secret@hall:5433/larp_event\n"
PADDING = 40


def padded(data: bytes, size: int) -> bytes:
    """`data` with white space after it (which every format here allows) to `size` bytes."""
    return data + b"\n" * (size - len(data))


def resolved(path: Path) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        return main(["resolve", str(path)]), err.getvalue()


def test_a_transcript_of_exactly_the_limit_resolves_and_one_byte_more_is_refused_naming_it(tmp_path, monkeypatch):
    limit = len(TRANSCRIPT) + PADDING
    monkeypatch.setattr("larp.sheet.strict_json.LARGEST_FILE", limit)
    (tmp_path / "at.json").write_bytes(padded(TRANSCRIPT, limit))
    (tmp_path / "over.json").write_bytes(padded(TRANSCRIPT, limit + 1))
    assert resolved(tmp_path / "at.json")[0] == 0
    status, said = resolved(tmp_path / "over.json")
    assert status == 2 and f"over.json: is too large to be a transcript (larger than {limit} bytes)" in said


@pytest.mark.parametrize(
    "seed, name, load", [(SHEET, "sheet.toml", load_sheet), (SHEET_JSON, "sheet.json", load_sheet), (CHRONICLE, "chronicle.toml", load_chronicle_file)],
    ids=["sheet (TOML)", "sheet (JSON)", "chronicle"],
)
def test_a_sheet_or_chronicle_of_exactly_the_limit_loads_and_one_byte_more_is_refused_naming_it(tmp_path, monkeypatch, seed, name, load):
    limit = len(seed) + PADDING
    monkeypatch.setattr("larp.sheet.loading.SHEET_LIMIT", limit)
    (tmp_path / name).write_bytes(padded(seed, limit))
    load(tmp_path / name)
    (tmp_path / name).write_bytes(padded(seed, limit + 1))
    with pytest.raises(SheetError, match=f"is too large to be a sheet \\(larger than {limit} bytes\\)"):
        load(tmp_path / name)


def test_paper_sheets_of_exactly_the_limit_are_read_and_one_byte_more_is_refused_naming_it(tmp_path, monkeypatch):
    limit = len(PAPER) + PADDING
    monkeypatch.setattr("larp.ledger.reported.PAPER_LIMIT", limit)
    (tmp_path / "paper.csv").write_bytes(padded(PAPER, limit))
    assert [sheet.character for sheet in read_reported(tmp_path / "paper.csv")] == ["janet"]
    (tmp_path / "paper.csv").write_bytes(padded(PAPER, limit + 1))
    with pytest.raises(LedgerError, match=f"is too large to be the paper sheets \\(larger than {limit} bytes\\)"):
        read_reported(tmp_path / "paper.csv")


def test_a_csv_field_of_exactly_131072_characters_is_read_and_one_more_is_refused_naming_the_limit():
    def paper(width: int) -> str:
        return f'character,willpower,physical_lost,abilities\njanet,2,Quick,"Leadership=1{" " * (width - 12)}"\n'

    assert [sheet.character for sheet in from_csv(paper(131_072), "paper.csv")] == ["janet"]
    with pytest.raises(LedgerError, match=r"paper.csv, line 2: .*field larger than field limit \(131072\)"):
        from_csv(paper(131_073), "paper.csv")


@pytest.fixture
def bundle(tmp_path) -> Path:
    """A bundle of a night with its opening, its longest line first."""
    desk = open_desk(tmp_path)
    path = tmp_path / "night.jsonl"
    desk.export(path)
    desk.close()
    return path


def test_a_bundle_line_of_exactly_the_limit_is_read_and_one_byte_more_is_refused_naming_it(bundle, monkeypatch):
    longest = max(len(line) for line in bundle.read_bytes().splitlines(keepends=True))
    monkeypatch.setattr("larp.sheet.strict_json.LONGEST_LINE", longest)
    read_bundle(bundle)
    monkeypatch.setattr("larp.sheet.strict_json.LONGEST_LINE", longest - 1)
    with pytest.raises(LedgerError, match=f"is longer than {longest - 1} bytes"):
        read_bundle(bundle)


def test_a_bundle_of_exactly_the_limit_is_read_and_one_byte_more_is_refused_naming_it(bundle, monkeypatch):
    monkeypatch.setattr("larp.sheet.strict_json.LARGEST_FILE", bundle.stat().st_size)
    read_bundle(bundle)
    monkeypatch.setattr("larp.sheet.strict_json.LARGEST_FILE", bundle.stat().st_size - 1)
    with pytest.raises(LedgerError, match=f"larger than {bundle.stat().st_size - 1} bytes"):
        read_bundle(bundle)


def test_a_grapevine_file_of_exactly_the_limit_is_imported_and_one_byte_more_is_refused_naming_it(tmp_path, monkeypatch):
    limit = len(GRAPEVINE) + PADDING
    monkeypatch.setattr("larp.grapevine.files.SIZE_LIMIT", limit)
    (tmp_path / "at.gex").write_bytes(padded(GRAPEVINE, limit))
    import_file(tmp_path / "at.gex", tmp_path / "imported")
    assert (tmp_path / "imported").is_dir()
    (tmp_path / "over.gex").write_bytes(padded(GRAPEVINE, limit + 1))
    with pytest.raises(GrapevineError, match=f"is {limit + 1} bytes: no Grapevine file is that large \\(the limit is {limit} bytes\\)"):
        import_file(tmp_path / "over.gex", tmp_path / "refused")
    assert not (tmp_path / "refused").exists()


def test_a_file_holding_the_hubs_address_of_exactly_the_limit_is_read_and_one_byte_more_is_refused(tmp_path, monkeypatch):
    limit = len(JOIN_LINE) + PADDING
    monkeypatch.setattr("larp.cli.hub_line.LINE_FILE_LIMIT", limit)
    (tmp_path / "hub.txt").write_bytes(padded(JOIN_LINE, limit))
    assert from_file(str(tmp_path / "hub.txt"), "the join line") == JOIN_LINE.decode().strip()
    (tmp_path / "hub.txt").write_bytes(padded(JOIN_LINE, limit + 1))
    with pytest.raises(AddressError, match=f"is larger than {limit} bytes: it should hold the join line") as refused:
        from_file(str(tmp_path / "hub.txt"), "the join line")
    assert "secret" not in str(refused.value)


@pytest.fixture
def entry(tmp_path):
    """The night's opening entry of a station, with a summary in two-byte characters."""
    desk = open_desk(tmp_path)
    opening = dataclasses.replace(desk.entries()[0], summary="é" * 100)
    desk.close()
    return opening


def test_an_entry_of_exactly_the_limit_in_utf8_bytes_is_recorded_and_one_byte_more_is_refused(entry, monkeypatch):
    size = len(entry.line().encode())
    monkeypatch.setattr("larp.ledger.rows.LONGEST_LINE", size)
    assert row_of(entry)[-1] == entry.line()
    monkeypatch.setattr("larp.ledger.rows.LONGEST_LINE", size - 1)  # still more than its characters
    assert len(entry.line()) < size - 1
    with pytest.raises(LedgerError, match=f"an entry holds at most {size - 1} bytes .*nothing was written"):
        row_of(entry)


def test_an_entry_pulled_of_exactly_the_limit_is_taken_and_one_byte_more_is_set_aside_naming_it(entry, monkeypatch):
    arrival = Arrival(1, "alder-bay", 1, entry.station, entry.seq, entry.line(), None)
    size = len(entry.line().encode())
    monkeypatch.setattr("larp.ledger.pulling.LONGEST_LINE", size)
    assert checked_or_why(arrival)[0] == entry.id
    monkeypatch.setattr("larp.ledger.pulling.LONGEST_LINE", size - 1)
    assert checked_or_why(arrival) == f"is larger than {size - 1} bytes, the most an entry holds"
