"""Issue 28, item 11: F10 on the bottom line, a race's running score, Ctrl+R on a Mind's Eye
sheet answered."""

from tests.station.conftest import SIZE, look_up, pilot_test, plain, set_up_challenge


@pilot_test
async def test_f10_is_on_the_bottom_line(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "f10 Check-in" in str(app.screen.query_one("KeyBar").render())


@pilot_test
async def test_a_race_shows_its_running_score(app, desk):
    from textual.widgets import Input

    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, "janet")
        await pilot.press("ctrl+n")
        await pilot.pause()
        await pilot.press("f7", "f7", "f7", "f7")  # a race
        await look_up(pilot, "cody")
        app.screen.query_one("#target", Input).value = "3"
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("r", "s")  # Janet wins a throw
        await pilot.pause()
        title = plain(app.screen.query_one("ChallengeView").title(app.screen.state))
        assert "Wins so far: Janet Reyes 1, Cody Harlan 0, of 3 needed" in title


@pilot_test
async def test_ctrl_r_on_a_minds_eye_sheet_says_challenges_are_thrown(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, "janet")
        await pilot.press("ctrl+r")
        await pilot.pause()
        [notice] = app._notifications
        assert "challenges are thrown, not rolled" in notice.message


@pilot_test
async def test_a_notification_on_a_challenge_leaves_the_rules_panel_uncovered(app, desk):
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await set_up_challenge(pilot, "janet", "cody")
        app.notify("a refusal, say", title="Not allowed")
        await pilot.pause()
        await pilot.pause()
        toast = app.screen.query_one("#textual-toastrack").query_one("Toast")
        notes = app.screen.query_one("#notes")
        assert not toast.region.overlaps(notes.region)
