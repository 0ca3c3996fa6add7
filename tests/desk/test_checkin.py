"""Check-in at the door: a card read marks its character present for this game, once; a revoked,
foreign, retired or dead character's card is refused with its reason and writes nothing; the
attendance award goes to everyone checked in, once."""

import pytest

from larp.cards import CardReason, current_card, issued_payload, reissue
from larp.desk import Desk, DeskError
from larp.sheet import load_chronicle
from tests.ledger.helpers import WallClock, open_desk, write_chronicle


@pytest.fixture
def desk(tmp_path):
    return open_desk(tmp_path, now=WallClock())


def card(desk, cid):
    return issued_payload(current_card(desk.chronicle, cid)) + "\n"


def test_a_card_at_the_door_marks_her_present_with_an_entry(desk):
    checked = desk.check_in(card(desk, "cody"))
    assert checked.message == "Cody Harlan is present" and checked.entry.kind.value == "check-in"
    assert [sheet.id for sheet, _ in desk.present()] == ["cody"]


def test_a_typed_id_checks_her_in_too(desk):
    desk.check_in("wick")
    assert [sheet.id for sheet, _ in desk.present()] == ["wick"]


def test_a_second_scan_says_she_is_already_in_and_writes_nothing(desk):
    first = desk.check_in(card(desk, "cody")).entry
    before = len(desk.entries())
    again = desk.check_in(card(desk, "cody"))
    assert again.entry is None and again.already == first and "already in" in again.message
    assert len(desk.entries()) == before


def test_a_revoked_card_is_refused_with_its_reason(desk):
    old = card(desk, "janet")
    reissue(desk.chronicle, "janet")
    with pytest.raises(DeskError) as refused:
        desk.check_in(old)
    assert refused.value.reason is CardReason.REVOKED and desk.present() == []


def test_a_card_of_another_chronicle_is_refused_as_foreign(desk, tmp_path):
    other = load_chronicle(write_chronicle(tmp_path / "other", chronicle_id="elsewhere"))
    with pytest.raises(DeskError, match="elsewhere") as refused:
        desk.check_in(issued_payload(current_card(other, "cody")))
    assert refused.value.reason is CardReason.FOREIGN and desk.present() == []


@pytest.mark.parametrize("status", ["retired", "dead"])
def test_a_retired_or_dead_character_s_card_is_refused_with_the_reason(desk, status):
    typed = card(desk, "wick")
    desk.change(desk.sheet("wick").model_copy(update={"status": status, "status_reason": "left for Chicago"}))
    with pytest.raises(DeskError, match=fr"Wick is {status} \(left for Chicago\)"):
        desk.check_in(typed)
    assert desk.present() == []


def test_something_that_is_no_card_and_no_id_is_refused(desk):
    with pytest.raises(DeskError, match="neither a card"):
        desk.check_in("the prince")


def test_a_reversed_check_in_is_no_longer_present(desk):
    entry = desk.check_in("ruth").entry
    desk.reverse(entry.id, "wrong player")
    assert desk.present() == []


def test_the_attendance_award_goes_to_everyone_checked_in_once(desk):
    for cid in ("cody", "wick"):
        desk.check_in(cid)
    entries = desk.award_attended()
    assert sorted(e.character_ids[0] for e in entries) == ["cody", "wick"]
    assert desk.sheet("cody").experience.earned == 5 and desk.sheet("janet").experience.earned == 0
    with pytest.raises(DeskError, match="had the attendance award already"):
        desk.award_attended()
    desk.check_in("janet")
    [late] = desk.award_attended()
    assert late.character_ids == ("janet",)


def test_nobody_checked_in_gets_no_attendance_award(desk):
    with pytest.raises(DeskError, match="nobody is checked in"):
        desk.award_attended()


def test_check_ins_of_two_stations_merge(tmp_path):
    folder = write_chronicle(tmp_path / "chronicle")
    door = Desk.open(tmp_path / "door.sqlite3", folder, station="door")
    side = Desk.open(tmp_path / "side.sqlite3", folder, station="side")
    door.check_in("cody")
    side.check_in("wick")
    side.check_in("cody")
    side.export(tmp_path / "side.jsonl")
    door.merge(tmp_path / "side.jsonl")
    assert [sheet.id for sheet, _ in door.present()] == ["cody", "wick"]
    door.close()
    side.close()


def test_a_name_or_the_unique_start_of_one_checks_her_in(desk):
    """Issue 28, item 3: a player without a card is checked in by name."""
    assert desk.check_in("Cody Harlan").sheet.id == "cody"
    assert desk.check_in("rut").sheet.id == "ruth"


def test_a_name_that_might_mean_two_characters_checks_in_neither_and_names_them(desk):
    desk.change(desk.sheet("ruth").model_copy(update={"name": "Cody Abernathy"}))
    with pytest.raises(DeskError, match="may be Cody Abernathy, Cody Harlan: type more of the name"):
        desk.check_in("cod")
    assert desk.present() == []


def test_a_retired_character_typed_by_name_is_refused_as_retired(desk):
    desk.change(desk.sheet("wick").model_copy(update={"status": "retired", "status_reason": "left for Chicago"}))
    name = desk.sheet("wick").display_name
    with pytest.raises(DeskError, match=r"is retired \(left for Chicago\): not in play"):
        desk.check_in(name)
    with pytest.raises(DeskError, match=r"is retired \(left for Chicago\)"):
        desk.lookup(name)
