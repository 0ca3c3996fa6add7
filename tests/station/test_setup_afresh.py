"""The challenge's setup is one screen kept between challenges (Ctrl+N within 200 ms on a big
night, issue 28): each Ctrl+N finds it as new, save the last kind and category."""

from textual.widgets import Checkbox, Input, Select

from larp.sheet import Category
from larp.station.widgets.party_form import PartyForm
from tests.station.conftest import SIZE, look_up, pilot_test, set_up_challenge, type_in


@pilot_test
async def test_the_next_ctrl_n_keeps_nothing_of_the_last_challenge_but_its_kind_and_category(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "janet", "cody", category=Category.SOCIAL, effect="the pier")
        await pilot.press("escape", "y")  # abandon it
        await pilot.pause()
        await look_up(pilot, "rowan")
        await pilot.press("ctrl+n")
        await pilot.pause()
        screen = app.screen
        await pilot.press("ctrl+t", "ctrl+f")
        await type_in(pilot, "2")
        await pilot.press("escape")  # back, starting nothing
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert app.screen is screen
        challenger, defender = (screen.query_one(f"#{side}", PartyForm) for side in ("challenger", "defender"))
        assert challenger.character.id == "rowan" and defender.character is None
        assert screen.query_one("#effect", Input).value == "" and screen.query_one("#control", Checkbox).value is False
        assert challenger.query_one(".bonus", Input).value == "0"
        assert screen.query_one("#category", Select).value is Category.SOCIAL
        assert screen.focused is defender.query_one("LookupField Input")
