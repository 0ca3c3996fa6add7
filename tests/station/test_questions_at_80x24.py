"""At 80×24 a question's window keeps its question in sight: the Ability retest's list, the
overbid's, any long list, scrolls within itself, never the window past its title."""

import pytest
from textual.widgets import OptionList

from larp.sheet import Category
from larp.station.modals import PickScreen
from tests.station.conftest import pilot_test, set_up_challenge

SMALL = (80, 24)


def question_in_sight(app) -> None:
    box = app.screen.query_one("#question")
    title = app.screen.query_one("#question-title")
    assert box.max_scroll_y == 0 and box.scroll_y == 0, "the window scrolls its question away"
    assert box.region.y < title.region.y < box.region.bottom
    assert app.screen.query_one(OptionList).region.bottom <= box.region.bottom


@pilot_test
async def test_a_long_list_with_a_long_prompt_keeps_its_question_in_sight(app):
    async with app.run_test(size=SMALL) as pilot:
        prompt = "Which one? " * 30
        app.push_screen(PickScreen("Pick one of many", [(f"choice {n}", n) for n in range(20)], prompt=prompt))
        await pilot.pause()
        await pilot.pause()
        question_in_sight(app)
        await pilot.press(*["down"] * 19)
        await pilot.pause()
        question_in_sight(app)


@pytest.mark.parametrize("key", ["a", "o"], ids=["the ability retest", "the overbid"])
@pilot_test
async def test_a_retest_s_window_keeps_its_question_in_sight(app, key):
    async with app.run_test(size=SMALL) as pilot:
        await set_up_challenge(pilot, "janet", "cody", category=Category.SOCIAL)
        await pilot.press("r", "p")  # Janet loses the throw
        await pilot.pause()
        await pilot.press(key)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        question_in_sight(app)
