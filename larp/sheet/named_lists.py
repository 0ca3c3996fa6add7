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
