"""A character sheet (R-TRAIT-1 to R-TRAIT-4): the same keys as a SHEET of a transcript."""

from typing import Annotated, Literal

from pydantic import Field, JsonValue, Strict, StringConstraints, field_validator

from larp.sheet.categories import ATTRIBUTES, Category
from larp.sheet.experience import Experience
from larp.sheet.frozen import Frozen
from larp.sheet.ids import ID
from larp.sheet.named_lists import NamedLists, TextFields
from larp.words import Pronouns

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80)]
CharacterId = Annotated[str, StringConstraints(pattern=rf"^{ID}$")]
Count = Annotated[int, Strict(), Field(ge=1, le=99)]
Rating = Annotated[int, Strict(), Field(ge=0, le=99)]
Whole = Annotated[int, Strict()]
"""A whole number as JSON or TOML writes one: never a string, a float or true/false. Each use
bounds it (`Field(ge=…, le=…)`; a bound given here would replace those), so that no number
beyond what the game uses reaches the rules (a 10**400 once overflowed the clock's arithmetic)."""
Flag = Annotated[bool, Strict()]
"""true or false, never a string or a number."""
Status = Literal["active", "inactive", "retired", "dead"]
"""Where a character stands in the chronicle: only an active or inactive one plays."""


def distinct_names(value: object) -> object:
    """Names that are the same once trimmed (`"Tough"`, `" Tough"`) are refused, not merged."""
    if isinstance(value, dict) and len(value) > 1:
        seen: dict[str, str] = {}
        for key in value:
            trimmed = key.strip() if isinstance(key, str) else key
            if trimmed in seen:
                raise ValueError(f"{seen[trimmed]!r} and {key!r} are the same name: give it once")
            seen[trimmed] = key
    return value


class TraitList(Frozen):
    """Named Traits with their counts, per attribute category (`Tough = 2`)."""

    physical: dict[Name, Count] = {}
    social: dict[Name, Count] = {}
    mental: dict[Name, Count] = {}

    _distinct = field_validator("physical", "social", "mental", mode="before")(distinct_names)

    def of(self, category: Category) -> dict[str, int]:
        return getattr(self, category) if category in ATTRIBUTES else {}

    def total(self, category: Category) -> int:
        return sum(self.of(category).values())


class Person(Frozen):
    """Who a character is, on any sheet of any system: what a lookup and a card read."""

    id: CharacterId
    name: Name | None = None
    player: str = ""
    creature: str = Field("", description="vampire, werewolf, changeling, mortal, …")
    lineage: str = Field("", description="clan, tribe, kith or similar")
    public: list[str] = Field(
        [], description="lines printed on the card and shown to anyone at the station"
    )
    notes: str = Field("", description="private notes: never printed on a card")
    pronouns: str = Field("", description="how messages speak of her: she/her, he/him, they/them, …")
    status: Status = "active"
    status_reason: str = Field("", description="why she is inactive, retired or dead")
    experience: Experience = Experience()
    kept: dict[str, JsonValue] = Field(
        {}, description="what an imported file held that the station has no use for, written back on export"
    )

    @property
    def display_name(self) -> str:
        return self.name or self.id

    @property
    def speech(self) -> Pronouns:
        """How messages speak of her: her sheet's pronouns, else `they`."""
        return Pronouns.said(self.pronouns)

    @property
    def plays(self) -> bool:
        """Active or inactive: on the roster, and the card is read (retired or dead: kept, not played)."""
        return self.status in ("active", "inactive")


class Sheet(Person):
    """One character as the station knows her at the start of the night."""

    traits: TraitList
    negative: TraitList = TraitList()
    abilities: dict[Name, Count] = {}
    willpower: Rating = 0
    rage: Rating = 0
    gnosis: Rating = 0
    standalone: dict[Name, Rating] = Field(
        {}, description="other standalone Traits the chronicle uses (Glamour, Banality)"
    )
    retests: list[Name] = Field([], description="Gifts, Merits, Backgrounds and powers that give a retest")
    bomb: Flag = Field(False, description="the sheet grants the bomb sign (R-CH-4)")
    lists: NamedLists = Field({}, description="named lists of Traits: Disciplines, Backgrounds, Equipment …")
    attributes: TextFields = Field({}, description="named text fields: Nature, Demeanor, Generation …")

    _distinct = field_validator("abilities", "standalone", mode="before")(distinct_names)

    @field_validator("retests")
    @classmethod
    def _distinct_retests(cls, value: list[str]) -> list[str]:
        seen = {name for name in value}
        if len(seen) != len(value):
            raise ValueError("a retest source is named twice")
        return value

    def rating(self, category: Category) -> int:
        """The permanent total of a category: the sum of Trait counts, or the standalone rating."""
        if category.is_attribute:
            return self.traits.total(category)
        return getattr(self, category.value)
