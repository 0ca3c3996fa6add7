"""Issue 37's smaller things at the station: the game clock counts its minutes in words, the
night log's Home and End, Ctrl+A's list on the first real Ability, and F1 speaking of the
chronicle's own keys, without internal ids unless asked."""

from textual.widgets import DataTable, Select
from textual.widgets._select import SelectOverlay

from larp.station import create_app
from larp.station.screens.sheets import SheetScreen
from tests.station.conftest import SIZE, look_up, pilot_test


def test_one_minute_of_game_clock_is_one_minute(desk):
    assert desk.advance(1).summary.startswith("Game clock moves on 1 minute, to ")
    assert desk.advance(2).summary.startswith("Game clock moves on 2 minutes, to ")


@pilot_test
async def test_home_and_end_go_to_the_night_s_first_and_latest_entries(app, desk, monkeypatch):
    monkeypatch.setattr("larp.station.screens.log.PAGE", 4)
    for minutes in range(1, 10):
        desk.advance(minutes)
    entries = desk.entries()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3")
        await pilot.pause()
        screen = app.screen
        await pilot.press("home")
        await pilot.pause()
        assert screen.query_one(DataTable).row_count == len(entries) and screen.selected().id == entries[0].id
        await pilot.press("end")
        await pilot.pause()
        assert screen.selected().id == entries[-1].id


@pilot_test
async def test_ctrl_a_opens_the_abilities_on_the_first_real_one(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, "janet")
        await pilot.press("ctrl+n")
        await pilot.pause()
        await pilot.press("ctrl+a")
        await pilot.pause()
        ability = app.screen.query_one("#challenger .ability", Select)
        assert ability.query_one(SelectOverlay).highlighted == 1
        await pilot.press("enter")
        await pilot.pause()
        assert ability.value == ability._options[1][1]


def help_text(app) -> str:
    from tests.station.conftest import plain

    return "\n".join(plain(static.content) for static in app.screen.query(".keys"))


@pilot_test
async def test_f1_in_a_minds_eye_chronicle_lists_its_own_keys_without_internal_ids(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        shown = help_text(app)
        assert "A challenge, step by step" in shown and "Dice (Ctrl+R" not in shown and "A combat turn" not in shown
        assert "[setup.kind-back]" not in shown and "Damage" not in shown
        await pilot.press("i")
        await pilot.pause()
        assert "[setup.kind-back]" in help_text(app)


@pilot_test
async def test_f1_in_a_dice_chronicle_lists_no_challenge_keys(wolves):
    app = create_app(desk=wolves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        shown = help_text(app)
        assert "Dice (Ctrl+R" in shown and "A challenge, step by step" not in shown and "Regain Traits" not in shown


@pilot_test
async def test_the_log_and_the_reconciliation_are_made_before_their_first_open(app, desk):
    from larp.station.night_opening import WARM_AFTER_SECONDS, WARMED
    from larp.station.screens.log import NightLogScreen

    desk.advance(5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(WARM_AFTER_SECONDS + 0.5)
        assert set(WARMED) <= set(app._screen_stacks), "made while nobody waited"
        assert isinstance(app.screen, SheetScreen)
        desk.advance(3)  # the record changes after: the log shows it all the same
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, NightLogScreen)
        assert app.screen.selected().summary.startswith("Game clock moves on 3 minutes")
