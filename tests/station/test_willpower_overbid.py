"""R-RT-3 at the station: a Willpower challenge offers an overbid that names no Trait; the loser
states her current Willpower, and a failed one crosses off nothing (rules version 3)."""

from larp.rules import Move
from larp.sheet import Category
from tests.station.conftest import SIZE, pilot_test, set_up_challenge


@pilot_test
async def test_r_rt_3_a_willpower_challenge_offers_an_overbid_naming_no_trait(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "janet", "cody", category=Category.WILLPOWER)
        await pilot.press("r", "p")  # Janet loses the throw
        screen = app.screen
        [offer] = screen.offered(Move.RETEST, "overbid")
        assert offer.choices == () and screen.check_action("retest", ("overbid",))
        assert "overbid" in screen.prompt()
        await pilot.press("o")  # no Trait to pick: the total is asked at once
        await pilot.pause()
        await pilot.press("enter")  # her current Willpower, as it stands
        await pilot.pause()
        state = screen.state
        assert state.challenger.overbid_used and state.challenger.crossed == () and state.challenger.at_risk == ()
        assert screen.notes[-1].rule == "R-RT-3"
