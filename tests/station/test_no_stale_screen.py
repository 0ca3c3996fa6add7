"""Issue 28, item 10: no screen tells of a moment gone: the top line says a closed night is
closed, the door forgets the last night's PRESENT, F3 comes back on the newest entry."""

from textual.widgets import DataTable, Static

from tests.station.conftest import SIZE, card_of, look_up, pilot_test, plain, set_up_challenge


async def closed_here(pilot, desk) -> None:
    desk.archive_night()
    pilot.app.read_clock()
    await pilot.pause()
    assert not pilot.app.night_open


@pilot_test
async def test_the_top_line_of_a_closed_night_says_closed_not_running(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await closed_here(pilot, desk)
        top = plain(app.screen.query_one("ClockBar").render())
        assert "■ closed" in top and "running" not in top


@pilot_test
async def test_after_ctrl_o_the_door_says_nothing_of_the_last_night(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f10")
        await look_up(pilot, card_of(desk, "janet"))
        door_said = app.screen.query_one("#door-said", Static)
        assert str(door_said.render()).startswith("PRESENT")
        await closed_here(pilot, desk)
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert desk.night_number == 2
        assert str(door_said.render()) == ""
        assert "0 characters checked in for night 2" in str(app.screen.query_one("#door-count", Static).render())


@pilot_test
async def test_f3_comes_back_on_the_newest_entry(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        for defender in ("Cody", "Rowan"):
            await set_up_challenge(pilot, "janet", defender.lower())
            await pilot.press("r", "r", "enter", "enter")
            await pilot.pause()
            await pilot.press("f3")
            await pilot.pause()
            table = app.screen.query_one(DataTable)
            assert table.cursor_row == table.row_count - 1 and defender in app.screen.selected().summary
            table.move_cursor(row=0)  # the Narrator looks at the first entry, then goes on
            await pilot.press("f2")
            await pilot.pause()


@pilot_test
async def test_an_award_after_the_close_shows_on_the_closed_night_s_sheet(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, "janet")
        await closed_here(pilot, desk)
        desk.award("janet", 3, "a scene well played")  # between games: an entry of the next game
        app.read_clock()
        await pilot.pause()
        assert "Experience earned 3 · unspent 3" in plain(app.screen.query_one("SheetView").render())
