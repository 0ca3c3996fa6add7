"""The station's game clock: runs with wall time, stops on hold, moves on by advance (R-NIGHT-2)."""

import pytest

from larp.desk import DeskError
from larp.rules import Move, Phase
from larp.sheet.transcript import OverrideStep, ThrowStep
from tests.ledger.helpers import WallClock, contest, open_desk

SWAY = contest("janet", "Charismatic", "cody", "Impressive", category="social", effect="sway the vote").challenge


@pytest.fixture
def wall():
    return WallClock()


def test_the_game_clock_runs_with_wall_time_while_not_held(tmp_path, wall):
    desk = open_desk(tmp_path, now=wall)
    wall.wait(12)
    assert desk.game_time() == 12 and not desk.clock_held()


def test_a_hold_stops_the_clock_and_a_resume_runs_it_on_from_there(tmp_path, wall):
    desk = open_desk(tmp_path, now=wall)
    wall.wait(10)
    desk.hold()
    wall.wait(30)
    assert desk.game_time() == 10 and desk.clock_held()
    desk.resume()
    wall.wait(5)
    assert desk.game_time() == 15


def test_an_advance_moves_the_clock_on_held_or_running(tmp_path, wall):
    desk = open_desk(tmp_path, now=wall)
    desk.advance(20)
    wall.wait(1)
    assert desk.game_time() == 21
    desk.hold()
    desk.advance(4)
    assert desk.game_time() == 25 and desk.clock_held()


def test_the_clock_is_the_same_for_a_desk_opened_again_on_the_record(tmp_path, wall):
    desk = open_desk(tmp_path, now=wall)
    wall.wait(7)
    desk.hold()
    desk.advance(3)
    desk.close()
    wall.wait(60)
    assert open_desk(tmp_path, now=wall).game_time() == 10


def test_holding_a_held_clock_or_resuming_a_running_one_is_refused(tmp_path, wall):
    desk = open_desk(tmp_path, now=wall)
    with pytest.raises(DeskError, match="already running"):
        desk.resume()
    desk.hold()
    with pytest.raises(DeskError, match="already held, at 0:00"):
        desk.hold()
    with pytest.raises(DeskError, match="between 0 and 1440 minutes, not -5"):
        desk.advance(-5)


def lose_the_sway(desk):
    state, _ = desk.start(SWAY)
    state, _ = desk.step(state, ThrowStep.model_validate({"throw": {"challenger": "rock", "defender": "paper"}}))
    return desk.commit(state)


def test_r_night_2_a_failed_challenge_is_held_five_game_minutes_by_the_desk_clock(tmp_path, wall):
    desk = open_desk(tmp_path, now=wall)
    lose_the_sway(desk)
    [lock] = desk.locks("janet")
    assert lock.until == 5
    wall.wait(4)
    state, notes = desk.start(SWAY)
    assert state.phase is Phase.BLOCKED and [o.move for o in desk.offers(state)] == [Move.OVERRIDE]
    assert "until game time 0:05 (now 0:04)" in notes[-1].text
    wall.wait(1)
    assert desk.locks("janet") == [] and desk.start(SWAY)[0].phase is Phase.OPEN


def test_r_night_2_a_held_clock_keeps_the_lock(tmp_path, wall):
    desk = open_desk(tmp_path, now=wall)
    desk.hold()
    lose_the_sway(desk)
    wall.wait(60)
    assert desk.start(SWAY)[0].phase is Phase.BLOCKED


def test_r_night_2_an_override_is_a_step_of_the_challenge_kept_in_its_entry(tmp_path, wall):
    desk = open_desk(tmp_path, now=wall)
    lose_the_sway(desk)
    state, _ = desk.start(SWAY)
    reason = "new evidence in hand"
    state, _ = desk.step(state, OverrideStep.model_validate({"override": {"rule": "R-NIGHT-2", "reason": reason}}))
    state, _ = desk.step(state, ThrowStep.model_validate({"throw": {"challenger": "rock", "defender": "scissors"}}))
    entry = desk.commit(state)
    assert entry.payload["challenge"]["steps"][0] == {"override": {"rule": "R-NIGHT-2", "reason": reason}}
    assert entry.result.override == reason
    assert "five-minute rule overridden: new evidence in hand" in entry.summary
