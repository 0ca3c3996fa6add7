"""A chronicle's house rules (docs/rules.md, marked house), which a transcript gives too.

`rules_version` says which edition of docs/rules.md a night is played under. A night record
written before the version was kept holds no `rules_version`: `HouseRules.as_recorded` reads it
as version 2, with version 2's defaults, so that it keeps the rulings it was played under.
"""

from typing import Any, Literal

from pydantic import Field, model_validator

from larp.sheet.abilities import ANY_FITS, AbilityFit
from larp.sheet.character import Flag, Frozen, Whole
from larp.sheet.health_rules import HealthRules

RULES_VERSION = 3
"""The edition of docs/rules.md the engine plays by default."""
VERSION_2_DEFAULTS: dict[str, Any] = {"negative_citers": "initiator", "abilities": ANY_FITS}
"""What version 2 ruled where a key is left out: only the initiator cites, any Ability fits."""


class HouseRules(Frozen):
    """The switches a Narrator team may set in its chronicle; defaults are docs/rules.md's."""

    rules_version: Literal[2, 3] = Field(
        RULES_VERSION,
        description="the edition of docs/rules.md: 2 rules as before R-RT-3, R-NEG-1, R-EXT-2, R-NIGHT-2 and R-RT-1 were mended",
    )
    ability_adds_to_total: Flag = Field(True, description="R-TIE-2")
    equal_tie: Literal["defender", "both-lose"] = Field("defender", description="R-TIE-4")
    ability_uses_per_challenge: Literal["one", "one-each"] = Field("one", description="R-RT-2")
    bomb: Flag = Field(False, description="R-CH-4")
    negative_miss_costs: Flag = Field(True, description="R-NEG-2")
    five_minute_rule_minutes: Whole = Field(5, ge=0, le=24 * 60, description="R-NIGHT-2: at most a day")
    negative_citers: Literal["initiator", "either"] = Field(
        "either",
        description="R-NEG-1: who may cite Negative Traits; the source lets either side",
    )
    abilities: AbilityFit = Field(AbilityFit(), description="R-RT-1: the Abilities that fit each category")
    health: HealthRules = Field(HealthRules(), description="R-HEALTH-1 to R-HEALTH-4: Health Levels, their penalties, who is out of play")

    @model_validator(mode="before")
    @classmethod
    def _version_defaults(cls, data: Any) -> Any:
        """Version 2's defaults where a key is left out; in `abilities`, a category left out takes any."""
        if isinstance(data, dict) and data.get("rules_version") == 2:
            given = data.get("abilities")
            if isinstance(given, dict):
                data = {**data, "abilities": {**ANY_FITS, **given}}
            return {**VERSION_2_DEFAULTS, **data}
        return data

    @classmethod
    def as_recorded(cls, data: dict) -> "HouseRules":
        """The house rules a night record holds: without a `rules_version`, version 2's."""
        return cls.model_validate({"rules_version": 2, **data})

    @property
    def mended(self) -> bool:
        """Whether the rules of version 3 apply: overbids in Willpower, Rage and Gnosis (R-RT-3),
        races that cost Traits (R-EXT-2) and hold the five-minute rule (R-NIGHT-2)."""
        return self.rules_version >= 3
