"""Regaining Traits from the sheet: one Willpower, a category's lost Traits back, once a night."""

from larp.ledger import Kind
from larp.sheet import Category
from larp.station.widgets.sheet_view import SheetView
from tests.station.conftest import SIZE, janet_loses_to_cody, pilot_test


@pilot_test
async def test_ctrl_g_regains_a_category_and_the_sheet_shows_it(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await janet_loses_to_cody(pilot)
        await pilot.press("ctrl+g")
        await pilot.pause()
        await pilot.press("enter")  # Social: gets back Charismatic
        await pilot.pause()
        [entry] = desk.entries(kind=Kind.REGAIN.value)
        assert entry.character_ids == ("janet",)
        card = app.screen.query_one(SheetView).card
        assert card.character.total(Category.SOCIAL) == 9
        assert card.character.willpower == 4
        assert "social" in card.character.regained

        await pilot.press("ctrl+g")
        await pilot.pause()
        said = list(app._notifications)[-1].message  # as much as the desk says of the same refusal
        assert f"Janet Reyes has already regained Social Traits tonight at station {entry.station}, game time" in said
        assert f"(entry {entry.short_id})" in said and "R-NIGHT-1" in said


@pilot_test
async def test_ctrl_g_with_nothing_lost_says_so(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"janet", "enter")
        await pilot.pause()
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert "Janet Reyes has no lost Traits to regain" in list(app._notifications)[-1].message
