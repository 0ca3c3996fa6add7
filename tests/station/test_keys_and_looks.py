"""Keys and looks as Textual users expect: a keymap file of their own, the theme picker, and
the textual floor the code needs."""

import os
import re
import tomllib
from pathlib import Path

from larp.station.screens.help import HelpScreen
from tests.station.conftest import SIZE, pilot_test, plain, set_up_challenge

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def write_keymap(text: str) -> Path:
    folder = Path(os.environ["LARP_CONFIG"])
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "keymap.toml").write_text(text)
    return folder / "keymap.toml"


@pilot_test
async def test_a_keymap_file_in_the_config_folder_moves_a_key_and_help_shows_it(desk):
    write_keymap('"challenge.rock" = "k"\n"sheets.challenge" = "ctrl+n,f9"\n')
    from larp.station import create_app

    app = create_app(desk=desk)
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "bryn", "janet")
        screen = app.screen
        await pilot.press("r")
        assert screen.pending is None  # r is no longer rock (it starts a typed word)
        await pilot.press("backspace", "k")
        assert screen.pending == "rock"
        await pilot.press("f1")
        await pilot.pause()
        shown = "\n".join(plain(static.content, width=200) for static in app.screen.query(".keys"))
        assert re.search(r"^\s*K\s+Rock", shown, re.MULTILINE)
        await pilot.press("i")  # the ids, for the keymap file
        await pilot.pause()
        shown = "\n".join(plain(static.content, width=200) for static in app.screen.query(".keys"))
        assert "[challenge.rock]" in shown


@pilot_test
async def test_a_keymap_naming_no_key_of_the_station_is_told_with_its_line(desk):
    where = write_keymap('"challenge.rock" = "1"\n"challenge.rok" = "2"\n')
    from larp.station import create_app

    app = create_app(desk=desk)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        [notice] = [n for n in app._notifications if n.title == "Your keymap has a mistake"]
        assert f"{where}, line 2: 'challenge.rok'" in notice.message


@pilot_test
async def test_the_palette_offers_the_theme_picker(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        commands = {command.title: command for command in app.get_system_commands(app.screen)}
        assert "Theme" in commands
        commands["Theme"].callback()
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen) and app.screen.__class__.__name__ == "CommandPalette"


def test_the_textual_floor_is_the_first_release_the_station_runs_on():
    """Binding ids need 0.82; compact Inputs and Selects, OptionList.set_options and Select.NULL
    need 8.0, the first release the station's tests pass on."""
    requires = tomllib.loads(PYPROJECT.read_text())["project"]["dependencies"]
    [textual] = [line for line in requires if re.match(r"textual\s*>=", line)]
    floor = tuple(int(part) for part in textual.split(">=")[1].strip().split("."))
    assert floor >= (8, 0)
