"""D-ST: the Storyteller System of seeds 000, 001 and 002, die by die."""

import random

from larp.rules.dice import Die, StorytellerOptions, dice_needed, roll, roll_with
from larp.rules.dice.storyteller import Trait, automatic, forgive_botch, pool_of, spend_willpower
from tests.dice.refusal import refused


def test_d_st_1_a_pool_adds_an_attribute_and_an_ability_and_never_more_than_two_traits():
    dexterity, athletics = Trait("Dexterity", 3, "attribute"), Trait("Athletics", 2, "ability")
    assert pool_of([dexterity, athletics]) == 5  # seed 000: Mimi's five dice
    assert pool_of([Trait("Perception", 3)]) == 3  # seed 001: no Alertness, Perception alone
    assert pool_of([Trait("Willpower", 8, "ten-point")]) == 8
    assert "two Traits" in refused("D-ST-1", pool_of, [dexterity, athletics, Trait("Brawl", 1, "ability")])
    assert "two of one kind" in refused("D-ST-1", pool_of, [dexterity, Trait("Strength", 2)])
    assert "stands alone" in refused("D-ST-1", pool_of, [Trait("Humanity", 7, "ten-point"), athletics])
    refused("D-ST-1", pool_of, [Trait("Strength", 6)])


def test_d_st_1_a_pool_rolls_as_many_dice_as_it_has():
    assert "rolls 5 faces, not 4" in refused("D-ST-1", roll, 5, [1, 2, 3, 4], StorytellerOptions())
    assert dice_needed(5, [3, 8], StorytellerOptions()) == 3
    assert dice_needed(2, [3, 8, 9], StorytellerOptions()) == -1


def test_d_st_2_each_die_at_the_difficulty_succeeds_and_a_ten_always_does():
    result = roll(5, [3, 3, 8, 7, 10], StorytellerOptions(difficulty=6))  # seed 002's three successes
    assert result.successes == 3
    assert result.dice[2] == Die(8, "success (8 reaches difficulty 6)", "D-ST-2")
    assert result.dice[0] == Die(3, "no success (under difficulty 6)", "D-ST-2")
    assert result.dice[4] == Die(10, "success (a 10 always succeeds)", "D-ST-2")
    assert roll(3, [10, 9, 2], StorytellerOptions(difficulty=10)).successes == 1
    assert roll(1, [6], StorytellerOptions()).successes == 1  # 6 is the default difficulty
    refused("D-ST-2", StorytellerOptions, difficulty=11)
    refused("D-ST-2", StorytellerOptions, difficulty=1)
    assert "die 2 shows 0" in refused("D-ST-2", roll, 2, [5, 0], StorytellerOptions())


def test_d_st_3_each_one_cancels_a_success():
    mimi = roll(5, [1, 5, 6, 8, 9], StorytellerOptions())  # seed 000: the 1 cancels the 6
    assert mimi.successes == 2
    assert mimi.dice[0] == Die(1, "a 1: cancels a success", "D-ST-3")
    assert any(note.rule == "D-ST-3" for note in mimi.notes)
    wrench = roll(7, [1, 1, 3, 4, 4, 6, 8], StorytellerOptions())  # seed 000: no successes left
    assert wrench.successes == 0 and wrench.outcome == "failure"
    alexandra = roll(5, [9, 1, 1, 8, 1], StorytellerOptions(difficulty=8))  # seed 002: the 1s more than cancel
    assert [die.effect for die in alexandra.dice if die.face == 1] == [
        "a 1: cancels a success", "a 1: cancels a success", "a 1, with no success left to cancel"]


def test_d_st_4_degrees_of_success():
    degrees = [roll(n, [9] * n, StorytellerOptions()).degree for n in (1, 2, 3, 4, 5, 7)]
    assert degrees == ["marginal", "moderate", "complete", "exceptional", "phenomenal", "phenomenal"]
    assert roll(2, [2, 3], StorytellerOptions()).degree == "failure"


def test_d_st_5_botch_read_as_seeds_001_and_002_no_success_and_a_one():
    alexandra = StorytellerOptions(difficulty=8)
    assert roll(5, [9, 1, 1, 8, 1], alexandra).outcome == "failure"  # seed 002: successes rolled, simply fails
    botch = roll(5, [1, 3, 4, 3, 7], alexandra)
    assert botch.botch and botch.ones == 1 and botch.successes == 0
    assert roll(3, [1, 1, 1], StorytellerOptions()).ones == 3  # the worse botch


