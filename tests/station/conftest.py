"""The station under test: a real desk on a night record in a temporary folder, with a still clock."""

import asyncio
import functools
from datetime import datetime, timezone
from pathlib import Path

import pytest

from larp.desk import Desk
from larp.station import create_app

CARDS = Path(__file__).resolve().parents[2] / "cards"
EIGHT_PM = datetime(2026, 3, 14, 20, 0, tzinfo=timezone.utc)
SIZE = (120, 40)


class WallClock:
    """The wall time the desk reads: still unless a test moves it on."""

    def __init__(self) -> None:
        self.now = EIGHT_PM

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture(autouse=True)
def larp_home(tmp_path, monkeypatch):
    """Keys, cards and records of the test stay in its own folder."""
    home = tmp_path / "home"
    monkeypatch.setenv("LARP_HOME", str(home))
    monkeypatch.delenv("LARP_DB", raising=False)
    return home


@pytest.fixture
def wall_clock():
    return WallClock()


@pytest.fixture
def desk(tmp_path, wall_clock):
    desk = Desk.open(db=tmp_path / "night.sqlite3", chronicle=CARDS, station="Bar", narrator="Sam", now=wall_clock)
    yield desk
    desk.close()


@pytest.fixture
def app(desk):
    return create_app(desk=desk)


async def type_in(pilot, text: str) -> None:
    """Keys as a Narrator or a USB scanner types them."""
    await pilot.press(*text)


async def look_up(pilot, text: str) -> None:
    await type_in(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


def pilot_test(scenario):
    """An async scenario with a Pilot, run as a plain test (no async plugin needed)."""

    @functools.wraps(scenario)
    def test(*args, **kwargs):
        asyncio.run(scenario(*args, **kwargs))

    return test
