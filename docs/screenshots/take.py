"""The station's screenshots for the user guide: `python docs/screenshots/take.py`.

Plays a short night on the demo chronicle (a fresh record in a temporary folder, the wall
clock still, game time moved on by hand) and saves one SVG per main screen beside this file.
"""

import asyncio
import os
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from larp.desk import Desk  # noqa: E402
from larp.sheet import Category  # noqa: E402
from larp.station import create_app  # noqa: E402
from tests.station.conftest import CARDS, SIZE, janet_loses_to_cody, reconciled, reverse_in_the_log, set_up_challenge  # noqa: E402

EIGHT_PM = datetime(2026, 3, 14, 20, 0, tzinfo=timezone.utc)


async def minutes_pass(pilot, minutes: int) -> None:
    await pilot.press("f6", "backspace", *str(minutes), "enter")
    await pilot.pause()


async def save(pilot, name: str) -> None:
    pilot.app.clear_notifications()
    await pilot.pause()
    pilot.app.save_screenshot(f"{name}.svg", str(HERE))
    print(f"saved {HERE / name}.svg")


async def night(folder: Path) -> None:
    desk = Desk.open(db=folder / "night.sqlite3", chronicle=CARDS, station="Bar", narrator="Sam", now=lambda: EIGHT_PM)
    app = create_app(desk=desk)
    async with app.run_test(size=SIZE) as pilot:
        await minutes_pass(pilot, 12)
        await janet_loses_to_cody(pilot)
        await pilot.press("ctrl+t", "enter")  # a wound, then how many boxes
        await pilot.pause()
        await pilot.press("3", "enter")
        await minutes_pass(pilot, 2)
        await save(pilot, "sheets")
        await minutes_pass(pilot, 7)
        await set_up_challenge(pilot, "bryn", "teo", category=Category.PHYSICAL, challenger_ability="Brawl", defender_ability="Dodge")
        await pilot.press("r", "r", "a")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("s")
        await save(pilot, "challenge")
        await pilot.press("p", "enter", "enter", "escape")
        await minutes_pass(pilot, 2)
        await set_up_challenge(pilot, "wick", "nadia", category=Category.MENTAL)
        await pilot.press("s", "p", "enter", "enter", "escape")
        await reverse_in_the_log(pilot, "Nadia was out of the scene")
        await save(pilot, "night-log")
        await pilot.press("f4")
        await reconciled(pilot)  # made and laid out in a worker
        await save(pilot, "reconcile")
        await pilot.press("f1")
        await pilot.pause()
        await save(pilot, "help")
    desk.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.environ["LARP_HOME"] = str(Path(folder) / "home")
        asyncio.run(night(Path(folder)))


if __name__ == "__main__":
    main()
