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


@pilot_test
async def test_at_80_columns_the_top_line_keeps_the_events_sync_status_whole(app, desk):
    """The place gives way (with an ellipsis) to the sync status, which was once cut off at 80 columns."""
    async with app.run_test(size=(80, 24)) as pilot:
        app.place = "Ashes of Alder Bay · night 12 · station the-long-hall-by-the-bar · Narrator Marisa Okafor"
        app.event_status = "offline since 21:42, 7 entries waiting"
        await pilot.pause()
        line = "".join(segment.text for segment in app.screen.query_one(ClockBar).render_line(0))
        assert "offline since 21:42, 7 entries waiting" in line and "…" in line
