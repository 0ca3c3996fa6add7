"""A combat turn at the station (seed 004): Initiative typed or the station's, the fighters in
Initiative order, each attack against the target's Defense, its damage on her Health track."""

from larp.station import create_app
from larp.station.screens.combat import CombatScreen
from larp.station.screens.dice import DiceScreen
from larp.station.widgets.key_bar import KeyBar
from tests.station.conftest import SIZE, open_dice, pilot_test, plain, roll_typed, type_in

INITIATIVE_DICE = {"nadine": "9", "louis": "3", "ridden": "8", "tobias": "2"}
"""Typed dice: Nadine 9 + 6 = 15, the Ridden Guard 8 + 4 = 12, Louis 3 + 6 = 9, Tobias 2 + 5 = 7."""


async def open_combat(pilot, first: str) -> CombatScreen:
    await open_dice(pilot, first)
    await pilot.press("ctrl+t")
    await pilot.pause()
    return pilot.app.screen


async def type_initiative(pilot, screen: CombatScreen) -> None:
    """i for the fighter under the cursor, the die typed; the cursor goes on to the next still to roll."""
    while (cid := screen.next_to_roll()) is not None:
        assert screen.selected() == cid
        await pilot.press("i")
        await pilot.pause()
        await type_in(pilot, INITIATIVE_DICE[cid])
        await pilot.press("enter")
        await pilot.pause()


@pilot_test
async def test_d_sg_11_typed_initiative_lists_the_scene_highest_first(wolves):
    app = create_app(desk=wolves)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_combat(pilot, "nadine")
        assert isinstance(screen, CombatScreen)
        assert "Attack" not in plain(screen.query_one(KeyBar).render())  # no attack before Initiative
        await type_initiative(pilot, screen)
        assert screen.order() == ["nadine", "ridden", "louis", "tobias"]
        assert screen.selected() == "nadine" and screen.next_to_act() == "nadine"
        assert [entry.payload["result"]["initiative"] for entry in wolves.entries(kind="roll")] == [15, 9, 12, 7]
        assert "Nadine Kowalczyk acts" in plain(screen.query_one("#turn-prompt").content)
        assert "a Attack" in plain(screen.query_one(KeyBar).render())


@pilot_test
async def test_d_sg_11_station_dice_give_everyone_initiative_in_one_key(wolves):
    app = create_app(desk=wolves)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_combat(pilot, "louis")
        await pilot.press("ctrl+r")
        await pilot.pause()
        entries = wolves.entries(kind="roll")
        assert len(entries) == 4 and {entry.payload["source"] for entry in entries} == {"station"}
        totals = [screen.rolled[cid].payload["result"]["initiative"] for cid in screen.order()]
        assert totals == sorted(totals, reverse=True)


@pilot_test
async def test_d_sg_13_an_attack_in_order_rolls_against_defense_and_marks_the_targets_track(wolves):
    app = create_app(desk=wolves)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_combat(pilot, "nadine")
        await type_initiative(pilot, screen)
        await pilot.press("a")  # Nadine attacks…
        await pilot.pause()
        await pilot.press("enter")  # …the Ridden Guard, the first target offered (next in order)…
        await pilot.pause()
        await pilot.press("down", "enter")  # …armed: Strength + Weaponry, lethal
        await pilot.pause()
        dice = app.screen
        assert isinstance(dice, DiceScreen)
        # Strength 4 + Weaponry 2, less the Guard's Defense 2 and armor 1 (D-SG-13, D-SG-14)
        assert "Strength 4 + Weaponry 2, The Ridden Guard's Defense and armor -3 (D-NEW-3) = 3 dice" in plain(
            dice.query_one("#pool-line").content, width=200
        )
        await roll_typed(pilot, "9 8 1")
        assert wolves.table_character("ridden").health.marks == "XX·······"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert "nadine" in screen.acted and screen.next_to_act() == "ridden"
        assert screen.attacks_on["ridden"] == 1  # the next attack on her this turn: Defense 1 less


@pilot_test
async def test_d_sg_14_a_dodge_doubles_defense_against_the_next_attack(wolves):
    app = create_app(desk=wolves)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_combat(pilot, "nadine")
        await type_initiative(pilot, screen)
        await pilot.press("down")  # the Ridden Guard, who has not acted, dodges
        await pilot.pause(0.1)
        assert screen.selected() == "ridden"
        await pilot.press("d")
        await pilot.pause()
        assert "ridden" in screen.dodging
        assert screen.selected() == "nadine"  # the cursor is back on the one to act
        for keys in (["enter"], ["enter"], ["down", "enter"]):  # Nadine's armed attack on the Guard
            await pilot.press(*keys)
            await pilot.pause()
        pool = plain(app.screen.query_one("#pool-line").content, width=200)
        assert "Defense and armor -5" in pool  # Defense 2 doubled, armor 1
        await pilot.press("escape", "n")
        await pilot.pause()
        assert screen.turn == 2 and not screen.acted and not screen.dodging


@pilot_test
async def test_ending_the_combat_asks_first(wolves):
    app = create_app(desk=wolves)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_combat(pilot, "louis")
        await pilot.press("ctrl+r", "escape")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("escape", "y")
        await pilot.pause()
        assert isinstance(app.screen, DiceScreen)
