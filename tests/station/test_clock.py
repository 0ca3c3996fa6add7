"""The game clock: always on screen, held and resumed for a Hold!, advanced."""

from larp.ledger import Kind
from larp.station.widgets.clock_bar import ClockBar
from tests.station.conftest import SIZE, pilot_test


@pilot_test
async def test_f5_holds_the_clock_and_resumes_it(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await pilot.pause()
        assert desk.clock_held()
        bar = app.screen.query_one(ClockBar)
        assert bar.held and bar.has_class("-held")
        assert app.check_action("hold", ()) is False and app.check_action("resume", ()) is True

        await pilot.press("f5")
        await pilot.pause()
        assert not desk.clock_held()
        assert not app.screen.query_one(ClockBar).held
        actions = [entry.payload["action"] for entry in desk.entries(kind=Kind.CLOCK.value)]
        assert actions == ["hold", "resume"]


@pilot_test
async def test_f6_advances_the_clock_by_the_minutes_given(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        await pilot.press("backspace", "1", "2", "enter")
        await pilot.pause()
        assert desk.game_time() == 12.0
        assert app.game_minutes == 12.0


@pilot_test
async def test_the_clock_runs_with_the_wall_clock(app, desk, wall_clock):
    from datetime import timedelta

    async with app.run_test(size=SIZE) as pilot:
        wall_clock.now += timedelta(minutes=3)
        app.read_clock()
        await pilot.pause()
        assert app.screen.query_one(ClockBar).minutes == 3.0
