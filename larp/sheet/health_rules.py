"""A chronicle's Health rules for Mind's Eye Theatre characters (docs/rules.md, R-HEALTH-1 to
R-HEALTH-4): the track of a sheet that names no Health Levels, the Trait penalty of each level,
and the levels that keep a character out of challenges. `[house_rules.health]` sets them."""

from typing import Annotated

from pydantic import Field, Strict

from larp.sheet.character import Flag, Name
from larp.sheet.frozen import Frozen

Boxes = Annotated[int, Strict(), Field(ge=1, le=20)]
Penalty = Annotated[int, Strict(), Field(ge=-20, le=0)]

LEVELS = {"Healthy": 2, "Bruised": 3, "Wounded": 2, "Incapacitated": 1, "Mortally Wounded": 1}
"""Grapevine's commonest track: two Healthy boxes, three Bruised, two Wounded, then one each."""


class HealthRules(Frozen):
    levels: dict[Name, Boxes] = Field(
        LEVELS, min_length=1, description="R-HEALTH-1: the track, level by level with its boxes, of a sheet without Health Levels"
    )
    penalties: dict[Name, Penalty] = Field(
        {"Bruised": -1, "Wounded": -2}, description="R-HEALTH-4: the Trait penalty of each level (none where unnamed)"
    )
    out_of_play: tuple[Name, ...] = Field(
        ("Incapacitated", "Mortally Wounded", "Torpor"),
        description="R-HEALTH-3: the levels at which she can neither start nor answer a challenge",
    )
    carry: Flag = Field(False, description="R-HEALTH-2: wounds heal by the next game; true keeps them into its start")
