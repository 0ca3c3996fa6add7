"""One order for the whole season, nights included: what stations write while one of them opens
the next game and the others still write between games, or in the night, all stands at every
station through a real hub, whatever the order of arrival and the laptops' clocks."""

from datetime import timedelta

import pytest

from larp.desk import DeskError
from larp.ledger import Kind
from tests.ledger.helpers import larp
from tests.season.seasons import bought_at_both, game_one_closed, negative_chronicle, synced, xp


def flagged(desk, kind: str) -> list:
    found = desk.reconcile().anomalies if desk.night_open_here else desk.preview().anomalies
    return [a for a in found if a.kind == kind]


def test_two_buy_offs_of_a_doubled_negative_trait_both_stand_and_every_command_still_works(tmp_path, hub, capsys):
    """Case 1: Repugnant x2 bought off at hall and at bar before they hear each other: both stand
    (the Trait gone, 2 + 2 paid), nothing is flagged, and every command reads the season."""
    folder = negative_chronicle(tmp_path / "chronicle", Repugnant=2)
    hall, bar = game_one_closed(tmp_path, hub, folder)
    bought_at_both(hall, bar, "wick", "Negative: Repugnant off", 6)
    for desk in (hall, bar):
        wick = desk.standing().characters["wick"]
        assert wick.negative.social == {} and xp(desk, "wick") == (6, 2)
        assert flagged(desk, "bought-nothing") == [] and [log.sheet.id for log in desk.experience_log("wick")] == ["wick"]
    for desk in (hall, bar):
        desk.close()
    db = ("--db", str(tmp_path / "hall.sqlite3"))
    assert larp(capsys, "xp", "log", "--character", "wick", *db)[0] == 0
    assert larp(capsys, "cards", "payload", "wick", *db)[0] == 0
    status, out, err = larp(capsys, "chronicle", "export", str(folder), "--out", str(tmp_path / "out"), *db)
    assert status == 0 and "[negative" not in (tmp_path / "out" / "wick.toml").read_text()
    assert larp(capsys, "night", "open", "--keep", *db)[0] == 0
    status, out, err = larp(capsys, "checkin", "--text", "wick", *db)
    assert status == 0 and "PRESENT" in out


def test_a_buy_off_more_than_she_had_is_paid_for_nothing_and_flagged_at_every_station(tmp_path, hub):
    """Case 2: a single Repugnant bought off at two stations: the Trait gone once, both paid, and
    the second in the season's order flagged bought-nothing at every station, before and after
    the night opens, until it is reversed (which gives back its points and no Trait)."""
    folder = negative_chronicle(tmp_path / "chronicle", Repugnant=1)
    hall, bar = game_one_closed(tmp_path, hub, folder)
    _, second = bought_at_both(hall, bar, "wick", "Negative: Repugnant off", 6)
    for desk in (hall, bar):
        assert xp(desk, "wick") == (6, 2) and desk.standing().characters["wick"].negative.social == {}
        assert [a.entry.id for a in flagged(desk, "bought-nothing")] == [second.id]
    hall.open_next_night()
    assert [a.entry.id for a in flagged(hall, "bought-nothing")] == [second.id]
    hall.reverse(second.id, "bought off twice")
    synced(hall, bar)
    for desk in (hall, bar):
        desk.reload()
        assert xp(desk, "wick") == (6, 4) and desk.standing().characters["wick"].negative.social == {}
        assert flagged(desk, "bought-nothing") == []


def test_an_in_night_retirement_keeps_experience_that_came_late_through_the_close(tmp_path, hub, chronicle):
    """Case 3: bar awards Ruth 3 between games; hall, not having heard, opens the next game and
    makes her inactive in the night: at both stations, and after the close, she has earned 3."""
    hall, bar = game_one_closed(tmp_path, hub, chronicle)
    bar.award("ruth", 3, "a fine scene")
    hall.open_next_night()
    hall.retire("ruth", "on a break", status="inactive")
    synced(hall, bar)
    hall.reload()
    for desk in (hall, bar):
        ruth = desk.standing().characters["ruth"]
        assert ruth.status == "inactive" and ruth.experience.earned == 3
    hall.archive_night()
    synced(hall, bar)
    for desk in (hall, bar):
        desk.reload()
        assert desk.carried()["ruth"]["sheet"]["experience"]["earned"] == 3


def test_an_award_heard_by_a_station_behind_in_time_is_counted_once_after_its_in_night_change(tmp_path, hub, chronicle):
    """Case 4: hall awards Janet 4 between games; bar, ten hours behind, hears it and opens the
    next game; hall awards 3 more (between games: it came late to bar's night); bar retires her
    in the night: she has earned 7, at both, never 11."""
    hall, bar = game_one_closed(tmp_path, hub, chronicle, offsets={"bar": timedelta(hours=-10)})
    hall.award("janet", 4, "one")
    synced(hall, bar)
    bar.open_next_night()
    hall.award("janet", 3, "two")
    synced(hall, bar)
    bar.reload()
    bar.retire("janet", "moved away")
    synced(hall, bar)
    hall.open_next_night()
    for desk in (hall, bar):
        desk.reload()
        janet = desk.standing().characters["janet"]
        assert janet.experience.earned == 7 and janet.status == "retired"
        assert sorted(line.change for line in janet.experience.history) == [3, 4]


