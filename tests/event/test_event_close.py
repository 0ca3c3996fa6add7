"""One close for the event, through a real hub: every station learns it at its next sync and opens
the next night from the same starting state; what a station wrote in the night before it heard of
the close is kept and flagged, and no sync fails because of it."""

import time

import pytest

from larp.desk import DeskError
from tests.event.stations import joined, synced
from tests.ledger.helpers import SHEETS, WallClock, contest, larp, write_chronicle

SPEND = contest(
    "janet", "Charismatic", "cody", "Impressive", ("rock", "paper"),
    category="social",
    steps=[{"retest": {"side": "challenger", "source": "ability", "name": "Leadership"}}, {"throw": {"challenger": "rock", "defender": "scissors"}}],
)
"""Janet spends Leadership and a Willpower on a retest, and wins."""
LATE = contest("cody", "Brawny", "wick", "Quick", ("rock", "scissors"))


def starts(desk) -> dict:
    """Each character as she starts the night open at the desk: sheet, Willpower, nothing lost."""
    return {cid: (state.sheet.model_dump(mode="json"), state.willpower, state.to_json()["lost"]) for cid, state in desk.tonight.starts.items()}


def caught_up(desk, seconds: float = 20) -> bool:
    """The desk's sync worker has sent everything and taken in the close of night 1."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status = desk.sync_status()
        if status is not None and status.online and status.waiting == 0 and desk.ledger.night("alder-bay", 1).archived_at:
            return True
        time.sleep(0.1)
    return False


def late_flags(desk, night: int = 1) -> list[tuple[str, str]]:
    return [(a.entry.id, a.entry.station) for a in desk.reconcile(night=night).anomalies if a.kind == "late-entry"]


@pytest.mark.parametrize("refresh", ["full", "keep"])
def test_a_close_at_one_station_reaches_the_other_which_had_written_late_and_both_open_night_2_alike(tmp_path, hub, refresh):
    folder = write_chronicle(tmp_path / "chronicle", willpower_refresh=refresh)
    a, b = joined(tmp_path, "hall", hub, folder), joined(tmp_path, "bar", hub, folder)
    a.record(SPEND)
    a.regain("janet", "social")  # a Willpower spent
    synced(a, b)
    late = b.record(LATE)  # B has not heard of the close yet
    following = a.archive_night()
    a.sync()  # as larp close-night does at a station of an event
    moved_b = b.sync()  # pushes the late entry, pulls the close: no failure
    moved_a = a.sync()  # pulls the late entry into a night closed here: no failure
    assert (moved_b.pushed, moved_a.pulled) == (1, 1)
    assert any("closed for the event at station hall" in said for said in moved_b.closes)
    assert any("1 entry of night 1 written after its close" in said for said in moved_a.closes)
    for desk in (a, b):
        assert late.id in {entry.id for entry in desk.entries(night=1)}
        assert late_flags(desk) == [(late.id, "bar")]
        assert not desk.night_open_here
        with pytest.raises(DeskError, match="night 1 is archived"):
            desk.record(LATE)
    assert a.open_next_night() == b.open_next_night() == 2
    assert starts(a) == starts(b)
    willpower = SHEETS["janet"]["willpower"] - (1 if refresh == "keep" else 0)
    assert following["janet"]["willpower"] == willpower == b.character("janet").willpower
    assert b.character("janet").abilities == SHEETS["janet"]["abilities"]
    assert b.character("cody").to_json()["lost"] == {"physical": [], "social": [], "mental": []}
    synced(a, b)
    assert [a.kind for a in b.reconcile().anomalies] == []


def test_a_regain_in_night_1_does_not_bar_a_regain_in_night_2_at_another_station(tmp_path, hub, chronicle):
    a, b = joined(tmp_path, "hall", hub, chronicle), joined(tmp_path, "bar", hub, chronicle)
    a.record(SPEND)
    a.regain("janet", "social")
    synced(a, b)
    with pytest.raises(DeskError, match="R-NIGHT-1"):
        b.regain("janet", "social")
    a.archive_night()
    synced(a, b)
    b.open_next_night()
    b.record(SPEND)
    assert b.regain("janet", "social").kind.value == "regain"


def test_three_stations_one_offline_through_the_close_catches_up_and_its_late_entry_is_carried(tmp_path, hub, chronicle, capsys):
    hall, bar, crypt = (joined(tmp_path, name, hub, chronicle) for name in ("hall", "bar", "crypt"))
    hall.record(SPEND)
    synced(hall, bar, crypt)
    late = crypt.record(LATE)  # the crypt is offline from here to the end of the night
    crypt.record(LATE.model_copy(update={"challenge": LATE.challenge.model_copy(update={"effect": "a second shove"})}))
    hall.archive_night()
    hall.sync()
    status, out, _ = larp(capsys, "sync", "--db", bar.ledger.where)
    assert status == 0 and "Close: night 1 was closed for the event at station hall: night 2 starts from its close" in out
    synced(hall, bar)
    bar.open_next_night()
    crypt.go_live()  # back online: by itself, its late entries go to the hub and the close comes in
    assert caught_up(crypt)
    crypt.stop_live()
    synced(hall, bar, crypt)
    assert crypt.open_next_night() == 2
    assert starts(crypt) == starts(bar)
    flags = [late_flags(desk) for desk in (hall, bar, crypt)]
    assert flags[0] == flags[1] == flags[2] and len(flags[0]) == 2 and (late.id, "crypt") in flags[0]
    carried = crypt.carry(late.short_id)
    assert crypt.character("wick").to_json()["lost"]["physical"] == ["Quick"]
    with pytest.raises(DeskError, match="carried into night 2 already"):
        crypt.carry(late.id)
    synced(hall, bar, crypt)
    assert bar.character("wick").to_json()["lost"]["physical"] == ["Quick"]
    assert carried.id in {entry.id for entry in hall.entries(night=2)}
    status, out, err = larp(capsys, "carry", late.short_id, "--db", crypt.ledger.where)
    assert status == 1 and "carried into night 2 already" in err


def test_stations_that_open_a_night_from_different_rosters_are_flagged_naming_both(tmp_path, hub):
    everyone = write_chronicle(tmp_path / "everyone")
    without_wick = write_chronicle(tmp_path / "without-wick", ids=("janet", "cody", "ruth"))
    a = joined(tmp_path, "hall", hub, everyone)
    b = joined(tmp_path, "bar", hub, without_wick)
    synced(a, b)
    for desk in (a, b):
        flagged = [(x.kind, x.character, x.entry.station, x.earlier.station) for x in desk.reconcile().anomalies]
        # Neither heard the other open: the first in the season's order (the same tick, then the
        # station's name: bar) is the night's first at every station, whatever the clocks say.
        assert flagged == [("rosters-differ", "wick", "hall", "bar")]


def test_a_new_nights_game_clock_starts_at_zero_a_month_later(tmp_path, hub, chronicle):
    wall = WallClock()
    a = joined(tmp_path, "hall", hub, chronicle, now=wall)
    b = joined(tmp_path, "bar", hub, chronicle, now=wall)
    wall.wait(240)
    assert a.game_time() == 240
    a.archive_night()
    synced(a, b)
    wall.wait(30 * 24 * 60)
    b.open_next_night()
    assert b.game_time() == 0
    wall.wait(5)
    synced(a, b)
    a.open_next_night()
    assert a.game_time() == b.game_time() == 5


def test_a_station_that_joins_after_the_close_learns_it_and_opens_the_next_night_from_it(tmp_path, hub, chronicle, capsys):
    hall = joined(tmp_path, "hall", hub, chronicle)
    hall.record(SPEND)
    following = hall.archive_night()
    hall.sync()
    db = tmp_path / "crypt.sqlite3"
    line = tmp_path / "join.txt"  # the join address is never on a command line
    line.write_text(hub + "\n")
    status, out, _ = larp(capsys, "join", line, "--station", "crypt", "--db", db)
    assert status == 0 and "Close: night 1 was closed for the event at station hall" in out
    crypt = joined(tmp_path, "crypt", None, chronicle)
    assert crypt.night_number == 2 and crypt.night_open_here
    assert {cid: {"sheet": s.sheet.model_dump(mode="json"), "willpower": s.willpower} for cid, s in crypt.tonight.starts.items()} == following
