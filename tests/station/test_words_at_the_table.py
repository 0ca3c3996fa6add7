"""Issue 28, items 8 and 9: each message as a Narrator reads it: a name with the verb of a name,
one Negative Trait as one, pronouns from the sheet, a sentence's first letter in capitals, the
difficulty called the difficulty, and nothing at risk where nothing is."""

from larp.desk.picking import AbilityPick
from larp.sheet import Category
from larp.station.screens.challenge import ChallengeScreen
from larp.station.widgets.challenge_view import ChallengeView
from larp.words import capitalised
from tests.station.conftest import SIZE, janet_loses_to_cody, look_up, pilot_test, plain, set_up_challenge


@pilot_test
async def test_a_static_challenge_puts_nothing_at_risk_and_its_result_starts_with_a_capital(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "janet", kind="static", difficulty=8)
        screen = app.screen
        view = screen.query_one(ChallengeView)
        assert "nothing (R-LOSS-2)" in plain(view.sides(screen.state))
        await pilot.press("r", "p", "enter", "enter")  # paper beats rock: the difficulty wins
        await pilot.pause()
        assert "Static 8 wins." in plain(view.result(screen.state, view.decided))


@pilot_test
async def test_a_simple_test_is_against_the_difficulty_on_screen_and_in_the_log(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "janet", kind="simple")
        assert app.screen.state.defender.name == "the difficulty"
        await pilot.press("r", "p", "enter", "enter")
        await pilot.pause()
        assert "the difficulty" in app.screen.entry.summary and "Narrator" not in app.screen.entry.summary


@pilot_test
async def test_the_regain_prompt_says_a_name_has(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await janet_loses_to_cody(pilot)
        await look_up(pilot, "janet")
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert "(Janet Reyes has " in app.screen.prompt


@pilot_test
async def test_one_negative_trait_is_one(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "janet", "cody", category=Category.SOCIAL)
        await pilot.press("n")  # either side may cite (R-NEG-1): the initiator, first in the list
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert "Cody Harlan's Social Negative Trait is Callous." in app.screen.prompt


@pilot_test
async def test_the_experience_reason_speaks_of_her_by_her_sheet_s_pronouns(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, "cody")
        await pilot.press("ctrl+y")
        await pilot.pause()
        await pilot.press("enter")  # award
        await pilot.pause()
        await pilot.press("enter")  # 1 point
        await pilot.pause()
        assert app.screen.prompt == "Why? The reason goes into their experience history."


def test_r_rt_1_an_ability_in_none_of_the_chronicle_s_lists_is_said_to_need_the_narrator(app):
    """A chronicle lists its own Abilities in `[house_rules.abilities]`; one in no list fits no
    challenge until the Narrator allows it, and the picker says so, as it does for one of another category."""
    screen = ChallengeScreen.__new__(ChallengeScreen)
    screen.state = type("State", (), {"category": Category.PHYSICAL})()
    assert screen.ability_label(AbilityPick("Archery", 2, False, True, Category.PHYSICAL)) == "Archery · 2 left"
    assert screen.ability_label(AbilityPick("Glamour Lore", 2, False, False)) == "Glamour Lore · 2 left · fits no category: the Narrator must allow it"
    assert screen.ability_label(AbilityPick("Occult", 2, False, False, Category.MENTAL)) == "Occult · 2 left · a Mental Ability: the Narrator must allow it"


def test_a_sentence_starts_with_a_capital():
    assert capitalised("static 8 wins.") == "Static 8 wins."
