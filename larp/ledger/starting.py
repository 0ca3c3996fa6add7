"""A character's state at the start of a night, as entries and `close-night` store it.

`{"sheet": SHEET, "willpower": N}`: the sheet (with every permanent change) and
the Willpower she starts with, which is below her rating where the chronicle
keeps Willpower from one game to the next (`willpower_refresh = "keep"`).
"""

from dataclasses import replace
from typing import Any

from larp.rules import CharacterState
from larp.rules.tabletop import TableState
from larp.sheet import ANY_SHEET, Sheet, TableSheet


def starting_data(sheet: Sheet | TableSheet, willpower: int | None = None) -> dict[str, Any]:
    return {
        "sheet": sheet.model_dump(mode="json"),
        "willpower": sheet.willpower if willpower is None else willpower,
    }


def starting_state(data: dict[str, Any]) -> CharacterState | TableState:
    sheet = ANY_SHEET.validate_python(data["sheet"])
    willpower = data.get("willpower", sheet.willpower)
    if not isinstance(willpower, int) or isinstance(willpower, bool) or willpower < 0:
        raise ValueError(f"a starting Willpower of {willpower!r}")
    if isinstance(sheet, TableSheet):
        return TableState.fresh(sheet, willpower)
    return replace(CharacterState.fresh(sheet), willpower=willpower)


def next_starting_data(end: CharacterState | TableState, refresh: str) -> dict[str, Any]:
    """The next game: lost Traits and spent Abilities back, wounds healed; Willpower full, or
    as it was left."""
    willpower = end.sheet.willpower if refresh == "full" else max(0, min(end.willpower, end.sheet.willpower))
    return starting_data(end.sheet, willpower)
