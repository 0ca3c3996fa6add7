"""Experience, pure: a character's history replayed from zero, awards within the caps, spending
within what she has, and purchases priced by the chronicle's cost table (`[experience]`)."""

from larp.rules.experience.history import (
    ExperienceError,
    Override,
    Totals,
    check_award,
    check_spend,
    check_totals,
    earned_in_month,
    points,
    replayed,
    running,
    with_entry,
)
from larp.rules.experience.purchases import Purchase, bought, cost, parse_purchase, priced

__all__ = [
    "ExperienceError",
    "Override",
    "Purchase",
    "Totals",
    "bought",
    "check_award",
    "check_spend",
    "check_totals",
    "cost",
    "earned_in_month",
    "parse_purchase",
    "points",
    "priced",
    "replayed",
    "running",
    "with_entry",
]
