"""A stray key, then Enter, during a challenge: the Enter takes its step, and the notice says the
key was set aside (it names no character the key happened to match)."""

from larp.rules import Phase
from tests.station.conftest import SIZE, pilot_test, set_up_challenge


@pilot_test
async def test_a_stray_key_before_enter_is_set_aside_and_enter_takes_its_step(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "janet", "cody")
        await pilot.press("r", "p")
        await pilot.pause()
        screen = app.screen
        assert screen.state.phase is not Phase.OVER
        await pilot.press("x", "enter")
        await pilot.pause()
        assert screen.state.phase is Phase.OVER
        [notice] = app._notifications
        assert "“x” before Enter was no step" in notice.message and "card or name" not in notice.message


@pilot_test
async def test_two_stray_keys_before_enter_record_the_challenge_over(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "janet", "cody")
        await pilot.press("r", "p", "enter")
        await pilot.pause()
        await pilot.press("x", "z", "enter")
        await pilot.pause()
        assert app.screen.entry is not None
