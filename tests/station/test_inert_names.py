"""A name holding a terminal escape sequence is drawn inert at the station: it never reaches the terminal."""

import shutil

from larp.desk import Desk
from larp.station import create_app
from tests.station.conftest import CARDS, SIZE, look_up, pilot_test


@pilot_test
async def test_an_escape_sequence_in_a_name_never_reaches_the_terminal(tmp_path, wall_clock):
    chronicle = tmp_path / "chronicle"
    shutil.copytree(CARDS, chronicle, ignore=shutil.ignore_patterns("*.json", "*.md"))
    sheet = chronicle / "janet.toml"
    sheet.write_text(sheet.read_text().replace('name = "Janet Reyes"', 'name = "Janet \\u001b[2JReyes"'))
    desk = Desk.open(db=tmp_path / "night.sqlite3", chronicle=chronicle, station="Bar", narrator="Sam", now=wall_clock)
    app = create_app(desk=desk)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await look_up(pilot, "janet")
        shown = app.export_screenshot()
        assert "[2JReyes" in shown
        assert "\x1b" not in shown
    desk.close()
