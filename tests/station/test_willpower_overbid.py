"""Issue 28, item 7: a Willpower challenge offers no overbid, for no Trait is bid in it (R-RT-3)."""

from larp.rules import Move
from larp.sheet import Category
from tests.station.conftest import SIZE, pilot_test, set_up_challenge


@pilot_test
async def test_a_willpower_challenge_offers_no_overbid(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "janet", "cody", category=Category.WILLPOWER)
        await pilot.press("r", "p")  # Janet loses the throw
        screen = app.screen
        assert not screen.offered(Move.RETEST, "overbid")
        assert not screen.check_action("retest", ("overbid",))
        assert "overbid" not in screen.prompt()
        await pilot.press("o")
        assert screen.state.challenger.overbid_used is False
