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


def starting_data(sheet: Sheet | TableSheet, willpower: int | None = None, wounds: int = 0) -> dict[str, Any]:
    data = {"sheet": sheet.model_dump(mode="json"), "willpower": sheet.willpower if willpower is None else willpower}
    if wounds:
        data["wounds"] = wounds  # written only where there are any: a start without them reads as before
    return data


def starting_state(data: dict[str, Any]) -> CharacterState | TableState:
    sheet = ANY_SHEET.validate_python(data["sheet"])
    willpower = data.get("willpower", sheet.willpower)
    if not isinstance(willpower, int) or isinstance(willpower, bool) or willpower < 0:
        raise ValueError(f"a starting Willpower of {willpower!r}")
    wounds = data.get("wounds", 0)
    if not isinstance(wounds, int) or isinstance(wounds, bool) or wounds < 0:
        raise ValueError(f"starting wounds of {wounds!r}")
    if isinstance(sheet, TableSheet):
        return TableState.fresh(sheet, willpower)
    return replace(CharacterState.fresh(sheet), willpower=willpower, wounds=wounds)


def next_starting_data(end: CharacterState | TableState, refresh: str, carry: bool = False) -> dict[str, Any]:
    """The next game: lost Traits and spent Abilities back; Willpower full, or as it was left;
    wounds healed, or with `carry` (the chronicle's `[house_rules.health] carry`) as they were."""
    willpower = end.sheet.willpower if refresh == "full" else max(0, min(end.willpower, end.sheet.willpower))
    return starting_data(end.sheet, willpower, end.wounds if carry and isinstance(end, CharacterState) else 0)
