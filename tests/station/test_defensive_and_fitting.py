"""The challenge screen's f key names the more defensive action (R-TIE-4), and an Ability that
does not fit the category is spent only once the Narrator allows it (R-RT-1)."""

import os

from larp.ledger import Kind
from larp.rules import Phase
from larp.sheet import Category
from larp.station.screens.challenge import ChallengeScreen
from larp.station.widgets.key_bar import KeyBar
from tests.station.conftest import SIZE, pilot_test, plain, set_up_challenge


@pilot_test
async def test_r_tie_4_f_names_the_initiators_action_defensive_and_the_record_keeps_it(app, desk, tmp_path):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "janet", "cody", category=Category.SOCIAL)
        screen = app.screen
        assert isinstance(screen, ChallengeScreen)
        assert "Defensive" in plain(screen.query_one(KeyBar).render())
        assert f"(now {screen.state.defender.name}'s)" in screen.prompt()

        await pilot.press("f")
        await pilot.pause()
        await pilot.press("down", "enter")  # the initiator's: Janet flees
        await pilot.pause()
        assert screen.state.spec.defensive == "challenger"
        assert screen.notes[-1].rule == "R-TIE-4" and "Janet" in screen.notes[-1].text
        assert app.save_screenshot("defensive.svg", path=os.environ.get("LARP_SHOTS", str(tmp_path)))

        await pilot.press("r", "p")
        await pilot.pause()
        assert screen.check_action("defensive", ()) is False  # named before the first throw only
        await pilot.press("enter", "enter")
        await pilot.pause()
        [entry] = desk.entries(kind=Kind.ADJUDICATION.value)
        assert entry.payload["challenge"]["defensive"] == "challenger"


@pilot_test
async def test_r_rt_1_an_ability_that_does_not_fit_is_asked_about_and_declined_spends_nothing(app):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "janet", "cody", category=Category.PHYSICAL)
        screen = app.screen
        await pilot.press("r", "p")  # Janet loses the throw
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("enter")  # Expression: Social, not Physical
        await pilot.pause()
        assert app.screen.question == "Expression in a Physical challenge?"
        await pilot.press("n")  # the Narrator does not allow it
        await pilot.pause()
        assert screen.state.phase is Phase.DECIDED and screen.state.challenger.spent_abilities == {}
