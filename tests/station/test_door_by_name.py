"""Issue 28, items 3 and 8: a player without a card is checked in by name (or its unique start),
a retired character typed by name says she is retired, and "in" means checked in."""

from textual.widgets import DataTable, Static

from tests.station.conftest import SIZE, card_of, look_up, pilot_test
from tests.station.test_checkin_and_experience import said


@pilot_test
async def test_the_door_takes_a_name_or_its_unique_start(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f10")
        await pilot.pause()
        await look_up(pilot, "Janet Reyes")
        await look_up(pilot, "rowa")
        assert said(app).startswith("PRESENT") and "Rowan" in said(app)
        assert {*app.screen.query_one(DataTable).rows} >= {"janet", "rowan"}
        assert "2 characters checked in for night 1" in str(app.screen.query_one("#door-count", Static).render())


@pilot_test
async def test_a_retired_character_typed_by_name_is_refused_as_retired_once_said(app, desk):
    desk.retire("wick", "left the chronicle")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f10")
        await pilot.pause()
        await look_up(pilot, "wick")
        assert said(app) == "REFUSED  Wick is retired (left the chronicle): not in play, and their card is refused at the door."
        await pilot.press("f2")
        await pilot.pause()
        app.clear_notifications()
        await look_up(pilot, "Wick")
        [notice] = app._notifications
        assert "Wick is retired (left the chronicle)" in notice.message and "spelling" not in notice.message


@pilot_test
async def test_a_card_scanned_with_the_cursor_in_the_list_is_checked_in(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f10")
        await look_up(pilot, "janet")
        app.screen.query_one(DataTable).focus()
        await pilot.pause()
        await look_up(pilot, card_of(desk, "cody"))
        assert said(app).startswith("PRESENT") and "Cody Harlan" in said(app)
