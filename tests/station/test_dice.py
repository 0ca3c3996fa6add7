"""The Dice screen: a pool named from the sheet, its exact odds, the roll (typed dice with the
rerolls asked for, or the station's), Willpower and damage on the sheet, every roll in the night
log and the reconciliation; refusals said on screen with nothing recorded."""

from textual.widgets import Checkbox, Input, Select

from larp.station import create_app
from larp.station.screens.dice import DiceScreen
from larp.station.screens.log import NightLogScreen
from larp.station.screens.sheets import SheetScreen
from larp.station.widgets.key_bar import KeyBar
from tests.station.conftest import SIZE, look_up, open_dice, pilot_test, plain, reconciled, roll_typed, type_in


def shown(screen, selector: str) -> str:
    """What a Static of the screen says, as plain text."""
    return plain(screen.query_one(selector).content)


def rolls(desk) -> list:
    return desk.entries(kind="roll")


@pilot_test
async def test_ctrl_r_on_a_sheet_opens_the_dice_screen_for_the_character_on_screen(wolves):
    app = create_app(desk=wolves)
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, "louis")
        assert "Roll dice" in plain(app.screen.query_one(KeyBar).render())
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, DiceScreen) and app.screen.character_id == "louis"
        assert "Louis Marchand" in shown(app.screen, "#roller") and "Willpower 5 of 5" in shown(app.screen, "#roller")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)


@pilot_test
async def test_the_dice_key_is_absent_in_a_minds_eye_theatre_chronicle(app):
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, "janet")
        assert "Roll dice" not in plain(app.screen.query_one(KeyBar).render())
        assert "Dice" not in [command.title for command in app.get_system_commands(app.screen)]
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)


@pilot_test
async def test_the_palette_offers_the_dice_for_a_tabletop_character(wolves):
    app = create_app(desk=wolves)
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, "louis")
        commands = {command.title: command for command in app.get_system_commands(app.screen)}
        assert "Challenge" not in commands
        commands["Dice"].callback()
        await pilot.pause()
        assert isinstance(app.screen, DiceScreen)


@pilot_test
async def test_d_sg_pool_named_from_the_sheet_shows_its_dice_and_each_option_with_its_rule(wolves):
    app = create_app(desk=wolves)
    async with app.run_test(size=SIZE) as pilot:
        await open_dice(pilot, "louis", "Dexterity + Athletics + 2")
        assert "Dexterity 3 + Athletics 2 + 2 = 7 dice" in shown(app.screen, "#pool-line")
        app.screen.query_one("#willpower", Checkbox).value = True
        app.screen.query_one("#specialty", Checkbox).value = True
        await pilot.pause()
        assert "Specialty" in shown(app.screen, "#pool-line")  # refused: no Specialty in Dexterity or Athletics
        app.screen.query_one("#specialty", Checkbox).value = False
        await pilot.pause()
        assert "Dexterity 3 + Athletics 2 + 2, Willpower +3 (D-NEW-3) = 10 dice" in shown(app.screen, "#pool-line")


@pilot_test
async def test_exact_odds_follow_the_pool_and_the_options(wolves):
    app = create_app(desk=wolves)
    async with app.run_test(size=SIZE) as pilot:
        await open_dice(pilot, "louis", "5")
        odds = shown(app.screen, "#odds")
        assert "success  83.19%" in odds  # issue 9: 5 dice with 10-again, P(at least one success)
        assert "expected successes 1.667" in odds and "█" in odds
        app.screen.query_one("#again", Select).value = 8
        await pilot.pause()
        assert "expected successes 2.143" in shown(app.screen, "#odds")  # 8-again: 5 × 0.3 / 0.7
        app.screen.query_one("#pool", Input).value = ""
        await pilot.pause()
        assert "No odds" in shown(app.screen, "#odds")


@pilot_test
async def test_a_trait_the_sheet_lacks_is_said_on_screen_and_nothing_is_recorded(wolves):
    app = create_app(desk=wolves)
    async with app.run_test(size=SIZE) as pilot:
        await open_dice(pilot, "louis", "Dexterity + Flying")
        assert "Flying" in shown(app.screen, "#pool-line")
        assert "No odds" in shown(app.screen, "#odds")
        await pilot.press("ctrl+r")
        await roll_typed(pilot, "8 8")
        assert rolls(wolves) == []


