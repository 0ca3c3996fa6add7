"""`[experience]` of `chronicle.toml`: what experience costs, what attendance earns, the caps.

The default costs are the Mind's Eye Theatre experience chart of Laws of the Night (White Wolf,
1997/1999, chapter "Experience"), as organised play still uses it: a new Attribute Trait 1, an
Ability 1 per level up to 5, a Discipline 3, 6 or 9 (basic, intermediate, advanced) plus 1 out of
clan, a Willpower Trait 3, buying off a Negative Trait 2. The monthly cap of 8 (5 of them for
attendance) is the common organised-play cap. See docs/season.md.
"""

from pydantic import Field, field_validator

from larp.sheet.catalog import ListTable, default_lists
from larp.sheet.character import Flag
from larp.sheet.frozen import Frozen

Points = float


class CostTable(Frozen):
    """Experience points per purchase."""

    attribute: Points = Field(1, gt=0, description="a new Attribute Trait (Physical, Social or Mental)")
    ability: Points = Field(1, gt=0, description="one level of an Ability")
    ability_most: int = Field(5, ge=1, description="the highest level an Ability is bought to")
    discipline_basic: Points = Field(3, gt=0)
    discipline_intermediate: Points = Field(6, gt=0)
    discipline_advanced: Points = Field(9, gt=0)
    out_of_clan: Points = Field(1, ge=0, description="added to a Discipline bought out of clan")
    willpower: Points = Field(3, gt=0, description="a Willpower Trait")
    negative_off: Points = Field(2, gt=0, description="buying off one Negative Trait")


class ExperienceRules(Frozen):
    """The chronicle's experience settings: costs, the attendance award, caps, debt."""

    costs: CostTable = CostTable()
    attendance: Points = Field(5, ge=0, description="what each character checked in at a game earns (larp xp award --attended)")
    cap_per_game: Points | None = Field(None, gt=0, description="most points a character earns in one game; none: no cap")
    cap_per_month: Points | None = Field(8, gt=0, description="most points a character earns in a calendar month; none: no cap")
    debt: Flag = Field(False, description="spending may take unspent below zero")
    lists: ListTable = Field(
        default_factory=default_lists,
        description="what experience buys in each named list, at what price (larp.sheet.catalog); a list named here replaces its default",
    )

    @field_validator("lists")
    @classmethod
    def _over_defaults(cls, value: ListTable) -> ListTable:
        return default_lists() | value
