"""Finding a character at the desk: a scanned card, an exact id, else a near enough name."""

import pytest

from larp.cards import CardReason, current_card, issued_payload, reissue
from larp.desk import DeskError
from tests.ledger.helpers import open_desk


@pytest.fixture
def desk(tmp_path):
    return open_desk(tmp_path)


def ids(sheets):
    return [sheet.id for sheet in sheets]


def test_an_exact_id_finds_that_character_alone(desk):
    assert ids(desk.lookup("wick")) == ["wick"]


@pytest.mark.parametrize("typed, first", [("Janet", "janet"), ("reyes", "janet"), ("Jannet Reyes", "janet"), ("abernath", "ruth")])
def test_a_name_near_enough_finds_the_character_best_first(desk, typed, first):
    assert ids(desk.lookup(typed))[0] == first


def test_nothing_like_a_name_finds_nobody(desk):
    assert desk.lookup("Prince of the City") == [] and desk.lookup("   ") == []


def test_a_scanned_card_finds_its_character_as_she_is_tonight(desk):
    typed = issued_payload(current_card(desk.chronicle, "cody")) + "\n"
    [sheet] = desk.lookup(typed)
    assert sheet == desk.sheet("cody")


def test_a_forged_card_is_refused_with_its_reason(desk):
    payload = issued_payload(current_card(desk.chronicle, "cody"))
    forged = payload[:-1] + ("1" if payload[-1] != "1" else "2")
    with pytest.raises(DeskError, match="forged") as refused:
        desk.lookup(forged)
    assert refused.value.reason is CardReason.FORGED


def test_a_card_replaced_by_a_newer_one_is_refused(desk):
    old = issued_payload(current_card(desk.chronicle, "janet"))
    reissue(desk.chronicle, "janet")
    with pytest.raises(DeskError) as refused:
        desk.lookup(old)
    assert refused.value.reason is CardReason.REVOKED


def test_a_mangled_scan_is_refused_not_taken_for_a_name(desk):
    with pytest.raises(DeskError) as refused:
        desk.lookup("LARP1234")
    assert refused.value.reason is CardReason.GARBAGE
