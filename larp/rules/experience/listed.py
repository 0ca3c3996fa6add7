"""A purchase in a named list (`Disciplines: Auspex: Aura Perception`, `Backgrounds: Contacts`),
priced by the chronicle's catalog (larp.sheet.catalog), and the sheet after it.

The catalog of a list is what `[experience.lists]` names, and, for a list bought by name,
every name her fellow characters hold, at the rating they hold it (Grapevine keeps a power's
cost as its rating): the chronicle's own prices first. A name in neither, or named with no
price, "needs a price": staff give it one before it is bought.
"""

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

from larp.rules.experience.history import ExperienceError, points
from larp.sheet.categories import ATTRIBUTES, Category
from larp.sheet.catalog import CatalogItem, ListCosts, ListTable
from larp.sheet.character import Sheet
from larp.sheet.named_lists import ITEM_RATING_LIMIT, ListTrait
from larp.sheet.storyteller import players_text


class NeedsPrice(ExperienceError):
    """A name the catalog holds no price for: staff set one (`--price`) before it is bought."""


@dataclass(frozen=True)
class Catalog:
    """What each named list offers, and at what price."""

    lists: ListTable
    held: dict[str, dict[str, CatalogItem]] = field(default_factory=dict)
    """Per list, the names her fellows hold, each at its commonest rating and note."""
    abilities: frozenset[str] = frozenset()
    """The Abilities the chronicle knows: its house lists (R-RT-1), and every one a character holds."""
    traits: dict[Category, frozenset[str]] = field(default_factory=dict)
    """Per attribute category, every Trait a character holds."""

    @classmethod
    def of(cls, lists: ListTable, sheets: Iterable[Sheet], abilities: Iterable[str] = ()) -> "Catalog":
        seen: dict[str, dict[str, Counter]] = {}
        known = set(abilities)
        traits: dict[Category, set[str]] = {category: set() for category in ATTRIBUTES}
        for sheet in sheets:
            known.update(sheet.abilities)
            for category, names in traits.items():
                names.update(sheet.traits.of(category))
            for list_name, items in sheet.lists.items():
                costs = lists.get(list_name)
                if costs is None or costs.buys == "given":
                    continue
                names = seen.setdefault(list_name, {})
                for item in items:
                    if players_text(item.name) != item.name:
                        continue  # a Storyteller-only name is offered to nobody
                    names.setdefault(item.name, Counter())[(item.rating, item.note)] += 1
        held = {
            list_name: {name: commonest(counts, lists[list_name]) for name, counts in names.items()}
            for list_name, names in seen.items()
        }
        return cls(lists, held, frozenset(known), {category: frozenset(names) for category, names in traits.items()})

    def costs(self, list_name: str) -> ListCosts | None:
        costs = self.lists.get(list_name)
        return costs if costs is not None and costs.buys != "given" else None

    def offered(self, list_name: str) -> dict[str, CatalogItem]:
        """Every name the list offers, the chronicle's own first, then her fellows' by name."""
        costs = self.costs(list_name)
        if costs is None:
            return {}
        fellows = self.held.get(list_name, {})
        return dict(costs.items) | {name: item for name, item in sorted(fellows.items()) if name not in costs.items}

    def bought_in(self) -> list[str]:
        return [name for name, costs in self.lists.items() if costs.buys != "given"]


def commonest(counts: Counter, costs: ListCosts) -> CatalogItem:
    """The rating and note most of her fellows hold a name at (the lowest of a tie); a rating
    is a price only in a list bought by name."""
    (rating, note), _ = min(counts.items(), key=lambda pair: (-pair[1], pair[0]))
    return CatalogItem(price=float(rating) if costs.buys == "item" else None, note=note)


@dataclass(frozen=True, slots=True)
class Listed:
    """A purchase in a named list: its price, and the sheet after it."""

    list_name: str
    name: str

    @property
    def said(self) -> str:
        return f"{self.list_name}: {self.name}"


