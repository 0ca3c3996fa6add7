"""A character's experience as a sheet carries it: the totals and the history behind them.

Grapevine keeps experience as `earned`, `unspent` and a history of dated entries; a sheet
imported from it carries the same, and the season's entries add to it.
"""

from typing import Annotated, Literal

from pydantic import Field

from larp.sheet.frozen import Frozen

ExperienceKind = Literal["earned", "deducted", "spent", "refund", "set", "set unspent", "comment"]
"""Grapevine's kinds of experience entry: `set` sets the earned total, `set unspent` the
unspent one, `refund` gives points back to unspent (Grapevine's "unspent")."""
Points = Annotated[float, Field(allow_inf_nan=False, ge=-(10**6), le=10**6)]
"""Experience points: a finite number, within a million either way."""


class ExperienceEntry(Frozen):
    """One line of a character's experience history."""

    date: str = Field("", description="when, as the entry was written (ISO date, or the writer's locale)")
    change: Points = Field(0, description="points; fractional and negative changes occur in real files")
    type: ExperienceKind = "earned"
    reason: str = ""


class Experience(Frozen):
    """`[experience]` of a sheet: the totals and every entry that made them."""

    earned: Points = 0
    unspent: Points = 0
    history: list[ExperienceEntry] = []
