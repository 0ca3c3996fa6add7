"""Reversals (R-NIGHT-3): a new entry undoes a mistaken call; the record is never edited."""

import pytest

from larp.desk import Desk, DeskError
from larp.ledger import Kind
from tests.ledger.helpers import SHEETS, contest, open_desk

SHOVE = contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors"))


@pytest.fixture
def desk(tmp_path):
    return open_desk(tmp_path)


def snapshot(desk):
    return [entry.to_json() for entry in desk.entries()], desk.night().to_json()


def test_r_night_3_a_reversal_undoes_the_call_and_keeps_it_in_the_record(desk):
    call = desk.record(SHOVE)
    reversal = desk.reverse(call.short_id, "  Cody had Fortitude up:\nthe shove failed ")
    assert (reversal.kind, reversal.reverses) == (Kind.REVERSAL, call.id)
    assert reversal.payload == {"reason": "Cody had Fortitude up: the shove failed"}
    assert reversal.character_ids == ("janet", "cody")
    assert desk.character("cody").to_json()["lost"]["physical"] == []
    assert call in desk.entries()


def test_r_night_3_a_reversed_regain_can_be_used_again(desk):
    regain = desk.regain("janet", "social")
    desk.reverse(regain.id, "she had no Willpower to spare: the Narrator misread her sheet")
    assert desk.character("janet").willpower == SHEETS["janet"]["willpower"]
    desk.regain("janet", "social")


@pytest.mark.parametrize(
    "target, reason, message",
    [
        ("reversal", "undo the undo", "is itself a reversal, and a reversal is not reversed: record the call again instead"),
        ("call", "twice", "was already reversed by"),
        ("opening", "wrong night", "is a night-opened entry: only adjudications, regains, characters added, sheet changes, rolls, Health marks, experience, check-ins and between-games entries are reversed"),
        ("deadbeef", "typo", "there is no entry 'deadbeef' in night 1 of this record"),
        ("call", "   ", "say why the entry is reversed"),
    ],
)
def test_a_reversal_that_can_not_be_made_says_why_and_changes_nothing(desk, target, reason, message):
    call = desk.record(SHOVE)
    reversal = desk.reverse(call.id, "the shove missed")
    ids = {"reversal": reversal.id, "call": call.id, "opening": desk.entries()[0].id}
    before = snapshot(desk)
    with pytest.raises(DeskError, match=message):
        desk.reverse(ids.get(target, target), reason)
    assert snapshot(desk) == before


def test_a_reversal_is_written_even_after_the_station_closed_its_night(desk):
    call = desk.record(SHOVE)
    desk.close_night()
    with pytest.raises(DeskError, match="closed at station hall"):
        desk.record(SHOVE)
    desk.reverse(call.id, "found on the paper sheet afterwards")
    assert desk.character("cody").to_json()["lost"]["physical"] == []


def test_a_reversal_written_where_the_bundles_were_merged_comes_after_what_it_reverses(tmp_path):
    bar = open_desk(tmp_path, station="bar", db="bar.sqlite3")
    bar.advance(40)
    call = bar.record(SHOVE)
    bar.export(tmp_path / "bar.jsonl")
    with Desk.open(tmp_path / "merged.sqlite3", station="head", open_night=False) as head:
        head.merge(tmp_path / "bar.jsonl")
        reversal = head.reverse(call.id, "the head Narrator rules the shove missed")
        assert (reversal.station, reversal.game_time) == ("head", call.game_time)
        assert head.character("cody").to_json()["lost"]["physical"] == []
        assert head.reconcile().anomalies == ()
