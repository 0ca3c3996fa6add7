"""The right default (issue 10.4): the Ability pickers start on the Ability named for the challenge,
an overbid bound to fail says so before it is taken, and a static difficulty of 0 is asked about."""

from textual.widgets import OptionList

from larp.sheet import Category
from larp.station.modals import ConfirmScreen, PickScreen
from larp.station.screens.challenge import ChallengeScreen
from larp.station.screens.setup import ChallengeSetupScreen
from tests.station.conftest import SIZE, pilot_test, plain, set_up_challenge


@pilot_test
async def test_c_enter_cancels_with_the_ability_named_for_the_challenge(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "bryn", "janet", category=Category.SOCIAL, challenger_ability="Intimidation")
        screen = app.screen
        await pilot.press("r", "s")  # Bryn wins the throw
        await pilot.press("a")  # Janet's Ability retest
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("c")  # Bryn cancels it
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickScreen)
        labels = [str(option.prompt) for option in picker.query_one(OptionList).options]
        assert labels[0] == "Intimidation · 2 left · named for this challenge"
        assert labels[1] == "Brawl · 3 left · a Physical Ability: the Narrator must allow it"
        await pilot.press("enter")
        await pilot.pause()
        assert dict(screen.state.challenger.spent_abilities) == {"Intimidation": 1}
        assert dict(screen.state.defender.spent_abilities) == {"Expression": 1}


@pilot_test
async def test_an_overbid_that_cannot_reach_twice_the_opponent_says_so_before_it_is_taken(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "janet", "bryn")
        screen = app.screen
        await pilot.press("r", "p")  # Bryn wins: Janet (5) can't state 22
        await pilot.pause()
        assert "overbid (o, bound to fail: costs a Trait)" in plain(screen.prompt())
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        assert "can state at most 5, less than twice Bryn Halvorsen's 11: the overbid is bound to fail" in app.screen.prompt
        await pilot.press("escape")
        await pilot.pause()
        assert screen.state.challenger.crossed == ()  # nothing taken by looking


@pilot_test
async def test_an_overbid_that_can_reach_twice_the_opponent_has_no_warning(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "bryn", "janet")
        await pilot.press("r", "p")  # Janet wins: Bryn (11) can state 10
        await pilot.pause()
        assert "overbid (o)," in plain(app.screen.prompt()) and "bound to fail" not in plain(app.screen.prompt())


@pilot_test
async def test_a_static_difficulty_of_0_is_asked_about_before_the_challenge_starts(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "janet", kind="static")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ChallengeSetupScreen)

        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, ChallengeScreen)
        assert app.screen.state.defender.name == "static 0"


@pilot_test
async def test_a_static_difficulty_given_starts_without_a_question(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "janet", kind="static", difficulty=6)
        assert isinstance(app.screen, ChallengeScreen)
