"""The Health track of seed 004: marking bashing, lethal and aggravated damage in their order,
wound penalties, no more Health, additional damage, healing."""

import pytest

from larp.rules import RuleError
from larp.rules.dice.health import Track, heal, mark


def test_d_health_1_louis_marks_bashing_then_lethal_then_aggravated_in_order():
    louis = Track(7)  # seed 004: Louis has seven Health dots
    louis = mark(louis, "bashing", 1)
    assert louis.marks == "/······"
    louis = mark(louis, "lethal", 1)  # lethal pushes bashing right
    assert louis.marks == "X/·····"
    louis = mark(louis, "aggravated", 1)  # aggravated pushes both right
    assert louis.marks == "*X/····"
    assert louis.wounds == ("aggravated", "lethal", "bashing")


def test_d_health_1_damage_is_of_the_three_kinds():
    with pytest.raises(RuleError) as refused:
        mark(Track(7), "fire", 1)
    assert refused.value.rule == "D-HEALTH-1"


@pytest.mark.parametrize(("marked", "penalty"), [(0, 0), (4, 0), (5, -1), (6, -2), (7, -3)])
def test_d_health_2_wound_penalty_from_the_third_to_last_box(marked, penalty):
    assert mark(Track(7), "bashing", marked).penalty == penalty


def test_d_health_3_last_box_bashing_is_unconscious_lethal_is_bleeding_to_death():
    assert mark(Track(3), "bashing", 3).state == "unconscious"
    assert mark(mark(Track(3), "bashing", 2), "lethal", 1).state == "unconscious"  # bashing stays rightmost
    assert mark(Track(3), "lethal", 3).state == "bleeding to death"
    assert mark(Track(3), "lethal", 2).state == "hurt"
    assert Track(3).state == "unhurt"


def test_d_health_4_full_track_upgrades_the_leftmost_wound():
    full = mark(mark(Track(4), "lethal", 1), "bashing", 3)
    assert full.marks == "X///"
    assert mark(full, "bashing", 1).marks == "XX//"  # bashing or lethal: a bashing becomes lethal
    assert mark(full, "lethal", 2).marks == "XXX/"
    assert mark(full, "aggravated", 1).marks == "*///"  # the leftmost X or / becomes an asterisk
    all_lethal = mark(Track(2), "lethal", 2)
    assert mark(all_lethal, "bashing", 1) == all_lethal  # nothing bashing left to upgrade


def test_d_health_5_healing_takes_off_wounds_of_its_kind():
    track = mark(mark(Track(7), "lethal", 2), "bashing", 2)
    assert heal(track, "bashing", 1).marks == "XX/····"
    assert heal(track, "lethal", 5).marks == "//·····"
    assert heal(track, "aggravated", 1) == track


def test_d_health_6_a_werewolf_heals_bashing_each_turn_lethal_each_quarter_hour_and_with_essence():
    from larp.rules.dice.health import regenerate

    track = mark(mark(mark(Track(7), "aggravated", 1), "lethal", 3), "bashing", 2)
    assert regenerate(track, turns=1).marks == "*XXX/··"
    assert regenerate(track, turns=5).marks == "*XXX···"
    assert regenerate(track, minutes=29).marks == "*XX//··"  # one quarter hour gone by
    assert regenerate(track, minutes=30, essence=1).marks == "*//····"
    assert regenerate(track, turns=9, minutes=600).marks == "*······"  # aggravated stays
    down = mark(Track(3), "lethal", 3)
    assert down.incapacitated and not regenerate(down, essence=1).incapacitated
    with pytest.raises(RuleError) as refused:
        regenerate(track, turns=-1)
    assert refused.value.rule == "D-HEALTH-6"