def test_d_st_5_botch_read_as_seed_000_more_ones_than_successes():
    more_ones = StorytellerOptions(difficulty=8, botch="more-ones")
    assert roll(5, [9, 1, 1, 8, 1], more_ones).botch  # three 1s, two successes
    assert not roll(5, [9, 1, 1, 8, 3], more_ones).botch  # as many: a failure
    assert roll(1, [1], more_ones).botch
    refused("D-ST-5", StorytellerOptions, botch="sometimes")


def test_d_st_6_willpower_adds_a_success_after_cancellation_once_a_turn():
    assert roll(2, [7, 1], StorytellerOptions(willpower=True)).successes == 1
    saved = roll(2, [1, 2], StorytellerOptions(willpower=True))
    assert saved.successes == 1 and not saved.botch and saved.outcome == "marginal"
    assert any(note.rule == "D-ST-6" for note in saved.notes)
    spend_willpower(0)
    refused("D-ST-6", spend_willpower, 1)


def test_d_st_7_automatic_success_when_the_pool_reaches_the_difficulty():
    granted = automatic(8, StorytellerOptions(difficulty=8))
    assert granted.successes == 1 and granted.outcome == "marginal" and granted.dice == ()
    refused("D-ST-7", automatic, 7, StorytellerOptions(difficulty=8))
    assert "always rolled" in refused("D-ST-7", automatic, 9, StorytellerOptions(difficulty=6), combat=True)


def test_d_st_7_seed_000_reads_it_as_exceeding_the_difficulty():
    exceeds = StorytellerOptions(difficulty=8, automatic="exceeds")
    refused("D-ST-7", automatic, 8, exceeds)
    assert automatic(9, exceeds).successes == 1


def test_d_st_8_a_high_ability_cancels_the_ones_that_would_botch():
    five = StorytellerOptions(ability=5, ability_cancels_ones=True)
    assert roll(2, [1, 2], five).outcome == "failure"
    assert roll(3, [1, 1, 2], five).botch
    assert roll(3, [1, 1, 2], StorytellerOptions(ability=6, ability_cancels_ones=True)).outcome == "failure"
    assert roll(2, [8, 1], five).successes == 0  # only where it would botch: successes stay cancelled
    assert roll(2, [1, 2], StorytellerOptions(ability=5)).botch  # without the variant
    more_ones = StorytellerOptions(ability=5, ability_cancels_ones=True, botch="more-ones")
    assert roll(3, [8, 1, 1], more_ones).outcome == "failure"


def test_d_st_15_the_first_botch_of_the_session_is_free():
    botch = roll(2, [1, 3], StorytellerOptions())
    forgiven = forgive_botch(botch, first_of_session=True)
    assert forgiven.outcome == "failure" and forgiven.notes[-1].rule == "D-ST-15"
    assert forgive_botch(botch, first_of_session=False).botch
    plain = roll(1, [8], StorytellerOptions())
    assert forgive_botch(plain, first_of_session=True) is plain


def test_d_st_2_the_station_rolls_with_a_draw_and_the_roll_names_every_die():
    generator = random.Random(7)
    result = roll_with(lambda: generator.randint(1, 10), 6, StorytellerOptions(difficulty=7))
    again = random.Random(7)
    assert result.faces == tuple(again.randint(1, 10) for _ in range(6))
    assert len(result.dice) == 6 and all(die.rule in ("D-ST-2", "D-ST-3") for die in result.dice)
    assert result.lines()[-1].endswith(result.outcome)
    refused("D-ST-2", roll_with, lambda: 11, 2, StorytellerOptions())


def test_d_st_8_an_ability_above_six_cancels_as_the_house_rule_says_two_by_default():
    """The source names 5 (one 1) and 6 (two); 7 or more is a house rule, two by default."""
    def forgiven(ability, **house):
        return StorytellerOptions(ability=ability, ability_cancels_ones=True, **house).forgiven_ones

    assert [forgiven(n) for n in (4, 5, 6, 7, 9)] == [0, 1, 2, 2, 2]
    assert [forgiven(7, above_six_cancels=n) for n in (0, 1, 2)] == [0, 1, 2]
    refused("D-ST-8", StorytellerOptions, above_six_cancels=3)
