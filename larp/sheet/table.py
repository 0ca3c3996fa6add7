"""Sheets of the tabletop dice systems: the Storyteller System (seeds 000-002) and the
Storytelling System (seed 004, Werewolf: the Forsaken).

Same identity as a Mind's Eye Theatre sheet (`Person`), then what the system's sheet holds:
the nine Attributes, Abilities (Storyteller) or Skills with Specialties (Storytelling),
Willpower, Health, and the creature's own Traits (Disciplines, Virtues, Arts, Primal Urge,
Essence, Renown, Merits…), each with its dots. Strict: a count is a TOML integer, a name a
string, and a misspelt Attribute or Skill is refused by name.
"""

from typing import Annotated, Literal, Union

from pydantic import ConfigDict, Discriminator, Field, Tag, TypeAdapter, model_validator

from larp.sheet.character import Frozen, Name, Person, Sheet

Dots = Annotated[int, Field(ge=1, le=10)]
"""A Trait's dots: 1 to 5 for most, up to 10 for Willpower and the 10-point Traits."""
AttributeDots = Annotated[int, Field(ge=1, le=10)]

STRICT = ConfigDict(frozen=True, extra="forbid", strict=True)

PHYSICAL, SOCIAL, MENTAL = "physical", "social", "mental"

SKILLS: dict[str, str] = {
    **dict.fromkeys(
        ("Academics", "Computer", "Crafts", "Investigation", "Medicine", "Occult", "Politics", "Science"), MENTAL
    ),
    **dict.fromkeys(
        ("Athletics", "Brawl", "Drive", "Firearms", "Larceny", "Stealth", "Survival", "Weaponry"), PHYSICAL
    ),
    **dict.fromkeys(
        ("Animal Ken", "Empathy", "Expression", "Intimidation", "Persuasion", "Socialize", "Streetwise", "Subterfuge"),
        SOCIAL,
    ),
}
"""The Skills of the Storytelling System by category: an unskilled roll costs -1 for a
Physical or Social Skill, -3 for a Mental one (seed 004)."""

STORYTELLER_HEALTH = 7
"""Health levels of a Storyteller sheet: Bruised to Incapacitated (the seeds name Health
without its levels; the classic seven are the product's reading)."""


class StorytellerAttributes(Frozen):
    """The nine Attributes of the Storyteller System, 1 to 5 dots (more for elders)."""

    model_config = STRICT
    Strength: AttributeDots
    Dexterity: AttributeDots
    Stamina: AttributeDots
    Charisma: AttributeDots
    Manipulation: AttributeDots
    Appearance: AttributeDots
    Perception: AttributeDots
    Intelligence: AttributeDots
    Wits: AttributeDots


class StorytellingAttributes(Frozen):
    """The nine Attributes of the Storytelling System: Resolve, Presence and Composure take the
    place of Perception, Charisma and Appearance (seed 004)."""

    model_config = STRICT
    Intelligence: AttributeDots
    Wits: AttributeDots
    Resolve: AttributeDots
    Strength: AttributeDots
    Dexterity: AttributeDots
    Stamina: AttributeDots
    Presence: AttributeDots
    Manipulation: AttributeDots
    Composure: AttributeDots


class TableSheet(Person):
    """What both dice systems' sheets hold beyond the person."""

    model_config = STRICT
    willpower: Dots = Field(description="permanent Willpower, 1 to 10")
    traits: dict[Name, Dots] = Field(
        {}, description="the creature's own Traits with their dots: Disciplines, Virtues, Arts, Primal Urge, Renown, Merits…"
    )

    def attribute_dots(self) -> dict[str, int]:
        return self.attributes.model_dump()

    def learned(self) -> dict[str, int]:
        """The Abilities or Skills with their dots."""
        raise NotImplementedError

    def ratings(self) -> dict[str, int]:
        """Every Trait a pool may name, with its dots."""
        return {**self.attribute_dots(), **self.learned(), **self.traits, "Willpower": self.willpower}

    @model_validator(mode="after")
    def _names_once(self) -> "TableSheet":
        seen: dict[str, str] = {}
        for where, names in (("attributes", self.attribute_dots()), ("learned", self.learned()), ("traits", self.traits)):
            for name in names:
                folded = name.casefold()
                if folded in seen or folded == "willpower":
                    raise ValueError(f"{name!r} is named twice on the sheet ({seen.get(folded, 'willpower')} and {where})")
                seen[folded] = where
        return self


