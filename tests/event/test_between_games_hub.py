"""Between games through the hub: a status change and the folder's edits, written at one station,
reach the other, which opens the next night from the same roster and refuses the same cards."""

import pytest

from larp.desk import DeskError
from tests.event.stations import at, joined, synced


def test_a_retirement_written_in_the_night_at_one_station_is_refused_at_the_other(tmp_path, hub, chronicle):
    hall, bar = joined(tmp_path, "hall", hub, chronicle), joined(tmp_path, "bar", hub, chronicle)
    synced(hall, bar)
    with at("bar", tmp_path):
        from larp.cards import current_card, issued_payload

        card = issued_payload(current_card(bar.chronicle, "wick"))
    hall.retire("wick", "fell from the pier", status="dead")
    synced(hall, bar)
    assert "wick" not in {state.sheet.id for state in bar.roster()}
    with at("bar", tmp_path), pytest.raises(DeskError, match="Wick is dead \\(fell from the pier\\)"):
        bar.lookup(card)


def test_changes_between_games_at_one_station_open_the_same_night_from_the_same_roster_at_the_other(tmp_path, hub, chronicle):
    hall, bar = joined(tmp_path, "hall", hub, chronicle), joined(tmp_path, "bar", hub, chronicle)
    hall.close_night(), bar.close_night()
    synced(hall, bar)  # both closed before either archives (one close for the event is the close branch's)
    hall.archive_night(), bar.archive_night()
    hall.close(), bar.close()
    hall = joined(tmp_path, "hall", None, chronicle, open_night=False)
    hall.retire("cody", "moved to Seattle")
    grown = hall.standing().characters["ruth"].model_copy(update={"abilities": {"Occult": 1}})
    hall.amend(grown, "bought Occult")
    bar = joined(tmp_path, "bar", None, chronicle, open_night=False)
    synced(hall, bar)
    assert bar.standing().characters == hall.standing().characters
    assert bar.standing().characters["cody"].status == "retired"
    hall.close(), bar.close()
    hall, bar = joined(tmp_path, "hall", None, chronicle), joined(tmp_path, "bar", None, chronicle)
    assert hall.night_number == bar.night_number == 2
    assert {cid: s.sheet for cid, s in hall.tonight.characters.items()} == {cid: s.sheet for cid, s in bar.tonight.characters.items()}
    assert [s.sheet.id for s in bar.roster()] == [s.sheet.id for s in hall.roster()] and "cody" not in [s.sheet.id for s in bar.roster()]
    hall.close(), bar.close()
