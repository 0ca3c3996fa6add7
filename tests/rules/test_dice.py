"""D-OLD and D-NEW, docs/rules.md's summary of the tabletop dice systems (docs/DICE.md has each in full)."""

import pytest

from larp.rules import RuleError
from larp.rules.dice import StorytellerOptions, StorytellingOptions, roll
from larp.rules.dice.actions import extended, multiple_actions, resisted, teamwork, try_again
from larp.rules.dice.storyteller import automatic

ST = StorytellerOptions()


def test_d_old_1_each_die_at_or_over_the_difficulty_succeeds_and_a_ten_always_does():
    assert roll(4, [6, 7, 5, 2], ST).successes == 2
    assert roll(3, [10, 9, 2], StorytellerOptions(difficulty=10)).successes == 1
    with pytest.raises(RuleError):
        StorytellerOptions(difficulty=11)


def test_d_old_2_ones_cancel_successes_botch_and_failure_and_degrees():
    assert roll(3, [8, 8, 1], ST).successes == 1
    assert roll(3, [1, 3, 4], ST).botch
    assert roll(3, [7, 1, 1], ST).outcome == "failure"
    assert roll(5, [9] * 5, ST).degree == "phenomenal"


def test_d_old_3_willpower_adds_one_success_after_cancellation():
    assert roll(2, [7, 1], StorytellerOptions(willpower=True)).successes == 1


def test_d_old_4_an_ability_of_five_or_six_cancels_ones_that_would_botch():
    assert roll(2, [1, 2], StorytellerOptions(ability=5, ability_cancels_ones=True)).outcome == "failure"


def test_d_old_5_extended_resisted_teamwork_multiple_and_repeated():
    three, botch = roll(3, [9, 9, 9], ST), roll(1, [1], ST)
    assert extended([three, botch], 5).lost
    assert resisted(three, roll(1, [9], ST)).successes == 2
    assert teamwork([three, three]) == 6
    assert multiple_actions([8, 8, 8]) == (5, 4, 3)
    assert try_again(6, 2) == 8
    assert automatic(6, ST).successes == 1


def test_d_new_1_eight_nine_ten_succeed_tens_reroll_ones_do_nothing():
    assert roll(3, [8, 10, 1, 9], StorytellingOptions()).successes == 3
    assert roll(2, [9, 9, 2, 8], StorytellingOptions(again=9)).successes == 3


def test_d_new_2_a_pool_of_zero_rolls_a_chance_die():
    assert roll(0, [10], StorytellingOptions()).successes == 1
    assert roll(0, [1], StorytellingOptions()).dramatic_failure


def test_d_new_3_extended_contested_and_willpower_adds_three_dice():
    assert roll(0, [8, 8, 2], StorytellingOptions(willpower=True)).successes == 2
