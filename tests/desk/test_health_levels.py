"""Wounds on Mind's Eye Theatre Health Levels at the desk (R-HEALTH-1 to R-HEALTH-4): an entry
each, on her track and in her challenges, refused past the end, reversed, reconciled, carried to
another station, flagged where two stations together pass the end, healed by the next game."""

import pytest

from larp.desk import Desk, DeskError
from larp.ledger import Kind
from tests.ledger.helpers import contest, open_desk, write_chronicle


def test_r_health_2_a_wound_is_an_entry_and_fills_her_next_box(tmp_path):
    with open_desk(tmp_path) as desk:
        desk.wound("janet", 2, "a fall")
        entry = desk.wound("janet", 1)
        assert entry.kind is Kind.HEALTH and entry.payload == {"wound": {"target": "janet", "boxes": 1}, "reason": ""}
        assert entry.summary == "Janet Reyes takes 1 wound: Bruised (-1 Traits)"
        assert desk.wounds("janet").marks == "Healthy ■■ Bruised ■□□ Wounded □□ Incapacitated □ Mortally Wounded □"
        healed = desk.wound("janet", -1, "  first aid ")
        assert healed.summary == "Janet Reyes heals 1 wound: Healthy; first aid"
        assert desk.character("janet").wounds == 2


def test_r_health_2_a_wound_past_the_last_box_or_a_heal_of_none_is_refused_and_nothing_recorded(tmp_path):
    with open_desk(tmp_path) as desk:
        desk.wound("cody", 8)
        before = desk.entries()
        with pytest.raises(DeskError, match="Cody Harlan has 1 box of Health left .*2 wounds more would pass the last level"):
            desk.wound("cody", 2)
        with pytest.raises(DeskError, match="Janet Reyes has 0 wounds to heal, not 1"):
            desk.wound("janet", -1)
        assert desk.entries() == before and desk.character("cody").wounds == 8


def test_r_health_3_the_desk_refuses_a_challenge_from_an_incapacitated_character(tmp_path):
    with open_desk(tmp_path) as desk:
        entry = desk.wound("janet", 8, "shot twice")
        assert entry.summary == "Janet Reyes takes 8 wounds: Incapacitated, out of challenges; shot twice"
        before = desk.entries()
        with pytest.raises(DeskError, match="R-HEALTH-3"):
            desk.record(contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors")))
        assert desk.entries() == before


def test_r_health_4_a_wounded_defender_loses_the_tie_on_her_penalty(tmp_path):
    with open_desk(tmp_path) as desk:
        desk.wound("cody", 6)
        entry = desk.record(contest("janet", "Quick", "cody", "Brawny", ("rock", "rock")))
        assert entry.result.winner == "challenger"


def test_r_health_2_a_wound_is_reversed_and_reconciled(tmp_path):
    with open_desk(tmp_path) as desk:
        wrong = desk.wound("wick", 3, "the wrong Wick")
        kept = desk.wound("ruth", 4)
        desk.reverse(wrong.short_id, "it was Ruth")
        assert desk.character("wick").wounds == 0
        night = desk.reconcile()
        assert night.characters["wick"].changes[0].reversed_by is not None
        assert night.characters["ruth"].changes[0].entry.id == kept.id
        assert night.characters["ruth"].changes[0].delta == {"health": {"wounds": 4, "track": "Bruised"}}
        assert night.characters["ruth"].end.wounds == 4 and night.characters["ruth"].start.wounds == 0


def test_r_health_2_two_stations_that_together_pass_her_last_box_are_flagged_and_held_there(tmp_path):
    write_chronicle(tmp_path / "chronicle")
    with open_desk(tmp_path, station="hall") as hall, open_desk(tmp_path, station="bar", db="bar.sqlite3") as bar:
        hall.wound("janet", 7)
        bar.wound("janet", 5)
        hall.export(tmp_path / "hall.jsonl")
        assert bar.merge(tmp_path / "hall.jsonl") >= 1
        assert bar.character("janet").wounds == 9
        [flag] = [a for a in bar.reconcile().anomalies if a.kind == "health-overrun"]
        assert flag.character == "janet" and "held at her last box" in flag.message


def test_r_health_2_wounds_heal_by_the_next_game_and_reach_another_station(tmp_path):
    with open_desk(tmp_path) as desk:
        desk.wound("janet", 4)
        desk.export(tmp_path / "hall.jsonl")
        with Desk.open(tmp_path / "other.sqlite3", tmp_path / "chronicle", station="office") as other:
            other.merge(tmp_path / "hall.jsonl")
            assert other.wounds("janet").state == "Bruised"
        desk.archive_night()
    with open_desk(tmp_path) as next_night:
        assert next_night.night_number == 2 and next_night.character("janet").wounds == 0


def test_r_health_1_the_chronicles_house_levels_are_the_track_of_a_sheet_without_its_own(tmp_path):
    write_chronicle(tmp_path / "chronicle", house_rules={"health": {"levels": {"Fine": 1, "Down": 1}, "out_of_play": ["Down"]}})
    with open_desk(tmp_path) as desk:
        assert desk.wound("janet", 2).summary == "Janet Reyes takes 2 wounds: Down, out of challenges"


def test_r_health_2_a_chronicle_that_carries_wounds_starts_the_next_game_with_them(tmp_path):
    write_chronicle(tmp_path / "chronicle", house_rules={"health": {"carry": True}})
    with open_desk(tmp_path) as desk:
        desk.wound("janet", 8, "staked and left in the marsh")
        desk.wound("cody", 2)
        desk.wound("cody", -2, "slept it off")
        following = desk.archive_night()
        assert following["janet"]["wounds"] == 8 and "wounds" not in following["cody"]
    with open_desk(tmp_path, open_night=False) as between:
        janet = between.standing().characters["janet"]
        between.amend(janet.model_copy(update={"lineage": "Gangrel"}), "her sire's clan, found out")
        assert between.states()["janet"].wounds == 8, "a sheet changed between games keeps her wounds"
    with open_desk(tmp_path) as next_night:
        assert next_night.night_number == 2
        assert next_night.wounds("janet").state == "Incapacitated" and next_night.character("cody").wounds == 0
        assert not [a for a in next_night.reconcile().anomalies if a.kind == "close-differs"], "the close is the fold of its night"
        next_night.wound("janet", -8, "the Prince's blood")
        assert next_night.character("janet").wounds == 0
