"""Every loader fed damaged documents (hypothesis, fixed seed, 500 mutations each): never a
traceback; each refusal is the loader's own error naming the file (the line, the entry);
a record's rows that were whole stay whole and read the same.

Loaders: a sheet (TOML and JSON), a chronicle, a transcript (`larp resolve` whole), a bundle,
a record's rows, its settings, a card's text (`larp scan --text`), paper sheets (CSV).
"""

import contextlib
import io
import json
import os
import sqlite3
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from larp.cards.errors import CardError
from larp.cli import main
from larp.ledger import Ledger, LedgerError
from larp.ledger.bundle_reading import read_bundle
from larp.ledger.reported import from_csv
from larp.ledger.rows import Damage, entry_of_row
from larp.sheet import SheetError
from larp.sheet.loading import load_chronicle_file, load_sheet
from tests.fuzz.mutations import FUZZ, mutated
from tests.ledger.helpers import long_night, transcript, write_chronicle

REPO = Path(__file__).resolve().parents[2]
COUNTS: Counter = Counter()
"""(loader, accepted or refused) → examples, printed by tests/bench/bench_fuzz.py."""


@pytest.fixture(scope="module")
def place(tmp_path_factory):
    """A folder for the damaged files, a record with a night, a bundle of it, a card's text."""
    folder = tmp_path_factory.mktemp("fuzz")
    os.environ["LARP_HOME"] = str(folder / "home")
    write_chronicle(folder / "chronicle")
    (folder / "night.json").write_text(json.dumps(transcript(long_night(3))))
    with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
        assert main(["record", str(folder / "night.json"), "--db", str(folder / "night.sqlite3"),
                     "--chronicle", str(folder / "chronicle"), "--station", "bar", "--quiet"]) == 0
        assert main(["export", "--db", str(folder / "night.sqlite3"), "--out", str(folder / "bundle.jsonl")]) == 0
    yield folder
    if os.environ.get("LARP_FUZZ_COUNTS"):
        Path(os.environ["LARP_FUZZ_COUNTS"]).write_text(json.dumps({" ".join(key): n for key, n in COUNTS.items()}))


def counted(loader: str, accepted: bool) -> None:
    COUNTS[(loader, "accepted" if accepted else "refused")] += 1


def loaded(loader: str, load, path: Path, errors: tuple[type[Exception], ...]) -> None:
    """`load(path)` loads or refuses with one of `errors` naming the file; nothing else."""
    try:
        load(path)
    except errors as error:
        assert str(path) in str(error), error
        counted(loader, False)
    else:
        counted(loader, True)


SHEET = (REPO / "cards" / "janet.toml").read_bytes()
SHEET_JSON = json.dumps({"id": "janet", "name": "Janet", "traits": {"physical": {"Quick": 2}}, "willpower": 2}).encode()
CHRONICLE = (REPO / "cards" / "chronicle.toml").read_bytes()
TRANSCRIPT = (REPO / "tests" / "transcripts" / "worked_ability_retest.json").read_bytes()
CSV = b"character,willpower,physical_lost,abilities\njanet,2,Quick,Leadership=1\ncody,3,,\n"


SHEET_FILES = [
    ("sheet (TOML)", SHEET, "sheet.toml", load_sheet),
    ("sheet (JSON)", SHEET_JSON, "sheet.json", load_sheet),
    ("chronicle", CHRONICLE, "chronicle.toml", load_chronicle_file),
]


@pytest.mark.parametrize("loader, seed, name, load", SHEET_FILES, ids=[row[0] for row in SHEET_FILES])
@FUZZ
@given(data=st.data())
def test_a_damaged_sheet_or_chronicle_is_loaded_or_refused_naming_the_file(place, loader, seed, name, load, data):
    (place / name).write_bytes(data.draw(mutated(seed)))
    loaded(loader, load, place / name, (SheetError,))


