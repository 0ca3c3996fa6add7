"""Exact odds of a pool, computed, not simulated (issue 9, 4a), for both systems and every option.

Storyteller System: each die is a success (11 − difficulty faces of 10), a 1, or neither; the
chance of s successes and o ones rolled is multinomial, and the net successes, botches and
Willpower's success follow from D-ST-3 to D-ST-8.

Storytelling System: one die's successes have the generating function (A + B·z) / (1 − r·z),
r the chance it is rolled again (D-SG-3). Without rote A = 7/10 (a failure) and B the chance of
a success not rolled again; with rote (D-SG-4) A = (7/10)² and B = 7/10·B₀ + 7/10·r + B₀. So
P(0) = A, P(k) = A·r^k + B·r^(k−1): no cut-off on the rerolls. A pool of n dice is the n-th power,
P(k) = Σ_j C(n, j)·A^(n−j)·B^j · C(k − j + n − 1, n − 1)·r^(k−j), exact for any k; the tail
P(more than k) makes the figures sum to exactly 1.
"""

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Callable

from larp.rules.dice.storyteller import EXCEPTIONAL as STORYTELLER_EXCEPTIONAL
from larp.rules.dice.storyteller import StorytellerOptions
from larp.rules.dice.storytelling import EXCEPTIONAL, StorytellingOptions, dice_to_roll

SHOWN_TAIL = 1000
"""By default the chances are listed up to the number where what is left falls under 1 in 1,000."""


@dataclass(frozen=True)
class Bar:
    """One bar of the chart: what it counts, its exact chance, and its length (0 to 1, of the longest)."""

    label: str
    chance: Fraction
    length: float


@dataclass(frozen=True)
class Odds:
    """The odds of one roll: `chances[k]` is P(exactly k successes) for k up to `len(chances) − 1`,
    `more` P(more than that), so that they sum to exactly 1."""

    system: str
    dice: int
    """The dice rolled before any reroll (a chance die: 1)."""
    chances: tuple[Fraction, ...]
    more: Fraction
    success: Fraction
    """P(at least one success), the roll succeeding."""
    mishap: Fraction
    """P(botch) in the Storyteller System, P(dramatic failure) in the Storytelling System."""
    expected: Fraction
    """The expected successes."""
    chance_die: bool = False
    law: Callable[[int], Fraction] = field(default=lambda k: Fraction(0), repr=False, compare=False)

    @property
    def mishap_name(self) -> str:
        return "botch" if self.system == "storyteller" else "dramatic failure"

    def chance(self, k: int) -> Fraction:
        """P(exactly k successes), exact, for any k."""
        if k < 0:
            return Fraction(0)
        return self.chances[k] if k < len(self.chances) else self.law(k)

    def at_least(self, k: int) -> Fraction:
        """P(k successes or more), exact."""
        return 1 - sum((self.chance(i) for i in range(k)), Fraction(0))

    @property
    def exceptional(self) -> Fraction:
        """P(an exceptional success or better): five successes or more in the Storytelling System
        (D-SG-8), four or more in the Storyteller System (D-ST-4, where five is phenomenal)."""
        return self.at_least(STORYTELLER_EXCEPTIONAL if self.system == "storyteller" else EXCEPTIONAL)

    @property
    def phenomenal(self) -> Fraction:
        """P(five successes or more): phenomenal in the Storyteller System (D-ST-4)."""
        return self.at_least(STORYTELLER_EXCEPTIONAL + 1)

    def bars(self) -> list[Bar]:
        """The chart: the mishap apart from the other failures, each number of successes, and the rest."""
        rows: list[tuple[str, Fraction]] = []
        if self.mishap:
            rows.append((self.mishap_name, self.mishap))
        rows.append(("0", self.chances[0] - self.mishap))
        rows += [(str(k), chance) for k, chance in enumerate(self.chances) if k]
        rows = [(label, chance) for label, chance in rows if chance]
        if self.more:
            rows.append((f"{len(self.chances)}+", self.more))
        top = max(chance for _, chance in rows) or Fraction(1)
        return [Bar(label, chance, float(chance / top)) for label, chance in rows]

    def to_json(self) -> dict:
        exact = lambda value: str(value)  # noqa: E731 - a Fraction as "p/q"
        return {
            "system": self.system,
            "dice": self.dice,
            "chance_die": self.chance_die,
            "successes": [
                {"successes": k, "chance": float(p), "exact": exact(p)} for k, p in enumerate(self.chances)
            ],
            "more": {"successes": f"{len(self.chances)}+", "chance": float(self.more), "exact": exact(self.more)},
            "success": {"chance": float(self.success), "exact": exact(self.success)},
            self.mishap_name.replace(" ", "_"): {"chance": float(self.mishap), "exact": exact(self.mishap)},
            "exceptional": {"chance": float(self.exceptional), "exact": exact(self.exceptional)},
            **({"phenomenal": {"chance": float(self.phenomenal), "exact": exact(self.phenomenal)}} if self.system == "storyteller" else {}),
            "expected": {"successes": float(self.expected), "exact": exact(self.expected)},
        }