@pilot_test
async def test_a_face_of_eleven_is_refused_on_screen_and_nothing_is_recorded(wolves):
    app = create_app(desk=wolves)
    async with app.run_test(size=SIZE) as pilot:
        await open_dice(pilot, "louis", "2")
        await roll_typed(pilot, "11 8")
        assert "“11” is not a face of a d10" in shown(app.screen, "#prompt")
        assert rolls(wolves) == []


@pilot_test
async def test_d_sg_3_typed_dice_ask_for_the_rerolls_a_10_earns_then_name_every_die(wolves):
    app = create_app(desk=wolves)
    async with app.run_test(size=SIZE) as pilot:
        await open_dice(pilot, "louis", "Dexterity + Athletics")
        await roll_typed(pilot, "10 8 3 1 7")
        assert "1 die more to roll: rerolls owed (10-again" in shown(app.screen, "#prompt")
        assert rolls(wolves) == []
        await roll_typed(pilot, " 9")
        [entry] = rolls(wolves)
        assert entry.payload["faces"] == [10, 8, 3, 1, 7, 9] and entry.payload["source"] == "typed"
        result = shown(app.screen, "#result")
        assert "success: 3 successes" in result
        assert "10  success, rolled again (10-again) (D-SG-3)" in result
        assert "1  no success (a 1 does nothing) (D-SG-2)" in result


@pilot_test
async def test_station_dice_roll_lands_in_the_night_log_and_the_reconciliation(wolves):
    app = create_app(desk=wolves)
    async with app.run_test(size=SIZE) as pilot:
        await open_dice(pilot, "tobias", "Wits + Composure")
        await pilot.press("ctrl+r")
        await pilot.pause()
        [entry] = rolls(wolves)
        assert entry.payload["source"] == "station" and len(entry.payload["faces"]) >= 6
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, NightLogScreen)
        assert entry.id in app.screen.shown
        detail = shown(app.screen, "#entry-text")
        assert "Pool: Wits 3 + Composure 3 = 6 dice" in detail
        await pilot.press("f4")
        assert entry.short_id in await reconciled(pilot)


@pilot_test
async def test_d_sg_6_willpower_spent_on_a_roll_lands_on_the_sheet_once(wolves):
    app = create_app(desk=wolves)
    async with app.run_test(size=SIZE) as pilot:
        await open_dice(pilot, "louis", "Wits + Stealth")
        app.screen.query_one("#willpower", Checkbox).value = True
        await pilot.pause()
        await roll_typed(pilot, "2 3 4 5 6 7 2 3 4")
        assert wolves.table_character("louis").willpower == 4
        assert "Willpower 4 of 5" in shown(app.screen, "#roller")
        assert app.screen.query_one("#willpower", Checkbox).value is False  # the next roll spends none unless asked
        await pilot.press("f4")
        assert "spent Willpower 1" in await reconciled(pilot)


@pilot_test
async def test_d_health_1_damage_marked_on_the_track_shows_on_the_sheet(wolves):
    app = create_app(desk=wolves)
    async with app.run_test(size=SIZE) as pilot:
        await open_dice(pilot, "louis")
        await pilot.press("ctrl+g")
        await pilot.pause()
        await pilot.press("down", "enter")  # lethal
        await pilot.pause()
        await type_in(pilot, "2")
        await pilot.press("enter")
        await pilot.pause()
        assert wolves.table_character("louis").health.marks == "XX·····"
        assert "[X][X][ ]" in shown(app.screen, "#roller")
        await pilot.press("escape")
        await pilot.pause()
        sheet = plain(app.screen.query_one("#sheet").render())
        assert "[X][X][ ]" in sheet and "takes 2 lethal" in sheet
        await pilot.press("f4")
        assert "takes 2 lethal" in await reconciled(pilot)


@pilot_test
async def test_d_st_2_a_storyteller_roll_has_a_difficulty_and_refuses_one_past_10(kindred):
    app = create_app(desk=kindred)
    async with app.run_test(size=SIZE) as pilot:
        await open_dice(pilot, "hall", "Dexterity + Brawl")
        assert "Dexterity 3 + Brawl 4 = 7 dice" in shown(app.screen, "#pool-line")
        assert "botch" in shown(app.screen, "#odds")
        difficulty = app.screen.query_one("#difficulty", Input)
        difficulty.value = "11"
        await pilot.pause()
        assert "a difficulty is from 2 to 10" in shown(app.screen, "#pool-line").lower()
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert rolls(kindred) == []
        assert "Combat turn" not in plain(app.screen.query_one(KeyBar).render())  # seed 004's combat only