@FUZZ
@given(data=mutated(TRANSCRIPT))
def test_a_damaged_transcript_is_resolved_or_refused_naming_the_file(place, data):
    path = place / "transcript.json"
    path.write_bytes(data)
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(["resolve", str(path)])
    assert status in (0, 2, 3)
    if status == 2:
        assert str(path) in err.getvalue()
    counted("transcript", status != 2)


@FUZZ
@given(st.data())
def test_a_damaged_bundle_is_read_or_refused_naming_the_file(place, data):
    path = place / "damaged.jsonl"
    path.write_bytes(data.draw(mutated((place / "bundle.jsonl").read_bytes())))
    loaded("bundle", read_bundle, path, (LedgerError,))


def night_rows(place: Path) -> list[tuple]:
    with sqlite3.connect(place / "night.sqlite3") as connection:
        return connection.execute("SELECT seq, id, station, station_seq, kind, reverses, line FROM entries ORDER BY seq").fetchall()


@FUZZ
@given(st.data())
def test_a_damaged_record_row_is_read_as_an_entry_or_named_and_the_others_unchanged(place, data):
    rows = night_rows(place)
    which = data.draw(st.integers(0, len(rows) - 1))
    line = data.draw(mutated(rows[which][-1].encode()))
    stored = data.draw(st.sampled_from(["text", "bytes"]))
    damaged = line.decode("utf-8", "replace") if stored == "text" else line
    ledger = Ledger.open(":memory:")
    with ledger.writing("the night") as db:
        night = ledger.add_night(db, "alder-bay", 1)
        db.executemany(
            "INSERT INTO entries (seq, night, id, station, station_seq, kind, reverses, line) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(seq, night.id, *rest[:-1], damaged if index == which else rest[-1]) for index, (seq, *rest) in enumerate(rows)],
        )
    read = entry_of_row(rows[which][0], rows[which][1], damaged, 1)
    entries = ledger.entries(night)
    others = [entry.line() for entry in entries if entry.id != rows[which][1]]
    assert others == [row[-1] for index, row in enumerate(rows) if index != which]
    if isinstance(read, Damage):
        assert f"row {rows[which][0]}" in str(read) and ledger.damaged
        with pytest.raises(LedgerError, match="read-only until it is recovered"):
            ledger.append(night, entries[0])
    counted("record row", not isinstance(read, Damage))
    ledger.close()


@FUZZ
@given(value=st.one_of(st.binary(max_size=64), st.text(max_size=64), st.integers(-(2**63), 2**63 - 1), st.floats(allow_nan=False)))
def test_a_damaged_setting_is_read_or_named(value):
    ledger = Ledger.open(":memory:")
    ledger.db.execute("INSERT INTO meta (key, value) VALUES ('station', ?)", (value,))
    found = ledger.setting("station")
    assert found is None or isinstance(found, str)
    assert (found is None) == bool(ledger.damaged)
    counted("setting", found is not None)
    ledger.close()


@pytest.fixture(scope="module")
def card(place):
    from larp.cards.issue import current_card, issued_payload
    from larp.sheet import load_chronicle
    from tests.cards.made_chronicle import write_chronicle as write_card_chronicle

    chronicle = load_chronicle(write_card_chronicle(place / "cards", characters=3))
    return chronicle, issued_payload(current_card(chronicle, sorted(chronicle.characters)[0]))


@FUZZ
@given(st.data())
def test_a_damaged_card_text_is_read_or_refused_with_a_reason(card, data):
    from larp.cards.scan import check_card

    chronicle, text = card
    typed = data.draw(mutated(text.encode())).decode("utf-8", "replace")
    try:
        check_card(typed, chronicle)
    except CardError as error:
        assert error.reason and str(error)
        counted("card text", False)
    else:
        counted("card text", True)


@FUZZ
@given(data=mutated(CSV))
def test_damaged_paper_sheets_are_read_or_refused_naming_the_file_and_line(data):
    text = data.decode("utf-8", "replace")
    try:
        from_csv(text, "paper.csv")
    except LedgerError as error:
        assert "paper.csv" in str(error)
        counted("CSV", False)
    else:
        counted("CSV", True)
