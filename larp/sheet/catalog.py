"""`[experience.lists]` of `chronicle.toml`: what experience buys in each named list, and at what
price.

A list buys in one of three ways:
- `item`: each name once, at its own price (Disciplines, Gifts, Rituals, Merits): the price the
  chronicle's catalog gives it, else the price her fellow characters' sheets carry it at (a
  Grapevine file keeps a Discipline's cost as its rating: `Auspex: Aura Perception` 3, basic);
  a name the catalog holds with no price "needs a price", set by staff before it is bought;
- `level`: one level at a time (Backgrounds, Influences), `per_level` each, up to `most`;
- `given`: not bought at all (Status, Health Levels, Equipment): staff give and take them.
A list the table does not name buys nothing and is shown as it is.
"""

from typing import Literal

from pydantic import Field

from larp.sheet.frozen import Frozen
from larp.sheet.named_lists import ItemName, ListName

Points = float
Buys = Literal["item", "level", "given"]


class CatalogItem(Frozen):
    """One name the chronicle's catalog offers: its price (none: staff set one before approval),
    and the note the sheet writes beside it (`basic`)."""

    price: Points | None = Field(None, gt=0)
    note: str = ""


class ListCosts(Frozen):
    """How experience buys in one named list."""

    buys: Buys = "given"
    per_level: Points = Field(1, gt=0, description="a level of a `level` list")
    most: int = Field(5, ge=1, description="the highest rating a `level` list is bought to")
    items: dict[ItemName, CatalogItem] = Field({}, description="the names it offers, beyond those her fellows hold")


BOUGHT_BY_NAME = ("Disciplines", "Rituals", "Gifts", "Rites", "Arts", "Realms", "Spheres", "Rotes", "Arcanoi",
                  "Numina", "Lores", "Edges", "Hekau", "Spells", "Powers", "Merits")
"""The lists of Grapevine's twelve creature types whose items are bought each once, priced by name."""
BOUGHT_BY_LEVEL = ("Backgrounds", "Influences", "Guanxi")


def default_lists() -> dict[str, ListCosts]:
    """Laws of the Night's chart, as organised play uses it: a power by its price, a Background or
    an Influence 1 a level up to 5; Status, Health, Equipment and the rest given by staff."""
    return {name: ListCosts(buys="item") for name in BOUGHT_BY_NAME} | {
        name: ListCosts(buys="level") for name in BOUGHT_BY_LEVEL
    }


ListTable = dict[ListName, ListCosts]
