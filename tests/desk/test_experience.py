"""Experience at the desk: each line an entry of the night record, folded into the sheet's
`experience`; refused with nothing written; reversed, never edited; carried by close-night;
merged from another station like every entry."""

import pytest

from larp.desk import Desk, DeskError
from larp.desk.experience import override_of
from larp.ledger import Kind
from larp.rules.experience import check_totals, replayed
from tests.ledger.helpers import WallClock, contest, open_desk, write_chronicle


@pytest.fixture
def desk(tmp_path):
    return open_desk(tmp_path, now=WallClock())


def totals(desk, cid):
    xp = desk.sheet(cid).experience
    return xp.earned, xp.unspent


def test_an_award_and_a_spend_are_entries_and_move_the_totals(desk):
    award = desk.award("janet", 4, "held the line at the docks")
    spend = desk.spend("janet", 1.5, "a favour owed")
    assert [e.kind for e in desk.entries(character="janet")][-2:] == [Kind.BETWEEN, Kind.BETWEEN]  # operations of the season
    assert (award.payload["line"]["type"], spend.payload["line"]["change"]) == ("earned", 1.5)
    assert totals(desk, "janet") == (4, 2.5)
    assert [(e.type, e.reason) for e in desk.sheet("janet").experience.history] == [
        ("earned", "held the line at the docks"),
        ("spent", "a favour owed"),
    ]


def test_the_running_totals_equal_a_replay_from_zero(desk):
    for points in (3, 2, 1):
        desk.award("cody", points, "a scene")
    desk.spend("cody", 4, "Brawl")
    xp = desk.sheet("cody").experience
    check_totals(xp, "Cody")
    assert (replayed(xp.history).earned, replayed(xp.history).unspent) == (6, 2)
    [log] = desk.experience_log("cody")
    assert [(t.earned, t.unspent) for _, t in log.lines] == [(3, 3), (5, 5), (6, 6), (6, 2)]


def test_spending_below_zero_is_refused_with_nothing_written(desk):
    desk.award("janet", 2, "a scene")
    before = len(desk.entries())
    with pytest.raises(DeskError, match="2 unspent experience, 3 needed"):
        desk.spend("janet", 3, "too much")
    with pytest.raises(DeskError, match="needed"):
        desk.buy("janet", "Willpower")
    assert len(desk.entries()) == before and totals(desk, "janet") == (2, 2)


def test_a_chronicle_that_allows_debt_lets_unspent_go_below_zero(tmp_path):
    folder = write_chronicle(tmp_path / "chronicle", experience={"debt": True})
    with Desk.open(tmp_path / "night.sqlite3", folder, station="hall") as desk:
        desk.spend("janet", 3, "an advance")
        assert totals(desk, "janet") == (0, -3)


def test_an_award_needs_a_reason(desk):
    with pytest.raises(DeskError, match="needs a reason"):
        desk.award("janet", 1, "  ")


def test_a_reversed_award_leaves_the_history_as_if_it_had_not_been(desk):
    desk.award("janet", 3, "a scene")
    wrong = desk.award("janet", 5, "the wrong character")
    desk.reverse(wrong.id, "meant for Cody")
    assert totals(desk, "janet") == (3, 3)
    assert [e.reason for e in desk.sheet("janet").experience.history] == ["a scene"]
    assert len([e for e in desk.entries() if e.id == wrong.id]) == 1  # kept, never edited


def test_the_monthly_cap_refuses_and_an_override_names_who_and_why(desk):
    desk.award("wick", 6, "a scene")
    with pytest.raises(DeskError, match="cap of 8 a month"):
        desk.award("wick", 3, "another")
    entry = desk.award("wick", 3, "another", override_of("Mara", "a double game"))
    assert entry.payload["line"]["override"] == {"who": "Mara", "why": "a double game"}
    assert totals(desk, "wick") == (9, 9)


def test_the_cap_per_game_counts_this_game_s_awards_only(tmp_path):
    folder = write_chronicle(tmp_path / "chronicle", experience={"cap_per_game": 4, "cap_per_month": 100})
    with Desk.open(tmp_path / "night.sqlite3", folder, station="hall", now=WallClock()) as desk:
        desk.award("ruth", 4, "a scene")
        with pytest.raises(DeskError, match="this game"):
            desk.award("ruth", 1, "one more")
        desk.archive_night()
    with Desk.open(tmp_path / "night.sqlite3", folder, station="hall", now=WallClock()) as desk:
        desk.award("ruth", 1, "the next game")
        assert totals(desk, "ruth") == (5, 5)


