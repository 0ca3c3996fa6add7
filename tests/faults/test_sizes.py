"""Nothing is recorded that a bundle could not carry: an entry past 16 MB (a sheet with a huge
note, a transcript with a huge field) is refused with a message, and the record is unchanged."""

import pytest

from larp.desk import Desk, DeskError
from larp.sheet import load_sheet
from tests.ledger.helpers import write_chronicle


def test_a_sheet_change_with_a_60_mb_note_is_refused_and_nothing_is_written(tmp_path):
    folder = write_chronicle(tmp_path / "chronicle")
    with Desk.open(tmp_path / "night.sqlite3", folder, station="hall", narrator="Ann") as desk:
        before = len(desk.entries())
        huge = desk.sheet("janet").model_copy(update={"notes": "x" * (60 * 2**20)})
        with pytest.raises(DeskError, match="an entry holds at most 16 MB"):
            desk.change(huge)
        assert len(desk.entries()) == before
        assert load_sheet(folder / "janet.toml").notes == ""
