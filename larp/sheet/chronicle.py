"""A chronicle: its house rules (docs/rules.md, marked house) and its characters."""

from typing import Literal

from pydantic import Field, JsonValue, model_validator

from larp.sheet.character import CharacterId, Frozen, Name
from larp.sheet.experience_rules import ExperienceRules
from larp.sheet.house_rules import HouseRules
from larp.sheet.table import AnySheet, System, system_of


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
    experience: ExperienceRules = Field(
        ExperienceRules(), description="what experience costs, what attendance earns, the caps (docs/season.md)"
    )
    staff_only: list[Name] = Field(
        [], description="named lists and text fields players never see (Derangements, Aura): staff alone read them"
    )
    kept: dict[str, JsonValue] = Field(
        {}, description="what an imported file held beside its characters, written back on export"
    )
    characters: dict[CharacterId, AnySheet] = {}

    @model_validator(mode="after")
    def _one_system(self) -> "Chronicle":
        for cid, sheet in self.characters.items():
            if system_of(sheet) != self.system:
                raise ValueError(f"character {cid!r} has a {system_of(sheet)} sheet in a {self.system} chronicle")
        return self
