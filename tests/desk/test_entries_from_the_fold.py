"""Tonight's entries come from the desk's own fold: the same, in the same order and through the
same filters, as the record read afresh; the reconciliation made later, on any thread, is the same."""

import pytest

from larp.desk import Desk
from larp.ledger import Kind
from tests.desk.test_two_stations import BAR, HALL, station
from tests.ledger.helpers import larp, write_chronicle

FILTERS = [
    {},
    {"character": "janet"},
    {"character": "wick"},
    {"station": "hall"},
    {"station": "bar", "character": "cody"},
    {"kind": Kind.ADJUDICATION.value},
    {"kind": Kind.REVERSAL.value},
    {"character": "nobody"},
]


@pytest.fixture
def merged(tmp_path, capsys):
    """A record holding two stations' nights, its first challenge reversed, with a fold made."""
    write_chronicle(tmp_path / "chronicle")
    bundles = [station(tmp_path, capsys, "hall", HALL, "Ann"), station(tmp_path, capsys, "bar", BAR, "Bo")]
    db = tmp_path / "merged.sqlite3"
    assert larp(capsys, "merge", *bundles, "--db", db)[0] == 0
    desk = Desk.open(db, station="desk", open_night=False)
    first = desk.entries(kind=Kind.ADJUDICATION.value)[0]
    desk.reverse(first.id, "a mistaken call")
    desk.night()  # the desk has folded the night
    yield desk
    desk.close()


@pytest.mark.parametrize("only", FILTERS)
def test_the_fold_gives_what_the_record_gives(merged, only):
    afresh = sorted(merged.ledger.entries(merged.night_row, **only), key=lambda entry: entry.order)
    assert [entry.to_json() for entry in merged.entries(**only)] == [entry.to_json() for entry in afresh]


def test_an_entry_written_here_is_among_them_at_once(merged):
    regain = merged.entries(kind=Kind.REGAIN.value)[0]
    reversal = merged.reverse(regain.id, "she had no Willpower left")
    assert reversal in merged.entries(character="janet") and reversal in merged.entries(kind=Kind.REVERSAL.value)


def test_the_reconciliation_made_later_is_the_one_made_at_once(merged):
    making = merged.reconciler()
    assert making().to_json() == merged.reconcile().to_json()
