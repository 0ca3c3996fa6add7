"""A season that loses nothing: what stations write between games before they hear each other
all stands at every station, through a real hub, whatever the order of arrival and the clocks."""

from datetime import timedelta

import pytest

from larp.desk import DeskError
from larp.ledger import Kind
from tests.ledger.helpers import larp, write_chronicle
from tests.event.stations import joined
from tests.season.seasons import between, game_one_closed, kinds, synced, xp


def roster(desk) -> list[str]:
    return [state.sheet.id for state in desk.roster()]


def test_opening_the_next_night_discards_nothing_written_at_a_station_not_heard_yet(tmp_path, hub, chronicle):
    """Hall awards and retires; bar (a day behind) opens night 2 having heard neither: at every
    station the award and the retirement stand once everyone syncs, each flagged as late."""
    hall, bar = game_one_closed(tmp_path, hub, chronicle, offsets={"bar": timedelta(days=-1)})
    hall.award("janet", 3, "held the docks")
    hall.retire("wick", "left for Boston")
    bar.open_next_night()
    assert bar.sheet("janet").experience.earned == 0 and "wick" in roster(bar)
    synced(hall, bar)
    bar.reload()
    assert bar.sheet("janet").experience.earned == 3 and bar.sheet("wick").status == "retired"
    assert "wick" not in roster(bar)
    hall.open_next_night()
    assert hall.sheet("janet").experience.earned == 3 and "wick" not in roster(hall)
    late = [a for a in bar.reconcile().anomalies if a.kind == "came-late"]
    assert {a.character for a in late} == {"janet", "wick"}
    assert {cid: s.sheet for cid, s in hall.tonight.characters.items()} == {cid: s.sheet for cid, s in bar.tonight.characters.items()}


def test_a_sheet_taken_from_a_file_never_writes_experience(tmp_path, hub, chronicle):
    (hall,) = game_one_closed(tmp_path, hub, chronicle, names=("hall",))
    hall.award("ruth", 5, "attended")
    edited = hall.standing().characters["ruth"].model_copy(update={"abilities": {"Occult": 1}})
    stale = edited.model_copy(update={"experience": edited.experience.model_copy(update={"earned": 0, "unspent": 0, "history": []})})
    entry = hall.amend(stale, "edited in the folder")
    assert "Experience" not in entry.summary and "experience" not in entry.payload["fields"]
    assert xp(hall, "ruth") == (5, 5) and hall.standing().characters["ruth"].abilities == {"Occult": 1}


def test_a_change_at_one_station_and_an_award_at_another_both_stand(tmp_path, hub, chronicle):
    hall, bar = game_one_closed(tmp_path, hub, chronicle)
    hall.award("janet", 2, "saved the Harpy")
    grown = bar.standing().characters["janet"].model_copy(update={"abilities": {"Leadership": 3}})
    bar.amend(grown, "a typo fixed")
    synced(hall, bar)
    for desk in (hall, bar):
        assert xp(desk, "janet") == (2, 2) and desk.standing().characters["janet"].abilities["Leadership"] == 3


def test_an_award_then_a_retirement_elsewhere_both_stand(tmp_path, hub, chronicle):
    hall, bar = game_one_closed(tmp_path, hub, chronicle)
    hall.award("cody", 4, "a fine death scene")
    bar.retire("cody", "moved to Seattle")
    synced(hall, bar)
    for desk in (hall, bar):
        cody = desk.standing().characters["cody"]
        assert cody.status == "retired" and cody.experience.earned == 4


def test_a_purchase_and_a_retirement_at_two_stations_both_stand(tmp_path, hub, chronicle):
    hall, bar = game_one_closed(tmp_path, hub, chronicle)
    hall.award("ruth", 6, "attended")
    synced(hall, bar)
    hall.buy("ruth", "Ability: Occult")
    bar.retire("ruth", "left the chronicle")
    synced(hall, bar)
    for desk in (hall, bar):
        ruth = desk.standing().characters["ruth"]
        assert ruth.status == "retired" and ruth.abilities.get("Occult") == 1 and ruth.experience.unspent < 6