def storyteller_odds(pool: int, options: StorytellerOptions = StorytellerOptions()) -> Odds:
    """The exact odds of a Storyteller roll of `pool` dice (D-ST-2 to D-ST-6, D-ST-8)."""
    n = max(pool, 0)
    hit = 11 - options.difficulty  # faces that succeed: the difficulty up to 10
    blank = 10 - hit - 1  # neither a success nor a 1
    bonus = 1 if options.willpower else 0
    forgiven = options.forgiven_ones
    counts = [0] * (n + 1 + bonus)
    botches = 0
    blanks = [blank**i for i in range(n + 1)]
    for rolled in range(n + 1):
        ones_left = n - rolled
        base = comb(n, rolled) * hit**rolled
        row = [base * comb(ones_left, ones) * blanks[ones_left - ones] for ones in range(ones_left + 1)]
        for ones, ways in enumerate(row[: rolled + 1]):  # the 1s cancel as many successes (D-ST-3)
            counts[rolled - ones + bonus] += ways
        counts[bonus] += sum(row[rolled + 1:])
        if not bonus:  # Willpower's success is never a botch (D-ST-6)
            if options.botch == "more-ones":  # more 1s than successes, the Ability's 1s aside (D-ST-5, D-ST-8)
                botches += sum(row[rolled + forgiven + 1:])
            elif rolled == 0:  # no success and a 1 left after the Ability's
                botches += sum(row[forgiven + 1:])
    whole = 10**n
    chances = tuple(Fraction(count, whole) for count in counts)
    expected = Fraction(sum(k * count for k, count in enumerate(counts)), whole)
    return Odds("storyteller", n, chances, Fraction(0), 1 - chances[0], Fraction(botches, whole), expected)


def storytelling_odds(pool: int, options: StorytellingOptions = StorytellingOptions(), upto: int | None = None) -> Odds:
    """The exact odds of a Storytelling roll (D-SG-2 to D-SG-6): the chance of each number of
    successes up to `upto` (by default until what is left is under 1 in 1,000), and the rest."""
    n = dice_to_roll(pool, options)
    if n <= 0:
        tenth = Fraction(1, 10)
        chances = (1 - tenth, tenth)
        return Odds("storytelling", 1, chances, Fraction(0), tenth, tenth, tenth, chance_die=True)
    again = options.again
    reroll = 11 - again  # tenths: the faces rolled again
    plain = again - 8  # tenths: successes not rolled again
    if options.rote:  # hundredths
        fail, win = 49, 21 + 10 * plain
    else:
        fail, win = 70, 10 * plain
    terms = [comb(n, j) * fail ** (n - j) * win**j * 10**j for j in range(n + 1)]
    scale = 100**n

    def ways(k: int) -> int:
        """P(k successes) × 100^n × 10^k."""
        return sum(terms[j] * comb(k - j + n - 1, n - 1) * reroll ** (k - j) for j in range(min(n, k) + 1))

    def law(k: int) -> Fraction:
        return Fraction(ways(k), scale * 10**k)

    counted: list[int] = []  # P(k) × 100^n × 10^k
    found = whole = 0  # P(0 … k) and 1, × 100^n × 10^k, k the last counted

    def more_to_show() -> bool:
        if upto is not None:
            return len(counted) <= upto
        return len(counted) < 2 or (whole - found) * SHOWN_TAIL >= whole

    while more_to_show():
        counted.append(ways(len(counted)))
        found = found * 10 + counted[-1]
        whole = scale * 10 ** (len(counted) - 1)
    chances = [Fraction(count, scale * 10**k) for k, count in enumerate(counted)]
    more = Fraction(whole - found, whole)
    a, b, r = Fraction(fail, 100), Fraction(win, 100), Fraction(reroll, 10)
    expected = n * (b + r * a) / (1 - r) ** 2
    return Odds("storytelling", n, tuple(chances), more, 1 - chances[0], Fraction(0), expected, law=law)


def odds(pool: int, options: StorytellerOptions | StorytellingOptions, upto: int | None = None) -> Odds:
    """The exact odds of a roll in the options' system."""
    if isinstance(options, StorytellerOptions):
        return storyteller_odds(pool, options)
    return storytelling_odds(pool, options, upto)


def chart(found: Odds, width: int = 30) -> list[str]:
    """The odds as text: one bar a line (`  2 ████████▌      31.25%`), then success, the mishap, the mean."""
    rows = found.bars()
    label_width = max(len(bar.label) for bar in rows)
    lines = [f"{bar.label:>{label_width}} {_bar(bar.length, width)} {_percent(bar.chance)}" for bar in rows]
    lines.append(f"success {_percent(found.success)}; {found.mishap_name} {_percent(found.mishap)}; "
                 f"expected successes {float(found.expected):.3f}")
    return lines


_EIGHTHS = " ▏▎▍▌▋▊▉"


def _bar(length: float, width: int) -> str:
    cells = round(length * width * 8)
    return ("█" * (cells // 8) + (_EIGHTHS[cells % 8] if cells % 8 else "")).ljust(width)


def _percent(chance: Fraction) -> str:
    value = float(chance) * 100
    return f"{value:6.2f}%" if value >= 0.01 or not chance else "  <0.01%"
