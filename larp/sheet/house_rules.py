"""A chronicle's house rules (docs/rules.md, marked house), which a transcript gives too."""

from typing import Literal

from pydantic import Field

from larp.sheet.character import Flag, Frozen, Whole


class HouseRules(Frozen):
    """The switches a Narrator team may set in its chronicle; defaults are docs/rules.md's."""

    ability_adds_to_total: Flag = Field(True, description="R-TIE-2")
    equal_tie: Literal["defender", "both-lose"] = Field("defender", description="R-TIE-4")
    ability_uses_per_challenge: Literal["one", "one-each"] = Field("one", description="R-RT-2")
    bomb: Flag = Field(False, description="R-CH-4")
    negative_miss_costs: Flag = Field(True, description="R-NEG-2")
    five_minute_rule_minutes: Whole = Field(5, ge=0, le=24 * 60, description="R-NIGHT-2: at most a day")
    negative_citers: Literal["initiator", "either"] = Field(
        "initiator",
        description="R-NEG-1: who may cite Negative Traits; the source lets either side",
    )
