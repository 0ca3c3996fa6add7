"""D-SG-1 to D-SG-8: the Storytelling System of seed 004, die by die."""

import random

from larp.rules.dice import Die, StorytellingOptions, dice_needed, roll, roll_with
from larp.rules.dice.storytelling import Modifier, pool
from tests.dice.refusal import refused


def test_d_sg_1_a_pool_is_an_attribute_and_a_skill_with_the_storytellers_modifiers():
    climb = pool(3, 2, modifiers=[Modifier("slick with rain and slime", -2, "D-SG-1")])
    assert climb.dice == 3 and climb.traits == 5
    assert pool(3, 2, modifiers=[Modifier("handholds and ledges", 2, "D-SG-1")]).dice == 7


def test_d_sg_2_eight_nine_and_ten_succeed_and_ones_do_nothing():
    result = roll(4, [8, 9, 1, 7], StorytellingOptions())
    assert result.successes == 2 and result.outcome == "success"
    assert result.dice[0] == Die(8, "success", "D-SG-2")
    assert result.dice[2] == Die(1, "no success (a 1 does nothing)", "D-SG-2")
    failure = roll(3, [1, 1, 1], StorytellingOptions())
    assert failure.outcome == "failure" and not failure.dramatic_failure


def test_d_sg_3_a_ten_is_rolled_again_without_end_and_the_rerolls_are_asked_for():
    options = StorytellingOptions()
    assert dice_needed(3, [8, 10, 1], options) == 1  # the 10's reroll
    assert dice_needed(3, [8, 10, 1, 10], options) == 1  # and that one's
    assert dice_needed(3, [8, 10, 1, 10, 4], options) == 0
    assert dice_needed(3, [8, 10, 1, 10, 4, 9], options) == -1
    result = roll(3, [8, 10, 1, 10, 4], options)
    assert result.successes == 3
    assert result.dice[1] == Die(10, "success, rolled again (10-again)", "D-SG-3")
    assert result.dice[3] == Die(10, "success, rolled again (10-again)", "D-SG-3", reroll=True)
    assert result.dice[4].reroll and not result.dice[2].reroll
    assert "1 more is owed" in refused("D-SG-3", roll, 3, [8, 10, 1], options)
    assert "beyond" in refused("D-SG-3", roll, 1, [3, 4], options)


def test_d_sg_3_nine_again_and_eight_again_roll_again_on_lower_faces():
    assert roll(2, [9, 9, 2, 8], StorytellingOptions(again=9)).successes == 3
    eight = roll(1, [8, 8, 3], StorytellingOptions(again=8))
    assert eight.successes == 2 and eight.dice[0].effect == "success, rolled again (8-again)"
    assert roll(1, [9], StorytellingOptions()).dice == (Die(9, "success", "D-SG-2"),)
    refused("D-SG-3", StorytellingOptions, again=7)


def test_d_sg_4_rote_rolls_each_failed_die_of_the_pool_once_more():
    rote = StorytellingOptions(rote=True)
    assert dice_needed(3, [2, 8, 5], rote) == 2
    result = roll(3, [2, 8, 5, 9, 3], rote)  # the 2 and the 5 again: a 9 and a 3
    assert result.successes == 2
    assert result.dice[0] == Die(2, "no success, rolled again (rote)", "D-SG-4")
    assert result.dice[4] == Die(3, "no success", "D-SG-2", reroll=True)  # a failed reroll is not rolled again
    assert dice_needed(1, [4, 10], rote) == 1  # the rote die's 10 is rolled again


def test_d_sg_5_a_pool_of_zero_or_less_rolls_a_chance_die():
    assert roll(0, [10], StorytellingOptions()).successes == 1
    assert roll(0, [10], StorytellingOptions()).dice == (Die(10, "success (a chance die's 10)", "D-SG-5"),)
    assert roll(-2, [9], StorytellingOptions()).outcome == "failure"
    jam = roll(0, [1], StorytellingOptions())
    assert jam.dramatic_failure and jam.dice[0].rule == "D-SG-5"
    assert dice_needed(-1, [], StorytellingOptions(again=8, rote=True)) == 1
    assert dice_needed(-1, [10], StorytellingOptions(again=8, rote=True)) == 0  # a single success, no reroll


def test_d_sg_6_willpower_adds_three_dice():
    options = StorytellingOptions(willpower=True)
    assert dice_needed(0, [], options) == 3
    result = roll(0, [8, 8, 2], options)
    assert result.successes == 2 and result.pool == 3
    assert any(note.rule == "D-SG-6" for note in result.notes)


def test_d_sg_7_unskilled_costs_one_or_three_dice_and_a_specialty_adds_one():
    assert pool(3, 0, category="physical").dice == 2
    assert pool(3, 0, category="social").dice == 2
    mental = pool(3, 0, category="mental")
    assert mental.dice == 0 and mental.modifiers == (Modifier("unskilled (Mental Skill)", -3, "D-SG-7"),)
    assert pool(2, 3, specialty=True).dice == 6
    refused("D-SG-7", pool, 2, 0, specialty=True)
    refused("D-SG-7", pool, 2, 1, category="spiritual")


def test_d_sg_8_five_successes_are_an_exceptional_success():
    assert roll(5, [8, 8, 9, 9, 8], StorytellingOptions()).outcome == "exceptional success"
    assert roll(5, [8, 8, 9, 9, 2], StorytellingOptions()).outcome == "success"


def test_d_sg_3_the_station_draws_every_reroll_it_owes():
    generator = random.Random(3)
    result = roll_with(lambda: generator.randint(1, 10), 10, StorytellingOptions(again=8))
    again = random.Random(3)
    assert result.faces == tuple(again.randint(1, 10) for _ in range(len(result.faces)))
    assert dice_needed(10, result.faces, StorytellingOptions(again=8)) == 0
    assert len(result.faces) == 10 + sum(1 for face in result.faces if face >= 8)
