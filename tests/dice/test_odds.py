"""Exact odds of a pool (issue 9, 4a): hand values, sums to exactly 1, the closed form against
brute force over every face, and a million seeded rolls through the engine."""

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from larp.rules.dice import StorytellerOptions, StorytellingOptions, roll, storytelling
from larp.rules.dice.odds import chart, odds, storyteller_odds, storytelling_odds

F = Fraction


def test_odds_five_dice_ten_again_succeed_with_the_hand_figure():
    five = storytelling_odds(5)
    assert five.success == 1 - F(7, 10) ** 5 == F(83193, 100000)
    assert round(float(five.success), 5) == 0.83193
    assert five.expected == F(5, 3)  # each die: (3/10) / (9/10)


def test_odds_one_die_under_each_again_follows_the_reroll_chain():
    one = storytelling_odds(1, upto=3)
    assert one.chances == (F(7, 10), F(27, 100), F(27, 1000), F(27, 10000))
    nine = storytelling_odds(1, StorytellingOptions(again=9), upto=2)
    assert nine.chances == (F(7, 10), F(7, 10) * F(2, 10) + F(1, 10), (F(7, 10) * F(2, 10) + F(1, 10)) * F(2, 10))
    eight = storytelling_odds(1, StorytellingOptions(again=8), upto=2)
    assert eight.chances == (F(7, 10), F(7, 10) * F(3, 10), F(7, 10) * F(9, 100))
    assert eight.expected == F(3, 7)  # (3/10) / (7/10)


def test_odds_rote_rolls_the_failed_die_once_more():
    rote = storytelling_odds(1, StorytellingOptions(rote=True), upto=1)
    assert rote.chances[0] == F(49, 100)
    assert rote.chances[1] == F(2, 10) + F(7, 10) * F(27, 100) + F(1, 10) * F(7, 10)  # 8-9; fail then 1; 10 then 0
    assert storytelling_odds(5, StorytellingOptions(rote=True)).success == 1 - F(49, 100) ** 5


def test_odds_chance_die_and_willpower():
    chance = storytelling_odds(-2)
    assert chance.chance_die and chance.chances == (F(9, 10), F(1, 10)) and chance.mishap == F(1, 10)
    assert storytelling_odds(-1, StorytellingOptions(willpower=True)).dice == 2


@pytest.mark.parametrize("pool", [1, 3, 8, 20])
@pytest.mark.parametrize("options", [StorytellingOptions(again=a, rote=r) for a in (10, 9, 8) for r in (False, True)])
def test_odds_sum_to_exactly_one_and_the_tail_is_exact(pool, options):
    found = storytelling_odds(pool, options)
    assert sum(found.chances) + found.more == 1
    longer = storytelling_odds(pool, options, upto=len(found.chances) + 5)
    assert longer.chances[: len(found.chances)] == found.chances
    assert sum(longer.chances[len(found.chances):]) + longer.more == found.more
    assert found.at_least(3) == 1 - sum(found.chances[:3])
    mean = sum(k * found.chance(k) for k in range(400))
    assert abs(float(found.expected - mean)) < 1e-12  # the closed form against the series


def brute(pool: int, options: StorytellingOptions, most: int) -> dict:
    """P(k) for k up to `most`, by walking every face of every die and every reroll (a branch
    past `most` successes is left: successes never go down)."""
    found: Counter = Counter()

    def walk(dice: int, first: bool, successes: int, chance: F):
        if not dice:
            found[successes] += chance
            return
        if successes > most:
            return
        for faces in itertools.product(range(1, 11), repeat=dice):
            owed = sum(1 for f in faces if f >= options.again or (first and options.rote and f < 8))
            walk(owed, False, successes + sum(1 for f in faces if f >= 8), chance * F(1, 10**dice))

    walk(pool, True, 0, F(1))
    return found


@pytest.mark.parametrize(("options", "most"), [(StorytellingOptions(), 3), (StorytellingOptions(again=9), 2),
                                               (StorytellingOptions(again=8, rote=True), 1)])
def test_odds_agree_with_every_face_walked(options, most):
    walked = brute(2, options, most)
    exact = storytelling_odds(2, options, upto=most)
    assert [walked[k] for k in range(most + 1)] == list(exact.chances)