def test_xp_log_counts_what_came_after_the_opening(tmp_path, hub, chronicle):
    """Case 5: an award written between games at bar, heard by hall after it opened: hall's
    experience log says it, as its export does; a late reversal of it likewise."""
    hall, bar = game_one_closed(tmp_path, hub, chronicle)
    award = bar.award("cody", 3, "a duel")
    hall.open_next_night()
    synced(hall, bar)
    hall.reload()
    [log] = hall.experience_log("cody")
    assert (log.sheet.experience.earned, [line.change for line, _ in log.lines]) == (3, [3])
    bar.reverse(award.id, "a mistake")
    synced(hall, bar)
    hall.reload()
    [log] = hall.experience_log("cody")
    assert log.sheet.experience.earned == 0 and log.lines == []


def test_the_first_opening_is_the_first_in_the_seasons_order_whatever_the_clocks(tmp_path, hub, chronicle):
    """Case 6: hall opens; bar, whose clock is ten hours behind, hears it and opens too: hall's is
    the night's first at both stations (bar's clock says bar opened first)."""
    hall, bar = game_one_closed(tmp_path, hub, chronicle, offsets={"bar": timedelta(hours=-10)})
    hall.open_next_night()
    synced(hall, bar)
    bar.open_next_night()
    synced(hall, bar)
    for desk in (hall, bar):
        desk.reload()
        assert desk.tonight.first_opening.station == "hall"
        openings = desk.entries(night=2, kind=Kind.OPENED.value)
        assert min(openings, key=lambda e: e.wall_time).station == "bar"  # bar's clock says it was first


def test_in_night_overspends_at_two_stations_are_flagged(tmp_path, hub, chronicle):
    """Case 7: Cody has 3 unspent; hall and bar each spend 2 in the night before hearing each
    other: both stand (unspent -1) and she is flagged overspent at both stations."""
    hall, bar = game_one_closed(tmp_path, hub, chronicle)
    hall.award("cody", 3, "a duel")
    hall.open_next_night()
    synced(hall, bar)
    bar.open_next_night()
    hall.spend("cody", 2, "a favour")
    bar.spend("cody", 2, "another favour")
    synced(hall, bar)
    for desk in (hall, bar):
        desk.reload()
        assert xp(desk, "cody") == (3, -1)
        assert [a.character for a in flagged(desk, "overspent")] == ["cody"]


def new_sheet(folder, name: str, willpower: int):
    from larp.sheet import load_sheet

    path = folder / f"vik-{willpower}.toml"
    path.write_text(f'id = "vik"\nname = "{name}"\nwillpower = {willpower}\n[traits.physical]\nQuick = 1\n')
    return load_sheet(path)


def test_two_stations_adding_one_id_are_a_conflict_until_a_pick(tmp_path, hub, chronicle):
    """Case 8: hall and bar each add a new "vik" before hearing each other: one sheet holds at
    both (the first in the season's order), the conflict is named, and a pick of the other settles it."""
    hall, bar = game_one_closed(tmp_path, hub, chronicle)
    mine, theirs = hall.amend(new_sheet(tmp_path, "Vik Hall", 2), "new player"), bar.amend(new_sheet(tmp_path, "Vik Bar", 5), "new player")
    synced(hall, bar)
    first, other = sorted((mine, theirs), key=lambda e: (e.payload["tick"], e.station, e.seq))
    for desk in (hall, bar):
        [conflict] = desk.season().conflicts()
        assert conflict.character == "vik" and conflict.holding.entry.id == first.id
        assert desk.standing().characters["vik"].name == first.payload["joins"]["sheet"]["name"]
    bar.pick(other.short_id)
    synced(hall, bar)
    for desk in (hall, bar):
        assert desk.season().conflicts() == []
        vik = desk.standing().characters["vik"]
        assert (vik.name, vik.willpower) == (other.payload["joins"]["sheet"]["name"], other.payload["joins"]["sheet"]["willpower"])


