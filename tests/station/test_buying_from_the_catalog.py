"""Ctrl+Y's purchase at the station is picked from what her sheet and the chronicle's catalog
offer, never typed free: a power goes on her sheet at its catalog price, a name with no price
is priced by the Narrator first, and a name the list does not hold is bought by nobody."""

from larp.station.modals import SearchPickScreen
from larp.station.widgets.sheet_view import SheetView
from tests.station.conftest import SIZE, look_up, pilot_test, plain, type_in


async def to_purchases(pilot, character: str) -> None:
    await look_up(pilot, character)
    await pilot.press("ctrl+y")
    await pilot.pause()
    await pilot.press("down", "down", "enter")  # Buy
    await pilot.pause()


@pilot_test
async def test_a_discipline_picked_by_typing_part_of_it_goes_on_his_sheet_at_its_catalog_price(app, desk):
    desk.award("aldous", 5, "a scene")
    async with app.run_test(size=SIZE) as pilot:
        await to_purchases(pilot, "aldous")
        assert isinstance(app.screen, SearchPickScreen)
        await type_in(pilot, "aura perc")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.question == "Aldous Whitcombe buys Disciplines: Auspex: Aura Perception (3 points)?"
        assert "Auspex: Aura Perception" in plain(app.screen.prompt)  # what changes, before it is taken
        await pilot.press("y")
        await pilot.pause()
        sheet = desk.sheet("aldous")
        assert sheet.experience.unspent == 2
        assert [item.name for item in sheet.lists["Disciplines"]][-1] == "Auspex: Aura Perception"
        assert "Auspex: Aura Perception" in plain(app.screen.query_one(SheetView).render())


@pilot_test
async def test_a_name_the_catalog_holds_no_price_for_is_priced_by_the_narrator_before_it_is_bought(app, desk):
    desk.award("aldous", 5, "a scene")
    async with app.run_test(size=SIZE) as pilot:
        await to_purchases(pilot, "aldous")
        await type_in(pilot, "passion")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.question == "Disciplines: Dementation: Passion needs a price"
        await pilot.press("backspace", "4", "enter")
        await pilot.pause()
        assert app.screen.question == "Aldous Whitcombe buys Disciplines: Dementation: Passion (4 points)?"
        await pilot.press("y")
        await pilot.pause()
        item = desk.sheet("aldous").lists["Disciplines"][-1]
        assert (item.name, item.rating, desk.sheet("aldous").experience.unspent) == ("Dementation: Passion", 4, 1)


@pilot_test
async def test_what_no_offer_holds_is_refused_in_the_list_and_nothing_is_bought(app, desk):
    desk.award("aldous", 5, "a scene")
    async with app.run_test(size=SIZE) as pilot:
        await to_purchases(pilot, "aldous")
        await type_in(pilot, "Thaumaturgy: Lure of Flames")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SearchPickScreen)  # still asking: nothing matched
        assert any("Nothing in the list" in notice.message for notice in app._notifications)
        await pilot.press("escape")
        await pilot.pause()
    assert desk.sheet("aldous").experience.unspent == 5
