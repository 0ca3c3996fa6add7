"""A character's experience history: running totals replayed from zero, and what an entry may do.

Grapevine's kinds of entry and what each does to the totals (earned, unspent):
earned adds to both, deducted takes from both, set sets earned, spent takes from unspent,
refund gives back to unspent, set unspent sets unspent, comment changes nothing.
"""

import math
from dataclasses import dataclass
from typing import Iterable

from larp.sheet.experience import Experience, ExperienceEntry
from larp.sheet.experience_rules import ExperienceRules

CLOSE_ENOUGH = 1e-6
"""Fractional points come from real files: totals this close are equal."""


class ExperienceError(ValueError):
    """An experience entry the rules refuse, or a history whose totals don't add up; the
    message says why, for a Narrator."""


@dataclass(frozen=True, slots=True)
class Totals:
    earned: float = 0.0
    unspent: float = 0.0

    def after(self, entry: ExperienceEntry) -> "Totals":
        change, kind = entry.change, entry.type
        if kind == "earned":
            return Totals(self.earned + change, self.unspent + change)
        if kind == "deducted":
            return Totals(self.earned - change, self.unspent - change)
        if kind == "set":
            return Totals(change, self.unspent)
        if kind == "spent":
            return Totals(self.earned, self.unspent - change)
        if kind == "refund":
            return Totals(self.earned, self.unspent + change)
        if kind == "set unspent":
            return Totals(self.earned, change)
        return self


@dataclass(frozen=True, slots=True)
class Override:
    """A cap passed over on purpose: who decided it, and why."""

    who: str
    why: str

    def __post_init__(self) -> None:
        if not self.who.strip() or not self.why.strip():
            raise ExperienceError("an override of the experience cap names who decides it and why")


def running(history: Iterable[ExperienceEntry]) -> list[tuple[ExperienceEntry, Totals]]:
    """Each entry with the totals after it, replayed from zero."""
    totals, lines = Totals(), []
    for entry in history:
        totals = totals.after(entry)
        lines.append((entry, totals))
    return lines


def replayed(history: Iterable[ExperienceEntry]) -> Totals:
    lines = running(history)
    return lines[-1][1] if lines else Totals()


def check_totals(experience: Experience, whose: str) -> None:
    """The totals a sheet carries equal a replay of its history from zero (as Grapevine checks)."""
    again = replayed(experience.history)
    if abs(again.earned - experience.earned) > CLOSE_ENOUGH or abs(again.unspent - experience.unspent) > CLOSE_ENOUGH:
        raise ExperienceError(
            f"{whose}'s experience says earned {points(experience.earned)}, unspent {points(experience.unspent)}, "
            f"but its history adds up to earned {points(again.earned)}, unspent {points(again.unspent)}"
        )


def with_entry(experience: Experience, entry: ExperienceEntry) -> Experience:
    """The experience with one more entry at the end of its history, its totals moved by it (both
    already valid: nothing to validate again)."""
    totals = Totals(experience.earned, experience.unspent).after(entry)
    return Experience.model_construct(earned=totals.earned, unspent=totals.unspent, history=[*experience.history, entry])


def check_spend(experience: Experience, cost: float, rules: ExperienceRules, whose: str) -> None:
    """Spending takes unspent below zero only where the chronicle allows debt."""
    if not math.isfinite(cost) or cost <= 0:
        raise ExperienceError(f"spend a number of points above 0, not {points(cost)}")
    if experience.unspent - cost < -CLOSE_ENOUGH and not rules.debt:
        raise ExperienceError(
            f"{whose} has {points(experience.unspent)} unspent experience, {points(cost)} needed: "
            "this chronicle allows no debt ([experience] debt = false)"
        )


def check_award(
    points_given: float,
    this_game: float,
    this_month: float,
    rules: ExperienceRules,
    whose: str,
    override: Override | None = None,
) -> None:
    """An award within the chronicle's caps per game and per month, unless an override names who and why.

    `this_game` and `this_month`: what she earned already in this game and in this calendar month."""
    if not math.isfinite(points_given) or points_given <= 0:
        raise ExperienceError(f"award a number of points above 0, not {points(points_given)}")
    if override is not None:
        return
    for cap, already, where in ((rules.cap_per_game, this_game, "game"), (rules.cap_per_month, this_month, "month")):
        if cap is not None and already + points_given > cap + CLOSE_ENOUGH:
            raise ExperienceError(
                f"{whose} has earned {points(already)} this {where}; {points(points_given)} more passes the "
                f"chronicle's cap of {points(cap)} a {where} (an override names who allows it and why)"
            )


def earned_in_month(history: Iterable[ExperienceEntry], month: str) -> float:
    """Points earned (less deducted) by entries dated in the month `YYYY-MM` (ISO dates only)."""
    total = 0.0
    for entry in history:
        if entry.date.startswith(month):
            if entry.type == "earned":
                total += entry.change
            elif entry.type == "deducted":
                total -= entry.change
    return total


def points(value: float) -> str:
    """Points as a Narrator writes them: 3, 2.5."""
    return f"{value:g}"
