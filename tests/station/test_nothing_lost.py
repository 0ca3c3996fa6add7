"""Nothing lost by a key, no dead end: Ctrl+Q asks during an unrecorded challenge; a night closed
under the station (larp close-night) is said, and Ctrl+O opens the next one."""

import contextlib
import io

from larp.cli import main
from larp.ledger import Kind
from larp.station.modals import ConfirmScreen
from larp.station.screens.challenge import ChallengeScreen
from larp.station.widgets.clock_bar import ClockBar
from tests.station.conftest import SIZE, pilot_test, set_up_challenge


@pilot_test
async def test_ctrl_q_during_an_unrecorded_challenge_asks_first_and_n_keeps_it(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "bryn", "janet")
        screen = app.screen
        await pilot.press("r", "p")
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and app.return_code is None
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and screen.state.throws == 1 and app.return_code is None

        await pilot.press("enter", "enter")  # recorded: Ctrl+Q now quits at once
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0
        assert len(desk.entries(kind=Kind.ADJUDICATION.value)) == 1


@pilot_test
async def test_ctrl_q_y_quits_with_the_challenge_unrecorded(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "bryn", "janet")
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.return_code == 0


@pilot_test
async def test_close_night_warns_while_the_station_is_on_screen_and_ctrl_o_opens_the_next(app, desk, tmp_path):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        warned = io.StringIO()
        with contextlib.redirect_stderr(warned), contextlib.redirect_stdout(io.StringIO()):
            assert main(["close-night", "--db", str(tmp_path / "night.sqlite3")]) == 0
        warned = warned.getvalue()
        assert "station Bar has night 1 open on screen now" in warned and "Ctrl+O" in warned

        app.read_clock()
        await pilot.pause()
        assert not app.night_open
        assert "closed: Ctrl+O" in app.screen.query_one(ClockBar).place
        assert "Night 2 starts from its close, the same at every station: Ctrl+O opens it" in list(app._notifications)[-1].message
        assert app.check_action("open_night", ()) is True
        assert "Open the next night" in [command.title for command in app.get_system_commands(app.screen)]

        await pilot.press("ctrl+o")
        await pilot.pause()
        assert desk.night_number == 2 and app.night_open
        await set_up_challenge(pilot, "bryn", "janet")
        await pilot.press("r", "p", "enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ChallengeScreen) and app.screen.entry is not None
        assert app.screen.entry.night == 2


def test_close_night_says_nothing_when_no_station_is_on_screen(desk, tmp_path, capsys):
    desk.close()
    assert main(["close-night", "--db", str(tmp_path / "night.sqlite3")]) == 0
    assert "warning" not in capsys.readouterr().err
