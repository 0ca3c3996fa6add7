"""The door and experience at the station: F10 checks cards in (present, already in, refused with
the reason), and Ctrl+Y on a sheet awards, spends or buys with experience, shown on the sheet."""

from textual.widgets import DataTable, Static

from larp.cards import reissue
from larp.station.screens.checkin import CheckInScreen
from larp.station.widgets.sheet_view import SheetView
from tests.station.conftest import SIZE, card_of, look_up, pilot_test, plain, type_in


async def by_keys(pilot, character: str, choice: list[str], points: str, reason: str) -> None:
    """Ctrl+Y on her sheet: the choice (arrows from the first), the points, the reason."""
    await look_up(pilot, character)
    await pilot.press("ctrl+y")
    await pilot.pause()
    await pilot.press(*choice, "enter")
    await pilot.pause()
    await pilot.press("backspace", *points, "enter")
    await pilot.pause()
    await type_in(pilot, reason)
    await pilot.press("enter")
    await pilot.pause()


def said(app) -> str:
    return str(app.screen.query_one("#door-said", Static).render())


@pilot_test
async def test_a_card_scanned_at_the_door_is_present_and_listed(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f10")
        await pilot.pause()
        assert isinstance(app.screen, CheckInScreen)
        await look_up(pilot, card_of(desk, "janet"))
        assert said(app).startswith("PRESENT") and "Janet Reyes is present" in said(app)
        table = app.screen.query_one(DataTable)
        assert table.row_count == 1 and str(table.get_row("janet")[0]) == "Janet Reyes"
        assert "1 character checked in for night 1" in str(app.screen.query_one("#door-count", Static).render())


@pilot_test
async def test_a_second_scan_says_already_in(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f10")
        await look_up(pilot, card_of(desk, "janet"))
        await look_up(pilot, card_of(desk, "janet"))
        assert said(app).startswith("ALREADY IN") and app.screen.query_one(DataTable).row_count == 1


@pilot_test
async def test_a_revoked_card_is_refused_on_screen_with_its_reason(app, desk):
    old = card_of(desk, "cody")
    reissue(desk.chronicle, "cody")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f10")
        await look_up(pilot, old)
        assert said(app).startswith("REFUSED") and "card 2 replaced it" in said(app)
        assert app.screen.query_one(DataTable).row_count == 0


@pilot_test
async def test_a_retired_character_is_refused_at_the_door(app, desk):
    desk.change(desk.sheet("cody").model_copy(update={"status": "retired", "status_reason": "moved away"}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f10")
        await look_up(pilot, "cody")
        assert said(app).startswith("REFUSED") and "retired (moved away)" in said(app)


@pilot_test
async def test_check_ins_from_elsewhere_show_when_the_screen_comes_back(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f10")
        await pilot.pause()
        desk.check_in("cody")
        await pilot.press("f2")
        await pilot.press("f10")
        await pilot.pause()
        assert app.screen.query_one(DataTable).row_count == 1


@pilot_test
async def test_an_award_by_keyboard_shows_on_the_sheet(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await by_keys(pilot, "janet", [], "3", "a fine scene")  # Award, the first choice
        assert desk.sheet("janet").experience.earned == 3
        text = plain(app.screen.query_one(SheetView).render())
        assert "Experience earned 3 · unspent 3" in text and "a fine scene" in text


@pilot_test
async def test_a_spend_beyond_unspent_is_refused_by_keyboard_and_nothing_changes(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await by_keys(pilot, "janet", ["down"], "2", "a favour")  # Spend
        assert desk.sheet("janet").experience.history == []
        assert any("no debt" in notice.message for notice in app._notifications)


@pilot_test
async def test_a_purchase_by_keyboard_changes_the_sheet_on_screen(app, desk):
    desk.award("janet", 3, "a scene")
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, "janet")
        await pilot.press("ctrl+y")
        await pilot.pause()
        await pilot.press("down", "down", "enter")  # Buy
        await pilot.pause()
        await type_in(pilot, "Willpower")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.question == "Janet Reyes buys Willpower (3 points)?"  # the price before it is taken (issue 28, item 11)
        await pilot.press("y")
        await pilot.pause()
        assert desk.sheet("janet").experience.unspent == 0
        assert "Experience earned 3 · unspent 0" in plain(app.screen.query_one(SheetView).render())
