"""F1 lists the keys, the command palette offers the main actions, the mouse works too."""

from textual.command import CommandPalette

from larp.ledger import Kind
from larp.station.screens.challenge import ChallengeScreen
from larp.station.screens.help import HelpScreen
from larp.station.screens.log import NightLogScreen
from larp.station.widgets.key_bar import KeyBar
from tests.station.conftest import SIZE, look_up, pilot_test, plain, set_up_challenge, type_in


@pilot_test
async def test_f1_lists_the_keys_of_every_screen(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        shown = "\n".join(plain(static.content) for static in app.screen.query(".keys"))
        for words in ("Ctrl+N", "Challenge", "Overbid", "Defensive", "Reverse entry", "Hold!", "Ctrl+S"):
            assert words in shown
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


@pilot_test
async def test_the_palette_offers_the_main_actions_and_runs_them(app):
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, "janet")
        titles = [command.title for command in app.get_system_commands(app.screen)]
        for title in ("Sheets", "Night log", "Reconcile", "Hold! the game clock", "Challenge", "Regain Traits", "Help"):
            assert title in titles
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await type_in(pilot, "night log")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NightLogScreen)


@pilot_test
async def test_the_key_bar_shows_only_the_steps_the_rules_allow(app):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "janet", "cody")
        bar = plain(app.screen.query_one(KeyBar).render())
        assert "Relent" in bar and "Rock" in bar
        assert "Cancel" not in bar and "Record" not in bar and "Override" not in bar
        await pilot.press("r", "p")
        bar = plain(app.screen.query_one(KeyBar).render())
        assert "Relent" not in bar and "Done" in bar


@pilot_test
async def test_a_click_works_like_the_key(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, "janet")
        await pilot.click(KeyBar, offset=(2, 0))  # the first key on the bar: Ctrl+N, Challenge
        await pilot.pause()
        await look_up(pilot, "cody")
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, ChallengeScreen)
        await pilot.press("p", "r", "enter", "enter")
        await pilot.pause()
        assert desk.entries(kind=Kind.ADJUDICATION.value)[0].result.winner == "challenger"