def test_odds_storyteller_against_every_face():
    for difficulty, reading, willpower in itertools.product((2, 6, 10), ("no-success", "more-ones"), (False, True)):
        options = StorytellerOptions(difficulty=difficulty, botch=reading, willpower=willpower,
                                     ability=6, ability_cancels_ones=difficulty == 6)
        found = storyteller_odds(3, options)
        counted: Counter = Counter()
        botches = 0
        for faces in itertools.product(range(1, 11), repeat=3):
            result = roll(3, faces, options)
            counted[result.successes] += 1
            botches += result.botch
        assert found.chances == tuple(F(counted[k], 10**3) for k in range(len(found.chances)))
        assert found.mishap == F(botches, 10**3)
        assert sum(found.chances) == 1 and found.more == 0


def test_odds_storyteller_hand_figures():
    five = storyteller_odds(5, StorytellerOptions(difficulty=6))
    assert five.mishap == F(5, 10) ** 5 - F(4, 10) ** 5  # no success, not all blank: at least one 1
    assert storyteller_odds(1, StorytellerOptions(difficulty=10)).chances == (F(9, 10), F(1, 10))
    assert storyteller_odds(1, StorytellerOptions(difficulty=10)).mishap == F(1, 10)
    assert storyteller_odds(3, StorytellerOptions(willpower=True)).chances[0] == 0


def test_odds_chart_names_each_bar_with_its_chance():
    lines = chart(storyteller_odds(5, StorytellerOptions()))
    assert lines[0].startswith("botch") and lines[0].endswith("2.10%")
    assert lines[-1].startswith("success  84.40%")
    bars = odds(7, StorytellingOptions(again=9, rote=True)).bars()
    assert bars[-1].label.endswith("+") and max(bar.length for bar in bars) == 1.0


def d10_faces(seed: int, count: int) -> bytes:
    """`count` fair d10 faces from a seeded generator, in bulk: random bytes under 250, mod 10, plus 1."""
    generator = random.Random(seed)
    table = bytes(byte % 10 + 1 for byte in range(250)) + bytes(6)
    faces = b""
    while len(faces) < count:
        faces += generator.randbytes(count).translate(table, bytes(range(250, 256)))
    return faces[:count]


def within(counted: Counter, total: int, found, highest: int) -> None:
    """Each frequency within 4.5 standard deviations of its exact chance (seeded: no flakiness)."""
    for k in range(highest + 1):
        p = float(found.chance(k))
        assert abs(counted[k] / total - p) <= 4.5 * math.sqrt(p * (1 - p) / total) + 1e-9, k


@pytest.mark.slow
def test_odds_a_million_seeded_storytelling_rolls_fall_on_the_exact_figures():
    options = StorytellingOptions(again=9)
    faces = d10_faces(2026, 4_000_000)
    rolls = list(itertools.islice(storytelling.tally(3, faces, options), 1_000_000))
    assert len(rolls) == 1_000_000
    counted = Counter(successes for successes, _ in rolls)
    found = storytelling_odds(3, options)
    within(counted, len(rolls), found, 8)
    mean = sum(successes for successes, _ in rolls) / len(rolls)
    assert abs(mean - float(found.expected)) < 4.5 * 1.2 / 1000
    first = faces[: 400]  # the tally reads the dice as roll does
    at = 0
    for successes, _ in rolls[:50]:
        given: list[int] = []
        while (owed := storytelling.dice_needed(3, given, options)) > 0:
            given += first[at:at + owed]
            at += owed
        assert roll(3, given, options).successes == successes


@pytest.mark.slow
def test_odds_a_million_seeded_storyteller_rolls_fall_on_the_exact_figures():
    options = StorytellerOptions(difficulty=7)
    faces = iter(d10_faces(1998, 4_000_000))
    alike = Counter(zip(faces, faces, faces, faces))  # the same four faces are the same roll: decide each once
    counted: Counter = Counter()
    botches = 0
    for faces_rolled, times in alike.items():
        result = roll(4, faces_rolled, options)
        counted[result.successes] += times
        botches += times * result.botch
    assert sum(alike.values()) == 1_000_000
    found = storyteller_odds(4, options)
    within(counted, 1_000_000, found, 4)
    p = float(found.mishap)
    assert abs(botches / 1_000_000 - p) <= 4.5 * math.sqrt(p * (1 - p) / 1_000_000)