def test_two_purchases_at_once_both_charge_and_both_are_bought(tmp_path, hub, chronicle):
    hall, bar = game_one_closed(tmp_path, hub, chronicle)
    hall.award("ruth", 8, "attended")
    synced(hall, bar)
    willpower = hall.standing().characters["ruth"].willpower
    hall.buy("ruth", "Willpower")
    bar.buy("ruth", "Ability: Occult")
    synced(hall, bar)
    for desk in (hall, bar):
        ruth = desk.standing().characters["ruth"]
        spent = [line for line in ruth.experience.history if line.type == "spent"]
        assert ruth.willpower == willpower + 1 and ruth.abilities.get("Occult") == 1 and len(spent) == 2
        assert ruth.experience.unspent == 8 - sum(line.change for line in spent)


def test_one_trait_bought_at_two_stations_is_bought_twice(tmp_path, hub, chronicle):
    """A purchase adds to what she has: two stations each selling her a level, both paid, give two."""
    hall, bar = game_one_closed(tmp_path, hub, chronicle)
    hall.award("ruth", 8, "attended")
    synced(hall, bar)
    hall.buy("ruth", "Ability: Occult")
    bar.buy("ruth", "Ability: Occult")
    synced(hall, bar)
    assert hall.standing().characters["ruth"].abilities["Occult"] == bar.standing().characters["ruth"].abilities["Occult"] == 2


@pytest.mark.parametrize("ahead", ["hall", "bar"])
def test_a_laptop_a_day_off_changes_nothing(tmp_path, hub, chronicle, ahead):
    hall, bar = game_one_closed(tmp_path, hub, chronicle, offsets={ahead: timedelta(days=1)})
    hall.award("janet", 1, "first")
    synced(hall, bar)
    bar.award("janet", 2, "second")
    synced(hall, bar)
    hall.award("janet", 3, "third")
    synced(hall, bar)
    for desk in (hall, bar):
        history = desk.standing().characters["janet"].experience.history
        assert [line.reason for line in history] == ["first", "second", "third"] and xp(desk, "janet") == (6, 6)


def test_two_changes_of_one_field_are_a_conflict_kept_flagged_and_settled_by_a_pick(tmp_path, hub, chronicle, capsys):
    hall, bar, door = game_one_closed(tmp_path, hub, chronicle, names=("hall", "bar", "door"))
    at_hall = hall.amend(hall.standing().characters["janet"].model_copy(update={"lineage": "Ventrue"}), "clan fixed")
    at_bar = bar.amend(bar.standing().characters["janet"].model_copy(update={"lineage": "Brujah"}), "clan fixed again")
    synced(hall, bar, door)
    held = {desk.standing().characters["janet"].lineage for desk in (hall, bar, door)}
    assert len(held) == 1
    for desk in (hall, bar, door):
        (conflict,) = desk.season().conflicts()
        assert conflict.path == "lineage" and {op.entry.id for op in conflict.operations} == {at_hall.id, at_bar.id}
        assert "conflict" in kinds(desk)
    other = at_hall if held == {"Brujah"} else at_bar
    status, out, _ = larp(capsys, "conflicts", "--db", tmp_path / "door.sqlite3")
    assert status == 0 and "Janet Reyes: lineage" in out and f"holds  {(at_bar if other is at_hall else at_hall).short_id}" in out
    status, out, err = larp(capsys, "conflicts", "pick", other.short_id, "--db", tmp_path / "door.sqlite3")
    assert status == 0 and "as entry" in out, err
    door.reload()
    synced(hall, bar, door)
    for desk in (hall, bar, door):
        assert desk.standing().characters["janet"].lineage == other.payload["fields"]["lineage"][1]
        assert desk.season().conflicts() == [] and "conflict" not in kinds(desk)


def test_two_spends_that_together_overspend_both_stand_and_are_flagged(tmp_path, hub, chronicle):
    hall, bar = game_one_closed(tmp_path, hub, chronicle)
    hall.award("janet", 3, "attended")
    synced(hall, bar)
    first = hall.spend("janet", 2, "a favour")
    second = bar.spend("janet", 2, "a bribe")
    synced(hall, bar)
    for desk in (hall, bar):
        assert xp(desk, "janet") == (3, -1)
        (flag,) = [a for a in desk.preview().anomalies if a.kind == "overspent"]
        assert first.short_id in flag.message and second.short_id in flag.message
        with pytest.raises(DeskError, match="unspent"):
            desk.spend("janet", 1, "one more")


