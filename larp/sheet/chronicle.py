"""A chronicle: its house rules (RULES.md, marked house) and its characters."""

from typing import Literal

from pydantic import Field, model_validator

from larp.sheet.character import CharacterId, Flag, Frozen, Name, Whole
from larp.sheet.table import AnySheet, System, system_of


class HouseRules(Frozen):
    """The switches a Narrator team may set in its chronicle; defaults are RULES.md's."""

    ability_adds_to_total: Flag = Field(True, description="R-TIE-2")
    equal_tie: Literal["defender", "both-lose"] = Field("defender", description="R-TIE-4")
    ability_uses_per_challenge: Literal["one", "one-each"] = Field("one", description="R-RT-2")
    bomb: Flag = Field(False, description="R-CH-4")
    negative_miss_costs: Flag = Field(True, description="R-NEG-2")
    five_minute_rule_minutes: Whole = Field(5, ge=0, description="R-NIGHT-2")
    negative_citers: Literal["initiator", "either"] = Field(
        "initiator",
        description="R-NEG-1: who may cite Negative Traits; the source lets either side",
    )


class Chronicle(Frozen):
    """`chronicle.toml` of a chronicle folder, with the characters of the folder."""

    id: CharacterId
    name: Name
    system: System = Field(
        "met",
        description="met: Mind's Eye Theatre challenges; storyteller or storytelling: the tabletop dice systems",
    )
    house_rules: HouseRules = HouseRules()
    standalone: list[Name] = Field(
        ["Willpower", "Rage", "Gnosis"], description="the standalone Traits this chronicle uses"
    )
    willpower_refresh: Literal["full", "keep"] = Field(
        "full", description="Willpower at the start of the next game: back to full, or as it was left"
    )
    characters: dict[CharacterId, AnySheet] = {}

    @model_validator(mode="after")
    def _one_system(self) -> "Chronicle":
        for cid, sheet in self.characters.items():
            if system_of(sheet) != self.system:
                raise ValueError(f"character {cid!r} has a {system_of(sheet)} sheet in a {self.system} chronicle")
        return self
