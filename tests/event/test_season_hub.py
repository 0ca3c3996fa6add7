"""Check-ins and experience through a real hub: what one station writes at the door or in a
character's history reaches the other by sync; a card scanned at both stations is in once, and the
attendance award goes to each character once; awards written at two stations between games both stand."""

from tests.event.stations import joined, synced


def earned(desk, character: str) -> list[tuple[str, float, str]]:
    return [(line.type, line.change, line.reason) for line in desk.experience_log(character)[0].sheet.experience.history]


def test_a_check_in_at_one_station_and_an_award_at_the_other_reach_both(tmp_path, hub, chronicle):
    hall, bar = joined(tmp_path, "hall", hub, chronicle), joined(tmp_path, "bar", hub, chronicle)
    hall.check_in("janet")
    bar.award("ruth", 2, "kept the minutes")
    synced(hall, bar)
    assert [sheet.id for sheet, _ in bar.present()] == ["janet"]
    assert earned(hall, "ruth") == [("earned", 2.0, "kept the minutes")]


def test_a_card_scanned_at_both_stations_is_in_once_and_the_attendance_award_is_given_once(tmp_path, hub, chronicle):
    hall, bar = joined(tmp_path, "hall", hub, chronicle), joined(tmp_path, "bar", hub, chronicle)
    hall.check_in("janet"), bar.check_in("janet"), bar.check_in("ruth")
    synced(hall, bar)
    assert [sheet.id for sheet, _ in hall.present()] == [sheet.id for sheet, _ in bar.present()] == ["janet", "ruth"]
    assert bar.check_in("janet").already is not None
    hall.archive_night()
    synced(hall, bar)
    given = bar.award_attended()
    assert sorted(entry.character_ids[0] for entry in given) == ["janet", "ruth"]
    synced(hall, bar)
    for desk in (hall, bar):
        assert [line[0] for line in earned(desk, "janet")] == ["earned"]


def test_awards_written_at_two_stations_between_games_both_stand(tmp_path, hub, chronicle):
    hall, bar = joined(tmp_path, "hall", hub, chronicle), joined(tmp_path, "bar", hub, chronicle)
    hall.archive_night()
    synced(hall, bar)
    hall.award("janet", 3, "held the docks")
    bar.award("janet", 2, "kept the secret")
    synced(hall, bar)
    for desk in (hall, bar):
        assert sorted(line[2] for line in earned(desk, "janet")) == ["held the docks", "kept the secret"]
        assert desk.experience_log("janet")[0].sheet.experience.unspent == 5