def test_stations_opened_and_not_show_one_season_and_in_night_changes_of_one_field_conflict(tmp_path, hub, chronicle):
    """Case 9: hall opens the game and changes Janet's lineage in the night; bar, not open, holds
    the same entries and shows the same sheets; then bar opens and both change her lineage before
    hearing each other: a conflict, named at both, and one value holds at both."""
    hall, bar = game_one_closed(tmp_path, hub, chronicle)
    hall.open_next_night()
    hall.change(hall.sheet("janet").model_copy(update={"lineage": "Ventrue"}))
    hall.award("janet", 2, "a scene")
    synced(hall, bar)
    assert not bar.night_open_here
    assert {cid: s.sheet for cid, s in hall.states().items()} == {cid: s.sheet for cid, s in bar.states().items()}
    bar.open_next_night()
    hall.change(hall.sheet("janet").model_copy(update={"lineage": "Brujah"}))
    bar.change(bar.sheet("janet").model_copy(update={"lineage": "Nosferatu"}))
    synced(hall, bar)
    for desk in (hall, bar):
        desk.reload()
        assert [(a.character, "lineage" in a.message) for a in flagged(desk, "conflict")] == [("janet", True)]
    assert hall.sheet("janet").lineage == bar.sheet("janet").lineage in ("Brujah", "Nosferatu")
    assert xp(hall, "janet") == xp(bar, "janet") == (2, 2)


def test_a_pick_settles_the_conflict_it_names_and_no_other(tmp_path, hub, chronicle):
    hall, bar = game_one_closed(tmp_path, hub, chronicle)
    janet = hall.standing().characters["janet"]
    both = hall.amend(janet.model_copy(update={"lineage": "Ventrue", "player": "Ann"}), "two fields")
    bar.amend(janet.model_copy(update={"lineage": "Brujah", "player": "Bea"}), "two fields")
    synced(hall, bar)
    with pytest.raises(DeskError, match="in 2 conflicts \\(lineage, player\\): name the one"):
        hall.pick(both.short_id)
    hall.pick(both.short_id, "lineage")
    synced(hall, bar)
    for desk in (hall, bar):
        assert [c.path for c in desk.season().conflicts()] == ["player"]
        assert desk.standing().characters["janet"].lineage == "Ventrue"


def test_a_purchase_that_loses_to_a_set_is_flagged(tmp_path, hub, chronicle):
    """A purchase's Trait is never paid for and absent without a flag: a set of the same field
    at a station that had not heard of it names the conflict at both stations."""
    hall, bar = game_one_closed(tmp_path, hub, chronicle)
    hall.award("ruth", 3, "a scene")
    synced(hall, bar)
    hall.buy("ruth", "Ability: Occult")
    ruth = bar.standing().characters["ruth"]
    bar.amend(ruth.model_copy(update={"abilities": {"Occult": 3}}), "her real rating")
    synced(hall, bar)
    for desk in (hall, bar):
        assert [c.path for c in desk.season().conflicts()] == ["abilities.Occult"]


def test_an_experience_line_is_dated_by_its_game_not_the_laptops_clock(tmp_path, hub, chronicle):
    """Bar's clock is two days ahead: a line it writes between games, and one in the night, carry
    the date of the game they belong to (its first opening), as hall's do."""
    hall, bar = game_one_closed(tmp_path, hub, chronicle, offsets={"bar": timedelta(days=2)})
    played = hall.entries(night=1, kind=Kind.OPENED.value)
    game_one = min(played, key=lambda e: (e.payload.get("tick", 0), e.station)).wall_time[:10]
    between = bar.award("janet", 1, "between games")
    assert between.payload["line"]["date"] == game_one
    hall.open_next_night()
    synced(hall, bar)
    bar.open_next_night()
    tonight = bar.award("janet", 1, "in the night")
    assert tonight.payload["line"]["date"] == hall.tonight.first_opening.wall_time[:10]


def test_a_command_that_opens_a_night_says_so(tmp_path, hub, chronicle, capsys):
    hall, bar = game_one_closed(tmp_path, hub, chronicle)
    hall.open_next_night()
    synced(hall, bar)
    for desk in (hall, bar):
        desk.close()
    status, out, err = larp(capsys, "checkin", "--text", "janet", "--db", str(tmp_path / "bar.sqlite3"), "--station", "bar")
    assert status == 0 and "night 2 opened at station bar (under way at station hall)" in err
    assert "PRESENT" in out


def test_the_buy_off_that_took_the_trait_reversed_in_the_night_leaves_the_other_buy_off_taking_it(tmp_path, hub):
    """Case 2, the other way: the buy-off first in the season's order is reversed once the night
    is open: the other takes the Trait now, paid, and nothing is flagged at either station."""
    folder = negative_chronicle(tmp_path / "chronicle", Repugnant=1)
    hall, bar = game_one_closed(tmp_path, hub, folder)
    first, _ = bought_at_both(hall, bar, "wick", "Negative: Repugnant off", 6)
    hall.open_next_night()
    hall.reverse(first.id, "bought off twice")
    synced(hall, bar)
    for desk in (hall, bar):
        desk.reload()
        assert xp(desk, "wick") == (6, 4) and desk.standing().characters["wick"].negative.social == {}
        assert flagged(desk, "bought-nothing") == []
