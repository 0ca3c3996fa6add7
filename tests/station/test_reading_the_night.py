"""A big night is read off the screen's thread: the station is drawn and answers at once, says
that it is reading the night record, and nothing a Narrator types meanwhile is lost or misapplied."""

import threading

import pytest
from textual.widgets import Input

from larp.desk import Desk
from larp.station import create_app
from larp.station.opening import Opening
from larp.station.screens.log import NightLogScreen
from larp.station.screens.sheets import SheetScreen
from larp.station.widgets.clock_bar import ClockBar
from larp.station.widgets.sheet_view import SheetView
from tests.station.conftest import CARDS, SIZE, card_of, pilot_test, plain, type_in


class SlowRead:
    """The night record's opening held until the test lets it finish, as a big night's would be."""

    def __init__(self, monkeypatch) -> None:
        self.started = threading.Event()
        self.gate = threading.Event()
        opening = Opening.open

        def held(opening_self):
            self.started.set()
            self.gate.wait(30)
            return opening(opening_self)

        monkeypatch.setattr(Opening, "open", held)

    async def under_way(self, pilot) -> None:
        while not self.started.is_set():
            await pilot.pause(0.02)
        await pilot.pause()

    async def finish(self, pilot) -> None:
        self.gate.set()
        while pilot.app.desk is None:
            await pilot.pause(0.02)
        await pilot.pause()


@pytest.fixture
def slow_read(monkeypatch):
    read = SlowRead(monkeypatch)
    yield read
    read.gate.set()  # a failed test never leaves the reading thread waiting


@pytest.fixture
def night(tmp_path, wall_clock):
    """A night record with its night open at station Bar, as the station finds it on starting."""
    db = tmp_path / "night.sqlite3"
    Desk.open(db=db, chronicle=CARDS, station="Bar", narrator="Sam", now=wall_clock).close()
    return db


def station_on(night):
    return create_app(db=night, station="Bar", narrator="Sam")


def notices(app) -> list[str]:
    return [f"{notice.title}: {notice.message}" for notice in app._notifications]


@pilot_test
async def test_the_station_answers_and_says_it_is_reading_while_the_night_is_read(night, slow_read):
    app = station_on(night)
    async with app.run_test(size=SIZE) as pilot:
        await slow_read.under_way(pilot)
        assert app.desk is None
        assert "reading the night record" in app.screen.query_one(ClockBar).place
        reading = app.screen.query_one("#reading")
        assert reading.display and "Reading the night record" in plain(reading.render())
        await pilot.press("f3")  # the screens still come and go while the record is read
        await pilot.pause()
        assert isinstance(app.screen, NightLogScreen)
        assert "Reading the night record" in plain(app.screen.query_one("#entry-text").render())
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)

        await slow_read.finish(pilot)
        assert not app.screen.query_one("#reading").display
        assert "Ashes of Alder Bay" in app.screen.query_one(ClockBar).place


@pilot_test
async def test_a_card_scanned_while_the_night_is_read_comes_up_once_it_is(night, slow_read, wall_clock):
    with Desk.open(db=night, station="Bar", now=wall_clock) as desk:
        card = card_of(desk, "janet")
    app = station_on(night)
    async with app.run_test(size=SIZE) as pilot:
        await slow_read.under_way(pilot)
        await type_in(pilot, card)
        await pilot.press("enter")
        await pilot.pause()
        assert notices(app) == ["Reading the night record: The sheet comes up as soon as the night record is read."]
        assert app.screen.query_one("#lookup Input", Input).value == card  # kept on screen, not lost

        await slow_read.finish(pilot)
        await pilot.pause()
        assert app.screen.query_one(SheetView).card.character.id == "janet"
        assert app.screen.query_one("#lookup Input", Input).value == ""


@pilot_test
async def test_what_the_narrator_types_on_while_the_night_is_read_stays_in_the_field(night, slow_read):
    app = station_on(night)
    async with app.run_test(size=SIZE) as pilot:
        await slow_read.under_way(pilot)
        await type_in(pilot, "cody")
        await pilot.press("enter")
        await type_in(pilot, " and br")  # typed on after Enter, before the night is read

        await slow_read.finish(pilot)
        await pilot.pause()
        assert app.screen.query_one(SheetView).card.character.id == "cody"
        assert app.screen.query_one("#lookup Input", Input).value == "cody and br"


@pilot_test
async def test_a_hold_called_while_the_night_is_read_says_to_press_it_again_and_holds_nothing(night, slow_read):
    app = station_on(night)
    async with app.run_test(size=SIZE) as pilot:
        await slow_read.under_way(pilot)
        await pilot.press("f5")
        await pilot.pause()
        [said] = notices(app)
        assert said.startswith("Reading the night record: The night record is still being read") and "press the key again" in said

        await slow_read.finish(pilot)
        assert not app.desk.clock_held()
        await pilot.press("f5")  # now it holds
        await pilot.pause()
        assert app.desk.clock_held()


@pilot_test
async def test_a_card_scanned_on_the_log_while_the_night_is_read_is_refused_with_a_notice(night, slow_read, wall_clock):
    with Desk.open(db=night, station="Bar", now=wall_clock) as desk:
        card = card_of(desk, "janet")
    app = station_on(night)
    async with app.run_test(size=SIZE) as pilot:
        await slow_read.under_way(pilot)
        await pilot.press("f3")
        await pilot.pause()
        await type_in(pilot, card)
        await pilot.press("enter")
        await pilot.pause()
        [said] = notices(app)
        assert "still being read" in said

        await slow_read.finish(pilot)
        await type_in(pilot, card)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.filters()["character"] == "janet"
