"""A character whose sheet changed while the night is under way."""

from dataclasses import replace

from larp.rules import CharacterState
from larp.sheet import Category, Sheet


def with_sheet(state: CharacterState, sheet: Sheet) -> CharacterState:
    """A character whose sheet changed tonight: what she spent stays spent, what she lost
    stays lost where the new sheet still has it."""
    old = state.sheet
    abilities = {name: rating - (old.abilities.get(name, 0) - state.abilities.get(name, 0)) for name, rating in sheet.abilities.items()}
    lost = {}
    for category, names in state.lost.items():
        room = dict(sheet.traits.of(Category(category)))
        kept = []
        for name in names:
            if room.get(name, 0) > 0:
                room[name] -= 1
                kept.append(name)
        lost[category] = tuple(kept)
    return replace(
        state,
        sheet=sheet,
        lost=lost,
        abilities=abilities,
        willpower=state.willpower + sheet.willpower - old.willpower,
        rage=state.rage + sheet.rage - old.rage,
        gnosis=state.gnosis + sheet.gnosis - old.gnosis,
    )
