"""D-ST-9 to D-ST-14, D-SG-9 and D-SG-10: actions over several rolls or characters."""

import pytest

from larp.rules import RuleError
from larp.rules.dice import StorytellerOptions, StorytellingOptions, roll
from larp.rules.dice.actions import (
    Contest,
    Extended,
    Race,
    attemptable,
    contested,
    extended,
    extended_resisted,
    multiple_actions,
    resisted,
    split_pool,
    teamwork,
    try_again,
)

ST = StorytellerOptions()


def successes(n: int):
    """A Storyteller roll of n successes."""
    return roll(max(n, 1), [9] * n or [3], ST)


BOTCH = roll(1, [1], ST)


def test_d_st_9_seed_000_splits_the_smallest_pool_among_the_actions():
    assert split_pool([6, 5], [3, 2]) == (3, 2)  # Mary Contrary: Dexterity + Athletics is the smaller, five dice
    with pytest.raises(RuleError) as refused:
        split_pool([6, 5], [3, 3])
    assert refused.value.rule == "D-ST-9" and "smallest pool is 5" in refused.value.message
    with pytest.raises(RuleError):
        split_pool([6, 5], [5, 0])


def test_d_st_9_seed_002_each_action_loses_dice_for_every_action_and_every_one_before():
    assert multiple_actions([7, 6, 6]) == (4, 2, 1)  # Hall: a punch and two dodges
    assert attemptable(multiple_actions([3, 3, 3])) == (False, False, False)
    assert attemptable((4, 0, -1)) == (True, False, False)
    with pytest.raises(RuleError):
        multiple_actions([5])


def test_d_st_10_extended_gathers_successes_and_a_botch_loses_them_all():
    assert extended([successes(4), successes(2), successes(1)], 7) == Extended(7, 3, True)
    tehlana = extended([successes(4), successes(2), BOTCH, successes(3)], 7)  # seed 000: the third roll botches
    assert tehlana == Extended(0, 3, False, True)
    assert extended([successes(4), successes(2), successes(3)], 7, limit=2) == Extended(6, 2, False)


def test_d_st_11_resisted_the_losers_successes_cancel_the_winners():
    assert resisted(successes(4), successes(3)) == Contest("mine", 1)  # Veronica against Giselle
    assert resisted(successes(1), successes(3)) == Contest("theirs", 2)
    assert resisted(successes(2), successes(2)) == Contest(None, 0)


def test_d_st_12_extended_and_resisted_is_a_race_on_the_excess():
    johnny = [successes(4), successes(3), successes(3)]
    tehlana = [successes(3), successes(5), successes(4)]
    assert extended_resisted(tehlana, johnny, 3) == Race(3, 1, 3, "mine")  # seed 000's staredown
    assert extended_resisted([successes(3), BOTCH], [successes(1), successes(0)], 3) == Race(0, 0, 2, None)


def test_d_st_13_teamwork_adds_successes_and_a_botch_adds_none_or_spoils_all():
    assert teamwork([successes(1), successes(2)]) == 3  # Thomas and Mars'hia
    assert teamwork([successes(1), successes(2), BOTCH]) == 3
    assert teamwork([successes(1), successes(2), BOTCH], botch_spoils=True) == 0


def test_d_st_14_trying_again_raises_the_difficulty_each_time():
    assert [try_again(6, n) for n in range(3)] == [6, 7, 8]  # Sneezer's engine
    with pytest.raises(RuleError) as refused:
        try_again(9, 2)
    assert refused.value.rule == "D-ST-14" and "beyond" in refused.value.message


def test_d_sg_9_extended_one_roll_per_interval_until_the_target_or_time_runs_out():
    options = StorytellingOptions()
    rolls = [roll(3, [8, 9, 2], options), roll(3, [2, 2, 2], options), roll(3, [8, 8, 8], options)]
    assert extended(rolls, 5) == Extended(5, 3, True)
    assert extended(rolls, 5, limit=2) == Extended(2, 2, False)


def test_d_sg_10_contested_the_most_successes_wins():
    options = StorytellingOptions()
    guard, sneak = roll(2, [8, 9], options), roll(3, [8, 2, 3], options)
    assert contested(guard, sneak) == Contest("mine", 2)
    assert contested(sneak, sneak) == Contest(None, 0)