def list_named(text: str, catalog: Catalog, sheet: Sheet) -> str | None:
    """The list a head (`disciplines`) names, among those experience buys in, as the chronicle spells it."""
    wanted = " ".join(text.split()).casefold()
    for name in [*catalog.bought_in(), *sheet.lists]:
        if name.casefold() == wanted and catalog.costs(name) is not None:
            return name
    return None


def listed_price(listed: Listed, catalog: Catalog, sheet: Sheet, staff_price: float | None = None) -> float:
    """What it costs: a level of a list bought by level; the name's price in one bought by name,
    else the price staff give it (NeedsPrice until they do)."""
    costs = catalog.costs(listed.list_name)
    if costs is None:
        raise ExperienceError(f"experience buys nothing in {listed.list_name}: staff give and take it")
    offered = catalog.offered(listed.list_name).get(listed.name)
    if costs.buys == "level":
        if offered is not None or any(item.name == listed.name for item in sheet.lists.get(listed.list_name, [])):
            return costs.per_level
        return staff_priced(listed.said, staff_price)
    if offered is not None and offered.price is not None:
        if staff_price is not None and staff_price != offered.price:
            raise ExperienceError(f"{listed.said} costs {points(offered.price)} by the chronicle's catalog: it takes no other price")
        return offered.price
    return staff_priced(listed.said, staff_price)


def staff_priced(said: str, staff_price: float | None) -> float:
    """The price staff give what the chronicle's catalog holds no price for; NeedsPrice until they do."""
    if staff_price is None:
        raise NeedsPrice(f"{said} needs a price: the chronicle's catalog gives it none; staff set it (--price POINTS)")
    if not staff_price > 0:
        raise ExperienceError(f"a price is above 0, not {points(staff_price)}")
    return staff_price


def listed_bought(sheet: Sheet, listed: Listed, catalog: Catalog, price: float) -> Sheet:
    """The sheet after it: a name bought by name is added at its price as its rating (as
    Grapevine keeps it), with the catalog's note; a level raises the first item of that name,
    or adds it at 1."""
    costs = catalog.costs(listed.list_name)
    items = list(sheet.lists.get(listed.list_name, []))
    mine = next((index for index, item in enumerate(items) if item.name == listed.name), None)
    whose = sheet.display_name
    if costs.buys == "item":
        if mine is not None:
            raise ExperienceError(f"{whose} has {listed.said} already")
        note = (catalog.offered(listed.list_name).get(listed.name) or CatalogItem()).note
        rating = int(price) if price == int(price) and 1 <= price <= ITEM_RATING_LIMIT else 1
        items.append(ListTrait(name=listed.name, rating=rating, note=note))
    elif mine is None:
        items.append(ListTrait(name=listed.name))
    else:
        have = items[mine]
        if have.rating >= costs.most:
            raise ExperienceError(f"{whose} has {listed.name} {have.rating}: the chronicle buys {listed.list_name} up to {costs.most}")
        items[mine] = have.model_copy(update={"rating": have.rating + 1})
    return sheet.model_copy(update={"lists": {**sheet.lists, listed.list_name: items}})


def listed_offers(sheet: Sheet, catalog: Catalog) -> list[tuple[Listed, float | None]]:
    """What she may buy in each list, with its price (None: it needs a price): the names she
    lacks, and a level more of what she holds below the most."""
    found = []
    for list_name in catalog.bought_in():
        costs = catalog.costs(list_name)
        mine = {item.name: item.rating for item in sheet.lists.get(list_name, [])}
        offered = catalog.offered(list_name)
        if costs.buys == "item":
            found += [(Listed(list_name, name), item.price) for name, item in offered.items() if name not in mine]
            continue
        raised = [name for name, rating in mine.items() if rating < costs.most]
        new = [name for name in offered if name not in mine]
        found += [(Listed(list_name, name), costs.per_level) for name in [*raised, *new]]
    return found
