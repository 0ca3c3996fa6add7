"""A challenger with no Traits left in the category is refused at Ctrl+S with the cause, the rule
(R-CH-3) and what to do, not with a bare validation message."""

import shutil

from larp.desk import Desk
from larp.station import create_app
from tests.station.conftest import CARDS, SIZE, look_up, pilot_test


@pilot_test
async def test_an_exhausted_challenger_is_refused_naming_the_cause_and_r_ch_3(tmp_path, wall_clock):
    chronicle = tmp_path / "chronicle"
    shutil.copytree(CARDS, chronicle, ignore=shutil.ignore_patterns("*.json", "*.md", "storytelling", "storyteller"))
    sheet = chronicle / "janet.toml"
    sheet.write_text(sheet.read_text().replace("Graceful = 2\nQuick = 1\nNimble = 1\nLithe = 1\n", ""))
    desk = Desk.open(db=tmp_path / "night.sqlite3", chronicle=chronicle, station="Bar", narrator="Sam", now=wall_clock)
    app = create_app(desk=desk)
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, "janet")
        await pilot.press("ctrl+n")
        await pilot.pause()
        await look_up(pilot, "cody")
        await pilot.press("ctrl+s")
        await pilot.pause()
        [notice] = app._notifications
        assert "Janet Reyes has no Physical Traits left" in notice.message and "(R-CH-3)" in notice.message
        assert not notice.message.startswith(":") and "Ctrl+G" in notice.message
    desk.close()