def test_a_between_games_entry_is_reversed_and_the_reversal_reaches_every_station(tmp_path, hub, chronicle):
    hall, bar = game_one_closed(tmp_path, hub, chronicle)
    award = hall.award("janet", 3, "a mistake")
    retired = hall.retire("wick", "a mistake too")
    synced(hall, bar)
    bar.reverse(award.id, "given to the wrong character")
    hall.reverse(retired.id, "wrong character")
    synced(hall, bar)
    for desk in (hall, bar):
        assert xp(desk, "janet") == (0, 0) and desk.standing().characters["wick"].status == "active"
        reversals = desk.entries(night=2, kind=Kind.REVERSAL.value)
        assert {e.reverses for e in reversals} == {award.id, retired.id}


def test_a_reversal_heard_after_the_opening_takes_the_change_back_out(tmp_path, hub, chronicle):
    hall, bar = game_one_closed(tmp_path, hub, chronicle)
    award = hall.award("janet", 3, "a mistake")
    synced(hall, bar)
    hall.reverse(award.id, "given to the wrong character")
    bar.open_next_night()
    assert bar.sheet("janet").experience.earned == 3
    synced(hall, bar)
    bar.reload()
    assert bar.sheet("janet").experience.earned == 0


def test_three_stations_each_writing_end_identical(tmp_path, hub, chronicle):
    desks = game_one_closed(tmp_path, hub, chronicle, names=("hall", "bar", "door"), offsets={"door": timedelta(hours=-30)})
    hall, bar, door = desks
    hall.award("ruth", 5, "attended")
    bar.award("ruth", 2, "a good scene")
    door.retire("cody", "moved away")
    synced(*desks)
    door.open_next_night()
    hall.award("janet", 1, "written before hearing the opening")
    synced(*desks)
    for desk in desks:
        desk.close()
    hall, bar, door = between(tmp_path, chronicle, ("hall", "bar", "door"))
    states = [{cid: s.sheet for cid, s in desk.states().items()} for desk in (hall, bar, door)]
    assert states[0] == states[1] == states[2]
    assert states[0]["ruth"].experience.earned == 7 and states[0]["cody"].status == "retired"
    assert states[0]["janet"].experience.earned == 1


def test_in_night_experience_the_close_missed_counts_in_the_next_night_s_start(tmp_path, hub, chronicle):
    hall, bar = (joined(tmp_path, name, hub, chronicle) for name in ("hall", "bar"))
    synced(hall, bar)
    hall.archive_night()
    late = bar.award("janet", 2, "a scene that ran long")  # bar has not heard of the close
    synced(hall, bar)
    flagged = [a for a in hall.reconcile(night=1).anomalies if a.kind == "late-entry"]
    assert [a.entry.id for a in flagged] == [late.id] and "unless it reached the station" in flagged[0].message
    hall.close(), bar.close()
    hall, bar = between(tmp_path, chronicle, ("hall", "bar"))
    assert xp(hall, "janet") == xp(bar, "janet") == (2, 2)
    hall.open_next_night()
    assert hall.sheet("janet").experience.earned == 2
    with pytest.raises(DeskError, match="counts in night 2's start already"):
        hall.carry(late.id)


def test_a_fresh_laptop_joining_between_games_undoes_nothing_with_its_folder(tmp_path, hub, chronicle):
    (hall,) = game_one_closed(tmp_path, hub, chronicle, names=("hall",))
    hall.award("janet", 3, "held the docks")
    hall.retire("wick", "left for Boston")
    hall.sync()
    copy = write_chronicle(tmp_path / "fresh-copy")
    bar = joined(tmp_path, "bar", hub, copy)
    assert bar.night_number == 2
    assert bar.sheet("janet").experience.earned == 3 and bar.sheet("wick").status == "retired"
