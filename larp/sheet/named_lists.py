"""The chronicle's character beside the challenge's: her named lists of Traits (Disciplines,
Backgrounds, Influences, Equipment …) item by item, and her named text fields (Nature,
Demeanor, Generation …), as the chronicle keeps them."""

from typing import Annotated

from pydantic import Field, Strict, StringConstraints

from larp.sheet.frozen import Frozen

ITEM_NAME_LIMIT = 200
ITEM_RATING_LIMIT = 9999

ItemName = Annotated[str, StringConstraints(min_length=1, max_length=ITEM_NAME_LIMIT, pattern=r"\S")]
ListName = Annotated[str, StringConstraints(min_length=1, max_length=80, pattern=r"\S")]
ItemRating = Annotated[int, Strict(), Field(ge=1, le=ITEM_RATING_LIMIT)]


class ListTrait(Frozen):
    """One item of a named list: `Auspex` rated 2, `Haven` with the note `a loft downtown`."""

    name: ItemName
    rating: ItemRating = 1
    note: str = ""


NamedLists = dict[ListName, list[ListTrait]]
"""A list's name (`Disciplines`, `Health Levels`) → its items in the chronicle's order; the
same item may come twice (two rows of `Contacts`)."""
TextFields = dict[ListName, str]
"""A text field's name (`Nature`, `Generation`, `Path`) → its text."""


def item_text(item: ListTrait) -> str:
    """An item as a line says it: `Contacts 2`, `Heavy Pistol (+2, 2 Lethal, Loud)`, `Fame`."""
    rated = item.name if item.rating == 1 else f"{item.name} {item.rating}"
    return f"{rated} ({item.note})" if item.note.strip() else rated


def named_item(text: str) -> tuple[str, str]:
    """`Status: Acknowledged` → (`Status`, `Acknowledged`): a list's name, then the item's
    (which may hold colons of its own: `Disciplines: Auspex: Aura Perception`)."""
    list_name, colon, name = text.partition(":")
    list_name, name = " ".join(list_name.split()), name.strip()
    if not colon or not list_name or not name:
        raise ValueError(f"{text!r} names no item: name it as \"Status: Acknowledged\" (the list, a colon, the item)")
    return list_name, name


def given(lists: NamedLists, list_name: str, item: ListTrait) -> NamedLists:
    """The lists with one item more at the end of its list (a list she lacks is begun)."""
    return {**lists, list_name: [*lists.get(list_name, []), item]}


def taken(lists: NamedLists, list_name: str, name: str) -> NamedLists:
    """The lists with the last item of that name taken out of its list; ValueError saying what
    the list holds when it holds no such item."""
    items = list(lists.get(list_name, []))
    where = [index for index, item in enumerate(items) if item.name == name]
    if not where:
        held = ", ".join(item.name for item in items) or "nothing"
        raise ValueError(f"{list_name} holds no {name!r} (it holds {held})")
    del items[where[-1]]
    return {**lists, list_name: items}