class StorytellerSheet(TableSheet):
    """A Storyteller System character (Changeling, Vampire: seeds 000, 001, 002)."""

    system: Literal["storyteller"] = "storyteller"
    attributes: StorytellerAttributes
    abilities: dict[Name, Dots] = Field({}, description="Talents, Skills and Knowledges with their dots")
    health: int = Field(STORYTELLER_HEALTH, ge=1, le=15, description="Health levels, Bruised to Incapacitated")

    def learned(self) -> dict[str, int]:
        return dict(self.abilities)

    @property
    def health_boxes(self) -> int:
        return self.health


class StorytellingSheet(TableSheet):
    """A Storytelling System character (Werewolf: the Forsaken, seed 004)."""

    system: Literal["storytelling"] = "storytelling"
    attributes: StorytellingAttributes
    skills: dict[Name, Dots] = Field({}, description="Skills with their dots (a Skill left out has none)")
    specialties: dict[Name, list[Name]] = Field({}, description="per Skill, its Specialties (+1 die each roll)")
    size: int = Field(5, ge=1, le=15, description="Size: 5 for a grown human")
    armor: int = Field(0, ge=0, le=10, description="armor worn, subtracted from attacks on her")

    def learned(self) -> dict[str, int]:
        return dict(self.skills)

    @model_validator(mode="after")
    def _skills_of_the_system(self) -> "StorytellingSheet":
        for name in self.skills:
            if name not in SKILLS:
                raise ValueError(f"{name!r} is not a Skill of the Storytelling System ({', '.join(sorted(SKILLS))})")
        for name in self.specialties:
            if name not in self.skills:
                raise ValueError(f"a Specialty of {name!r}, which is not a Skill of the sheet")
        return self

    @property
    def health_boxes(self) -> int:
        """Health dots: Stamina + Size (seed 004)."""
        return self.attributes.Stamina + self.size

    @property
    def defense(self) -> int:
        """Defense: the lower of Wits and Dexterity."""
        return min(self.attributes.Wits, self.attributes.Dexterity)

    @property
    def initiative(self) -> int:
        """The Initiative modifier: Dexterity + Composure."""
        return self.attributes.Dexterity + self.attributes.Composure

    @property
    def speed(self) -> int:
        """Speed: Strength + Dexterity + 5 (yards a turn)."""
        return self.attributes.Strength + self.attributes.Dexterity + 5


TABLE_SHEETS: dict[str, type[TableSheet]] = {"storyteller": StorytellerSheet, "storytelling": StorytellingSheet}

System = Literal["met", "storyteller", "storytelling"]


def system_of(sheet: object) -> str:
    """Which system a sheet (a model, or its JSON) is of: a Mind's Eye Theatre sheet says none."""
    if isinstance(sheet, dict):
        return sheet.get("system", "met")
    return getattr(sheet, "system", "met")


AnySheet = Annotated[
    Union[
        Annotated[Sheet, Tag("met")],
        Annotated[StorytellerSheet, Tag("storyteller")],
        Annotated[StorytellingSheet, Tag("storytelling")],
    ],
    Discriminator(system_of),
]
"""A sheet of any system, told apart by its `system` (none for Mind's Eye Theatre)."""

ANY_SHEET: TypeAdapter[Sheet | TableSheet] = TypeAdapter(AnySheet)


def sheet_model(system: str) -> type[Sheet] | type[TableSheet]:
    """The model of a character file in a chronicle of this system."""
    return TABLE_SHEETS.get(system, Sheet)
