"""A purchase as the station, the CLI and the portal offer it: picked from what her sheet and the
chronicle's catalog offer, priced, and the sheet after it, before anything is asked."""

from dataclasses import dataclass

from larp.rules.experience.history import ExperienceError
from larp.rules.experience.listed import Catalog, Listed, list_named, listed_bought, listed_offers, listed_price, staff_priced
from larp.rules.experience.purchases import Purchase, bought, cost, parse_purchase
from larp.sheet.categories import ATTRIBUTES
from larp.sheet.character import Sheet
from larp.sheet.experience_rules import ExperienceRules


@dataclass(frozen=True)
class Deal:
    """A purchase priced: what the history writes, its price, and her sheet after it."""

    said: str
    price: float
    after: Sheet
    once: bool = False
    """A name bought each once (a power, its rating its price): a second purchase of it, written
    at a station that had not heard of the first, buys nothing (larp.ledger.registers)."""


@dataclass(frozen=True)
class Offer:
    """One thing she may buy: how it is named, its group (`Abilities`, `Disciplines`), and its
    price (None: it needs a price, set by staff)."""

    what: str
    group: str
    price: float | None


def named(text: str, sheet: Sheet, catalog: Catalog) -> Purchase | Listed:
    """The purchase a text names: `Disciplines: Auspex: Aura Perception` in a named list, else
    as larp.rules.experience.purchases reads it."""
    head, colon, rest = " ".join(text.split()).partition(":")
    list_name = list_named(head, catalog, sheet) if colon and rest.strip() else None
    if list_name is not None:
        return Listed(list_name, rest.strip())
    return parse_purchase(text)


def deal(text: str, sheet: Sheet, rules: ExperienceRules, catalog: Catalog, staff_price: float | None = None) -> Deal:
    """The purchase priced and made on her sheet; ExperienceError (NeedsPrice where staff must
    price it first) where it can't be."""
    purchase = named(text, sheet, catalog)
    if isinstance(purchase, Listed):
        price = listed_price(purchase, catalog, sheet, staff_price)
        once = catalog.costs(purchase.list_name).buys == "item"
        return Deal(purchase.said, price, listed_bought(sheet, purchase, catalog, price), once)
    after = bought(sheet, purchase, rules.costs)
    if purchase.buys == "ability" and purchase.name not in catalog.abilities:
        return Deal(purchase.said, staff_priced(purchase.said, staff_price), after)  # an Ability the chronicle does not know
    if staff_price is not None:
        raise ExperienceError(f"{purchase.said} is priced by the chronicle's cost table: it takes no other price")
    return Deal(purchase.said, cost(purchase, rules.costs), after)


def offers(sheet: Sheet, rules: ExperienceRules, catalog: Catalog) -> list[Offer]:
    """Everything she may buy, grouped: a Trait she or a fellow holds, a level of an Ability the
    chronicle knows below the most, Willpower, a Negative Trait bought off, and each named list's offers."""
    table = rules.costs
    found: list[Offer] = []
    for category in ATTRIBUTES:
        names = sorted(catalog.traits.get(category, frozenset()) | set(sheet.traits.of(category)), key=str.casefold)
        found += [Offer(f"{category.value.title()}: {name}", category.value.title(), table.attribute) for name in names]
    abilities = sorted(catalog.abilities | set(sheet.abilities), key=str.casefold)
    found += [Offer(f"Ability: {name}", "Abilities", table.ability) for name in abilities if sheet.abilities.get(name, 0) < table.ability_most]
    found.append(Offer("Willpower", "Willpower", table.willpower))
    negative = sorted({name for category in ATTRIBUTES for name in sheet.negative.of(category)}, key=str.casefold)
    found += [Offer(f"Negative: {name} off", "Negative Traits", table.negative_off) for name in negative]
    found += [Offer(listed.said, listed.list_name, price) for listed, price in listed_offers(sheet, catalog)]
    return found
