"""Issue 28, item 1: a card scanned wherever the cursor is reaches the challenge as a
character, never as the text of the field the cursor is in (a difficulty of 11, an effect)."""

from textual.widgets import Input

from larp.station.card_scan import CardScan, is_card, may_be_card
from larp.station.screens.setup import ChallengeSetupScreen
from larp.station.widgets.party_form import PartyForm
from tests.station.conftest import SIZE, card_of, look_up, pilot_test, type_in


async def set_up_for(pilot, challenger: str) -> ChallengeSetupScreen:
    await look_up(pilot, challenger)
    await pilot.press("ctrl+n")
    await pilot.pause()
    return pilot.app.screen


def defender_of(screen) -> PartyForm:
    return screen.query_one("#defender", PartyForm)


@pilot_test
async def test_a_card_scanned_in_the_difficulty_of_a_race_is_the_defender(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        screen = await set_up_for(pilot, "janet")
        await pilot.press("f7", "f7", "f7", "f7")  # a race
        await pilot.press("ctrl+d")  # the cursor to its difficulty, as it may be in a race
        await pilot.pause()
        difficulty = screen.query_one("#defender .difficulty", Input)
        assert screen.focused is difficulty
        await look_up(pilot, card_of(desk, "cody"))
        assert defender_of(screen).character.id == "cody"
        assert difficulty.value == "0"


@pilot_test
async def test_a_card_scanned_in_a_static_difficulty_is_told_and_never_the_difficulty(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        screen = await set_up_for(pilot, "janet")
        await pilot.press("f7")  # static: the cursor goes to the difficulty
        await pilot.pause()
        await look_up(pilot, card_of(desk, "cody"))
        assert screen.query_one("#defender .difficulty", Input).value == "0"
        assert screen.query_one("#challenger", PartyForm).character.id == "janet"
        told = [notice.message for notice in app._notifications if "has a difficulty, not a defender" in notice.message]
        assert len(told) == 1 and "Cody" in told[0]


@pilot_test
async def test_a_card_scanned_in_the_effect_is_the_defender_and_the_effect_stays_as_typed(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        screen = await set_up_for(pilot, "janet")
        await pilot.press("ctrl+e")
        await type_in(pilot, "Lash out")
        await look_up(pilot, card_of(desk, "cody"))
        assert defender_of(screen).character.id == "cody"
        assert screen.query_one("#effect", Input).value == "Lash out"


@pilot_test
async def test_a_name_typed_in_a_number_field_goes_to_the_defender(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        screen = await set_up_for(pilot, "janet")
        screen.query_one("#challenger .bonus", Input).focus()
        await pilot.pause()
        await type_in(pilot, "cody")
        assert screen.query_one("#defender LookupField Input", Input).value == "cody"  # every letter, the first too
        await pilot.press("enter")
        assert defender_of(screen).character.id == "cody"
        assert screen.query_one("#challenger .bonus", Input).value == "0"


def test_a_card_is_told_by_its_tag_in_either_case_and_on_azerty():
    assert is_card("LARP1234") and is_card("larp1234") and is_card("LQRP&é\"")
    assert may_be_card("L") and may_be_card("la") and not may_be_card("Lash")
    assert not is_card("LARP")


def test_keys_held_as_a_card_that_are_not_one_are_given_back():
    scan = CardScan()
    assert scan.take("L", "L") == (True, None, "")
    assert scan.take("a", "a") == (True, None, "")
    assert scan.take("s", "s") == (True, None, "Las")
    assert scan.take("enter", None) == (False, None, "")


@pilot_test
async def test_a_card_scanned_with_the_cursor_in_the_matches_brings_up_her_sheet(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, "br")  # Bryn, and others listed under the field
        await pilot.press("down")  # the cursor in the list of matches
        await look_up(pilot, card_of(desk, "cody"))
        assert app.screen.character_id == "cody"
