"""D-OLD and D-NEW: the tabletop dice systems of the family."""

import pytest

from larp.rules import RuleError
from larp.rules.dice import storyteller as old
from larp.rules.dice import storytelling as new


def test_d_old_1_each_die_at_or_over_the_difficulty_succeeds_and_a_ten_always_does():
    assert old.roll([6, 7, 5, 2], difficulty=6).successes == 2
    assert old.roll([10, 9, 2], difficulty=10).successes == 1
    with pytest.raises(RuleError) as refused:
        old.roll([5], difficulty=11)
    assert refused.value.rule == "D-OLD-1"


def test_d_old_2_ones_cancel_successes_botch_and_failure_and_degrees():
    assert old.roll([8, 8, 1], 6).successes == 1
    botch = old.roll([1, 3, 4], 6)
    assert botch.botch and botch.degree == "botch"
    cancelled = old.roll([7, 1, 1], 6)
    assert not cancelled.botch and cancelled.successes == 0 and cancelled.degree == "failure"
    assert [old.roll([9] * n, 6).degree for n in (1, 2, 3, 4, 5, 7)] == [
        "marginal", "moderate", "complete", "exceptional", "phenomenal", "phenomenal"]


def test_d_old_3_willpower_adds_one_success_after_cancellation():
    assert old.roll([7, 1], 6, willpower=True).successes == 1
    saved = old.roll([1, 2], 6, willpower=True)
    assert saved.successes == 1 and not saved.botch


def test_d_old_4_an_ability_of_five_or_six_cancels_ones_that_would_botch():
    assert old.roll([1, 2], 6, ability=5, steady_hand=True).degree == "failure"
    assert old.roll([1, 1, 2], 6, ability=5, steady_hand=True).botch
    assert old.roll([1, 1, 2], 6, ability=6, steady_hand=True).degree == "failure"
    assert old.roll([1, 2], 6, ability=5).botch  # without the variant


def test_d_old_5_extended_resisted_teamwork_multiple_and_repeated():
    rolls = [old.Roll(2, False), old.Roll(3, False), old.Roll(1, False)]
    assert old.extended(rolls, 5) == (5, True)
    assert old.extended([old.Roll(2, False), old.Roll(0, True)], 5) == (0, False)
    assert old.resisted(old.Roll(3, False), old.Roll(1, False)) == 2
    assert old.resisted(old.Roll(1, False), old.Roll(3, False)) == 0
    race = old.extended_resisted([old.Roll(3, False), old.Roll(2, False)], [old.Roll(1, False), old.Roll(0, False)], 4)
    assert race == "mine"
    assert old.teamwork([old.Roll(2, False), old.Roll(3, False), old.Roll(0, True)]) == 5
    assert old.multiple_actions(8, 3) == [5, 4, 3]
    assert old.repeated_attempt(6, 2) == 8 and old.repeated_attempt(9, 3) == 10


def test_d_new_1_eight_nine_ten_succeed_tens_reroll_ones_do_nothing():
    first = new.roll(3, [8, 10, 1, 9])
    assert first.successes == 3 and first.dice_used == 4
    assert new.roll(2, [9, 9, 2, 8], again=9).successes == 3
    assert new.roll(1, [8, 8, 3], again=8).successes == 2  # each 8 is rolled again
    with pytest.raises(RuleError) as short:
        new.roll(1, [8, 8], again=8)
    assert short.value.rule == "D-NEW-1"


def test_d_new_2_a_pool_of_zero_rolls_a_chance_die():
    assert new.roll(0, [10]).successes == 1
    assert new.roll(-2, [9]).successes == 0
    assert new.roll(0, [1]).dramatic_failure


def test_d_new_3_extended_contested_and_willpower_adds_three_dice():
    assert new.extended([new.Roll(2), new.Roll(0), new.Roll(3)], 5) == (5, 3)
    assert new.contested(new.Roll(3), new.Roll(2)) == "mine" and new.contested(new.Roll(2), new.Roll(2)) is None
    assert new.roll(0, [8, 8, 2], willpower=True).successes == 2
