"""Two and three desks joined to one hub: the rules that span the night read the merged record."""

import stat

import pytest

from larp.cards import current_card, issued_payload, reissue
from larp.desk import DeskError
from larp.sheet.transcript import ThrowStep
from tests.event.stations import at, joined, synced
from tests.ledger.helpers import WallClock, contest

SWAY = contest("janet", "Charismatic", "cody", "Impressive", category="social", effect="sway the vote")


def test_d_a_card_printed_at_one_station_scans_at_another(tmp_path, hub, chronicle):
    a, b = joined(tmp_path, "hall", hub, chronicle), joined(tmp_path, "bar", hub, chronicle)
    with at("hall", tmp_path):
        printed = issued_payload(current_card(a.chronicle, "janet"))
        a.sync()
    with at("bar", tmp_path):
        with pytest.raises(DeskError, match="no key"):
            b.lookup(printed)
        moved = b.sync()
        assert [sheet.id for sheet in b.lookup(printed)] == ["janet"]
    assert any("card key" in said for said in moved.cards)
    key = tmp_path / "home-bar" / "cards" / "alder-bay" / "key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600 and stat.S_IMODE(key.parent.stat().st_mode) == 0o700


def test_d_a_reissue_at_one_station_revokes_the_old_card_everywhere_once_synced(tmp_path, hub, chronicle):
    a, b = joined(tmp_path, "hall", hub, chronicle), joined(tmp_path, "bar", hub, chronicle)
    with at("hall", tmp_path):
        old = issued_payload(current_card(a.chronicle, "janet"))
        a.sync()
    with at("bar", tmp_path):
        b.sync()
        assert [sheet.id for sheet in b.lookup(old)] == ["janet"]
        new = issued_payload(reissue(b.chronicle, "janet"))
        b.sync()
    with at("hall", tmp_path):
        a.sync()
        with pytest.raises(DeskError, match="replaced it") as refused:
            a.lookup(old)
        assert refused.value.reason.value == "revoked"
        assert [sheet.id for sheet in a.lookup(new)] == ["janet"]


def test_r_night_1_a_regain_at_one_station_refuses_a_second_at_another_once_synced(tmp_path, hub, chronicle):
    a, b = joined(tmp_path, "hall", hub, chronicle), joined(tmp_path, "bar", hub, chronicle)
    a.record(contest("cody", "Brawny", "janet", "Quick", ("rock", "scissors")))
    a.regain("janet", "physical")
    b.regain("janet", "social")  # not synced yet: B does not know
    synced(a, b)
    for desk in (a, b):
        with pytest.raises(DeskError, match="R-NIGHT-1"):
            desk.regain("janet", "physical")
        assert desk.character("janet").regained == {"physical", "social"}


def test_r_night_2_a_five_minute_lock_made_at_one_station_holds_at_another(tmp_path, hub, chronicle):
    wall = WallClock()
    a = joined(tmp_path, "hall", hub, chronicle, now=wall)
    b = joined(tmp_path, "bar", hub, chronicle, now=wall)
    lost = a.record(SWAY.model_copy(update={"challenge": SWAY.challenge.model_copy(update={"steps": [ThrowStep(throw={"challenger": "rock", "defender": "paper"})]})}))
    assert lost.payload["lock"] is not None
    synced(a, b)
    wall.wait(2)
    state, notes = b.start(SWAY.challenge.model_copy(update={"steps": []}))
    assert state.lock is not None and any(note.rule == "R-NIGHT-2" for note in notes)
    wall.wait(4)
    state, _ = b.start(SWAY.challenge.model_copy(update={"steps": []}))
    assert state.lock is None


def test_r_night_2_a_hold_at_one_station_holds_the_clock_of_every_station(tmp_path, hub, chronicle):
    wall = WallClock()
    a = joined(tmp_path, "hall", hub, chronicle, now=wall)
    wall.wait(1)
    b = joined(tmp_path, "bar", hub, chronicle, now=wall)
    assert b.game_time() == 0
    synced(a, b)
    wall.wait(9)
    assert a.game_time() == b.game_time() == 10
    a.hold()
    synced(a, b)
    wall.wait(30)
    assert b.clock_held() and b.game_time() == 10
    b.resume()
    synced(a, b)
    wall.wait(5)
    assert not a.clock_held() and a.game_time() == b.game_time() == 15


def test_d_the_record_changed_check_reads_entries_pulled_during_a_challenge(tmp_path, hub, chronicle):
    a, b = joined(tmp_path, "hall", hub, chronicle), joined(tmp_path, "bar", hub, chronicle)
    state, _ = b.start(contest("janet", "Quick", "cody", "Brawny").challenge)
    a.record(contest("cody", "Brawny", "janet", "Quick", ("rock", "scissors")))
    synced(a, b)
    state, _ = b.step(state, ThrowStep(throw={"challenger": "rock", "defender": "scissors"}))
    with pytest.raises(DeskError, match="record changed for these characters"):
        b.commit(state)


def test_d_three_desks_hold_the_same_record_once_synced(tmp_path, hub, chronicle):
    desks = [joined(tmp_path, name, hub, chronicle) for name in ("hall", "bar", "crypt")]
    desks[0].record(contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors")))
    desks[1].record(contest("ruth", "Patient", "wick", "Cunning", ("rock", "rock"), category="mental"))
    desks[2].regain("cody", "physical")
    synced(*desks)
    ids = [sorted(entry.id for entry in desk.entries()) for desk in desks]
    assert ids[0] == ids[1] == ids[2] and len(ids[0]) == 6
    ends = [desk.reconcile().to_json()["characters"] for desk in desks]
    assert ends[0] == ends[1] == ends[2]
    for desk in desks[:2]:
        with pytest.raises(DeskError, match="R-NIGHT-1"):
            desk.regain("cody", "physical")  # regained at the crypt


def test_d_sync_is_idempotent_and_pulling_a_stations_own_entries_back_changes_nothing(tmp_path, hub, chronicle):
    a, b = joined(tmp_path, "hall", hub, chronicle), joined(tmp_path, "bar", hub, chronicle)
    a.record(contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors")))
    synced(a, b)
    lines = a.ledger.lines(a.night_row)
    again = a.sync()
    assert (again.pushed, again.pulled) == (0, 0)
    a.ledger.remember("hub_pulled", "0")
    a.ledger.remember("hub_sent", "0")
    again = a.sync()
    assert (again.pushed, again.pulled) == (0, 0)
    assert a.ledger.lines(a.night_row) == lines
