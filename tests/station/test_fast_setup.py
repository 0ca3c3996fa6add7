"""Fast setup (issue 10.5): kind and category one key each, remembered for the next challenge,
the focused field plain to see, and a name typed during a challenge never taken for steps."""

import pytest
from textual.widgets import Select

from larp.sheet import Category
from larp.station.screens.challenge import ChallengeScreen
from larp.station.screens.setup import ChallengeSetupScreen
from tests.station.conftest import SIZE, card_of, look_up, pilot_test, set_up_challenge, typed_during_a_challenge

HUMAN_PACE = 0.15
"""Seconds between the keys of a Narrator typing a name."""


async def type_slowly(pilot, text: str) -> None:
    for key in text:
        await pilot.press(key)
        await pilot.pause(HUMAN_PACE)


async def setting_up_for(pilot, challenger: str) -> None:
    """The challenger's sheet, then Ctrl+N: the setup with the cursor in the defender's lookup."""
    await look_up(pilot, challenger)
    await pilot.press("ctrl+n")
    await pilot.pause()


@pytest.mark.parametrize(
    "typed, told",
    [("rowan", "Rowan Achterberg's card or name: no step was taken"), ("sxq", "“sxq” is no step and names nobody")],
)
@pilot_test
async def test_a_word_typed_at_human_speed_during_a_challenge_takes_no_step(app, desk, typed, told):
    async with app.run_test(size=SIZE) as pilot:
        message = await typed_during_a_challenge(pilot, type_slowly(pilot, typed))
        assert told in message


@pilot_test
async def test_a_throw_typed_at_human_speed_is_still_a_throw(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "janet", "cody")
        await type_slowly(pilot, "rp")
        assert app.screen.state.signs is not None


@pilot_test
async def test_a_social_challenge_is_set_up_with_one_key_for_the_category(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await setting_up_for(pilot, "janet")
        await pilot.press("f8")  # Physical to Social
        await look_up(pilot, "cody")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ChallengeScreen)
        assert (app.screen.state.kind, app.screen.state.category) == ("contested", Category.SOCIAL)


@pilot_test
async def test_the_kind_goes_round_with_one_key(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await setting_up_for(pilot, "janet")
        kind = app.screen.query_one("#kind", Select)
        seen = []
        for _ in range(5):
            await pilot.press("f7")
            seen.append(kind.value)
        assert seen == ["static", "simple", "streak", "race", "contested"]
        keys = str(app.screen.query_one("KeyBar").render())
        assert "f7 Kind" in keys and "f8 Category" in keys


@pilot_test
async def test_the_next_setup_starts_on_the_last_kind_and_category(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "janet", kind="static", category=Category.MENTAL, difficulty=4)
        await pilot.press("escape", "y")  # abandon it
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ChallengeSetupScreen)
        assert (screen.query_one("#kind", Select).value, screen.query_one("#category", Select).value) == ("static", Category.MENTAL)


@pilot_test
async def test_the_focused_field_stands_out_from_the_others(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await setting_up_for(pilot, "janet")
        screen = app.screen
        focused = screen.focused
        others = [field for field in screen.query("Input") if field is not focused and field.display]
        assert others and all(field.styles.background != focused.styles.background for field in others)
        assert focused.styles.text_style.bold


@pilot_test
async def test_after_the_kind_key_the_keys_go_where_the_defender_is_still_to_be_given(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await setting_up_for(pilot, "janet")
        await pilot.press("f7")  # static: a difficulty
        await pilot.pause()
        assert "difficulty" in app.focused.classes
        await pilot.press("f7", "f7", "f7", "f7")  # round to contested: the defender's lookup
        await pilot.pause()
        await look_up(pilot, "cody")
        assert app.screen.query_one("#defender").character.id == "cody"


@pilot_test
async def test_no_step_key_fires_while_a_text_field_has_the_focus(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "janet", "cody")
        screen = app.screen
        await pilot.press("n")  # cite a Negative Trait: either side may (R-NEG-1)
        await pilot.pause()
        await pilot.press("enter")  # the initiator cites: a text field
        await pilot.pause()
        await type_slowly(pilot, "rps")
        assert screen.pending is None and screen.state.signs is None
        assert app.focused.value == "rps"


@pilot_test
async def test_a_card_scanned_after_the_challengers_sign_is_still_a_card(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "janet", "cody")
        await pilot.press("r")
        await pilot.press(*card_of(desk, "bryn"), "enter")
        await pilot.pause()
        [notice] = app._notifications
        assert "Bryn Halvorsen's card" in notice.message
        assert app.screen.pending == "rock" and app.screen.state.signs is None


@pilot_test
async def test_the_effect_field_is_one_key_away_from_anywhere_in_the_setup(app, desk):
    """The Effect field was reachable only by Tab: Ctrl+E types into it, and it reaches the challenge."""
    async with app.run_test(size=SIZE) as pilot:
        await setting_up_for(pilot, "janet")
        await look_up(pilot, "cody")
        await pilot.press("ctrl+e")
        assert app.focused is app.screen.query_one("#effect")
        await pilot.press(*"dominate")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ChallengeScreen) and app.screen.state.spec.effect == "dominate"