def test_a_purchase_changes_the_sheet_in_one_operation(desk):
    desk.award("janet", 8, "a season", override_of("Mara", "a test"))
    entry = desk.buy("janet", "Ability: Occult")
    assert entry.kind is Kind.BETWEEN and entry.payload["line"]["change"] == 1
    assert entry.payload["fields"] == {"abilities.Occult": [None, 1]} and entry.payload["adds"]
    desk.buy("janet", "Physical: Quick")
    desk.buy("janet", "Willpower")
    janet = desk.sheet("janet")
    assert janet.abilities["Occult"] == 1 and janet.traits.physical["Quick"] == 2 and janet.willpower == 3
    assert desk.character("janet").willpower == 3
    assert totals(desk, "janet") == (8, 3)
    assert [e.reason for e in janet.experience.history][1:] == ["Ability: Occult", "Physical: Quick", "Willpower"]


def test_a_reversed_purchase_gives_back_the_points_and_the_sheet(desk):
    desk.award("janet", 3, "a scene")
    entry = desk.buy("janet", "Willpower")
    desk.reverse(entry.id, "bought by mistake")
    assert desk.sheet("janet").willpower == 2 and totals(desk, "janet") == (3, 3)


def test_the_chronicle_s_cost_table_prices_a_purchase(tmp_path):
    folder = write_chronicle(tmp_path / "chronicle", experience={"costs": {"willpower": 2}})
    with Desk.open(tmp_path / "night.sqlite3", folder, station="hall") as desk:
        desk.award("cody", 2, "a scene")
        assert "for 2 experience" in desk.buy("cody", "Willpower").summary
        assert totals(desk, "cody") == (2, 0)


def test_the_history_survives_close_night_and_goes_on_in_the_next_game(tmp_path):
    desk = open_desk(tmp_path, now=WallClock())
    desk.award("janet", 3, "game one")
    desk.buy("janet", "Ability: Occult")
    desk.archive_night()
    desk.close()
    with open_desk(tmp_path, now=WallClock()) as desk:
        assert desk.night_number == 2
        janet = desk.sheet("janet")
        assert (janet.experience.earned, janet.experience.unspent) == (3, 2) and janet.abilities["Occult"] == 1
        desk.award("janet", 2, "game two")
        assert [e.reason for e in desk.sheet("janet").experience.history] == ["game one", "Ability: Occult", "game two"]
        with pytest.raises(DeskError, match="earned 5 this month"):
            desk.award("janet", 4, "too much")


def test_lines_from_two_stations_merge_and_a_purchase_keeps_the_other_station_s_award(tmp_path):
    folder = write_chronicle(tmp_path / "chronicle")
    hall = Desk.open(tmp_path / "hall.sqlite3", folder, station="hall", narrator="Ann")
    bar = Desk.open(tmp_path / "bar.sqlite3", folder, station="bar", narrator="Bo")
    hall.award("cody", 3, "at the hall")
    bar.award("cody", 2, "at the bar")
    bar.buy("cody", "Ability: Occult")
    hall.export(tmp_path / "hall.jsonl")
    bar.export(tmp_path / "bar.jsonl")
    hall.merge(tmp_path / "bar.jsonl")
    bar.merge(tmp_path / "hall.jsonl")
    for desk in (hall, bar):
        cody = desk.sheet("cody")
        assert (cody.experience.earned, cody.experience.unspent) == (5, 4) and cody.abilities["Occult"] == 1
        check_totals(cody.experience, "Cody")
    hall.close()
    bar.close()


def test_the_log_read_from_the_sheet_entries_alone_equals_the_whole_night_folded(tmp_path):
    """`larp xp log` folds only the entries that shape a sheet: through challenges, a purchase, a
    reversed award and a sheet change, each history is the one the whole night gives."""
    desk = open_desk(tmp_path, now=WallClock())
    desk.record(contest("cody", "Brawny", "wick", "Quick", ("rock", "scissors")))
    desk.award("janet", 3, "the docks")
    desk.buy("janet", "Willpower")
    wrong = desk.award("cody", 2, "the wrong character")
    desk.record(contest("janet", "Quick", "cody", "Tough", ("paper", "rock")))
    desk.reverse(wrong.id, "meant Wick")
    desk.award("wick", 2, "the docks")
    desk.close()
    with Desk.read(tmp_path / "night.sqlite3") as reader:
        logged = {log.sheet.id: log.sheet for log in reader.experience_log()}
        assert logged == {cid: state.sheet for cid, state in reader.states().items()}
        assert [line.reason for line in logged["janet"].experience.history] == ["the docks", "Willpower"]
        assert logged["cody"].experience.history == []
        assert [log.sheet.id for log in reader.experience_log("wick")] == ["wick"]
        with pytest.raises(DeskError, match="did you mean wick"):
            reader.experience_log("wic")
