"""What each screen looks like, at each of the screen sizes: SVG snapshots on a still clock and a
fresh night record.

Update them after a deliberate change with `pytest tests/station --snapshot-update`,
and look at the report pytest-textual-snapshot writes before committing them.
"""

import shutil
import uuid
from pathlib import Path

import pytest

from larp.sheet import Category
from larp.station import create_app
from tests.station.conftest import CARDS, PIER, janet_loses_to_cody, look_up, reconciled, reverse_in_the_log, set_up_challenge


@pytest.fixture(autouse=True)
def entry_ids_in_order(monkeypatch):
    """Entries numbered 00000001…, 00000002… instead of random ids, so that the log reads the same."""
    counter = iter(range(1, 10_000))
    monkeypatch.setattr(uuid, "uuid4", lambda: uuid.UUID(int=next(counter) << 96))


async def read_notifications(pilot) -> None:
    """The Narrator has read the notifications: the screen underneath is the subject."""
    pilot.app.clear_notifications()
    await pilot.pause()


def test_sheets_the_welcome(app, snap_compare, screen_size):
    assert snap_compare(app, terminal_size=screen_size)


def test_sheets_a_sheet_with_a_lost_trait_and_a_lock(app, snap_compare, screen_size):
    async def run_before(pilot):
        await janet_loses_to_cody(pilot)
        await look_up(pilot, "jan")
        await read_notifications(pilot)

    assert snap_compare(app, terminal_size=screen_size, run_before=run_before)


def test_setup_a_contested_challenge(app, snap_compare, screen_size):
    async def run_before(pilot):
        await look_up(pilot, "bryn")
        await pilot.press("ctrl+n")
        await pilot.pause()
        await look_up(pilot, "janet")

    assert snap_compare(app, terminal_size=screen_size, run_before=run_before)


def test_challenge_after_a_tie_and_a_retest(app, snap_compare, screen_size):
    async def run_before(pilot):
        await set_up_challenge(pilot, "bryn", "janet", challenger_ability="Brawl")
        await pilot.press("r", "r", "a")
        await pilot.pause()
        await pilot.press("enter")  # Expression, a Social Ability: asked about in a Physical challenge
        await pilot.pause()
        await pilot.press("y")  # the Narrator allows it (R-RT-1)
        await pilot.pause()
        await pilot.press("r")

    assert snap_compare(app, terminal_size=screen_size, run_before=run_before)


def test_challenge_an_overbid_asks_the_total(app, snap_compare, screen_size):
    async def run_before(pilot):
        await set_up_challenge(pilot, "bryn", "janet", challenger_ability="Brawl")
        await pilot.press("r", "p", "o")
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()

    assert snap_compare(app, terminal_size=screen_size, run_before=run_before)


def test_challenge_recorded(app, snap_compare, screen_size):
    async def run_before(pilot):
        await set_up_challenge(pilot, "bryn", "janet")
        await pilot.press("s", "p", "enter", "enter")
        await read_notifications(pilot)

    assert snap_compare(app, terminal_size=screen_size, run_before=run_before)


def test_challenge_refused_by_the_five_minute_rule(app, snap_compare, screen_size):
    async def run_before(pilot):
        await janet_loses_to_cody(pilot)
        await set_up_challenge(pilot, "janet", "cody", category=Category.SOCIAL, effect=PIER)
        await read_notifications(pilot)

    assert snap_compare(app, terminal_size=screen_size, run_before=run_before)


def test_night_log_with_a_reversal(app, snap_compare, screen_size):
    async def run_before(pilot):
        await janet_loses_to_cody(pilot)
        await reverse_in_the_log(pilot, "Cody had relented")
        await read_notifications(pilot)

    assert snap_compare(app, terminal_size=screen_size, run_before=run_before)


def test_reconcile(app, snap_compare, screen_size):
    async def run_before(pilot):
        await janet_loses_to_cody(pilot)
        await set_up_challenge(pilot, "bryn", "teo", category=Category.PHYSICAL)  # not the Social one remembered
        await pilot.press("r", "s", "enter", "enter", "escape", "f4")
        await reconciled(pilot)  # the night is reconciled and laid out in a worker
        await read_notifications(pilot)

    assert snap_compare(app, terminal_size=screen_size, run_before=run_before)


def test_help(app, snap_compare, screen_size):
    assert snap_compare(app, terminal_size=screen_size, press=["f1"])


def test_clock_held(app, snap_compare, screen_size):
    assert snap_compare(app, terminal_size=screen_size, press=["f5"])


def test_quit_asks_during_an_unrecorded_challenge(app, snap_compare, screen_size):
    async def run_before(pilot):
        await set_up_challenge(pilot, "bryn", "janet")
        await pilot.press("ctrl+q")
        await pilot.pause()

    assert snap_compare(app, terminal_size=screen_size, run_before=run_before)


def test_a_chronicle_that_fails_to_load(tmp_path, monkeypatch, snap_compare, screen_size):
    folder = tmp_path / "chronicle"
    shutil.copytree(CARDS, folder)
    janet = folder / "janet.toml"
    janet.write_text(janet.read_text().replace("willpower = 5", "willpower = -3"))
    monkeypatch.chdir(tmp_path)
    app = create_app(db=Path("night.sqlite3"), chronicle=Path("chronicle"), station="Bar", narrator="Sam")

    async def run_before(pilot):
        await app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(app, terminal_size=screen_size, run_before=run_before)
