"""Issue 28, item 2: a challenge once recorded does not wait on the sheets: F3 then F2 comes
back to the sheets (never to the finished challenge, or to a result reversed since), and a
card scanned on the recorded challenge brings up that sheet."""

from larp.station.screens.challenge import ChallengeScreen
from larp.station.screens.sheets import SheetScreen
from tests.station.conftest import SIZE, card_of, look_up, pilot_test, reverse_in_the_log, set_up_challenge


async def recorded(pilot) -> None:
    await set_up_challenge(pilot, "janet", "cody")
    await pilot.press("r", "p", "enter", "enter")
    await pilot.pause()
    assert pilot.app.screen.entry is not None


@pilot_test
async def test_f3_then_f2_after_recording_comes_back_to_the_sheets_and_a_scan_shows_its_sheet(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await recorded(pilot)
        await pilot.press("f3")
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        await look_up(pilot, card_of(desk, "rowan"))
        assert app.screen.character_id == "rowan"


@pilot_test
async def test_after_a_reversal_f2_shows_no_reversed_result(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await recorded(pilot)
        await reverse_in_the_log(pilot, "wrong defender")
        await pilot.press("f2")
        await pilot.pause()
        assert not any(isinstance(screen, ChallengeScreen) for screen in app.screen_stack)


@pilot_test
async def test_a_card_scanned_on_a_recorded_challenge_brings_up_its_sheet(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await recorded(pilot)
        await look_up(pilot, card_of(desk, "rowan"))
        assert isinstance(app.screen, SheetScreen) and app.screen.character_id == "rowan"
