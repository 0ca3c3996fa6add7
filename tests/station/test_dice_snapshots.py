"""What the Dice screen and the combat turn look like, at 80×24 (read whole) and 200×60 (the
room used), on a still clock and a fresh night record, with typed dice."""

import pytest
from textual.widgets import Input

from larp.station import create_app
from tests.station.conftest import open_dice, roll_typed
from tests.station.test_combat_turn import open_combat, type_initiative
from tests.station.test_snapshots import entry_ids_in_order, read_notifications  # noqa: F401 (autouse fixture)


async def still_cursor(pilot) -> None:
    """The text cursor stops blinking, so that the picture never catches it half-way."""
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    await pilot.pause()


async def louis_leaps_the_sluice(pilot) -> None:
    """Louis rolls Dexterity + Athletics + 2 for a leap; the players' 10 earns a reroll."""
    await open_dice(pilot, "louis", "Dexterity + Athletics + 2")
    await pilot.press("tab")
    await pilot.press(*"leap the sluice")
    await roll_typed(pilot, "10 8 3 1 7 9 2 5")
    await read_notifications(pilot)
    await still_cursor(pilot)


@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=["80x24", "200x60"])
def test_dice_a_typed_roll_with_its_odds(wolves, snap_compare, size):
    assert snap_compare(create_app(desk=wolves), terminal_size=size, run_before=louis_leaps_the_sluice)


@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=["80x24", "200x60"])
def test_combat_turn_after_an_armed_attack(wolves, snap_compare, size):
    async def run_before(pilot):
        screen = await open_combat(pilot, "nadine")
        await type_initiative(pilot, screen)
        for keys in (["enter"], ["enter"], ["down", "enter"]):
            await pilot.press(*keys)
            await pilot.pause()
        await roll_typed(pilot, "9 8 1")
        await pilot.press("escape")
        await pilot.pause()
        await read_notifications(pilot)

    assert snap_compare(create_app(desk=wolves), terminal_size=size, run_before=run_before)
