"""Errors reach the Narrator as a notification that says what to do; nothing recorded is lost."""

import shutil
import sqlite3

import pytest

from larp.desk import Desk, DeskError
from larp.ledger import Kind
from larp.rules import RuleError
from larp.sheet import Category, SheetError
from larp.station import create_app
from larp.station.errors import notice_of
from larp.station.screens.challenge import ChallengeScreen
from larp.station.widgets.clock_bar import ClockBar
from larp.station.widgets.sheet_view import SheetView
from tests.station.conftest import CARDS, SIZE, look_up, opened, pilot_test, plain, set_up_challenge


@pytest.mark.parametrize(
    ("error", "title"),
    [
        (RuleError("R-RT-2", "Janet Reyes has already used an Ability in this challenge"), "Not allowed (R-RT-2)"),
        (DeskError("That card was forged", reason="forged"), "Card refused: forged or altered"),
        (DeskError("there is no character 'zed' tonight"), "Not possible"),
        (SheetError("cards/zed.toml, line 3", "not valid TOML"), "A sheet or chronicle file has a mistake"),
        (sqlite3.OperationalError("disk I/O error"), "The night record can't be written"),
        (KeyError("surprise"), "Something went wrong"),
    ],
)
def test_every_error_becomes_a_notice_that_says_what_to_do(error, title):
    notice = notice_of(error)
    assert notice.title == title
    assert notice.message[0].isupper() and notice.message.endswith(".")


@pilot_test
async def test_a_read_only_night_record_refuses_writes_and_the_station_carries_on(tmp_path, wall_clock):
    night = tmp_path / "night.sqlite3"
    Desk.open(db=night, chronicle=CARDS, station="Bar", narrator="Sam", now=wall_clock).close()
    night.chmod(0o444)
    app = create_app(db=night, station="Bar")
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        assert app.desk is not None
        assert "Ashes of Alder Bay" in app.screen.query_one(ClockBar).place
        await pilot.press("f5")
        await pilot.pause()
        [notice] = app._notifications
        assert notice.title == "Not possible"
        assert "read-only" in notice.message and "writable --db" in notice.message
        assert not app.desk.clock_held()


@pilot_test
async def test_a_night_record_that_cant_be_opened_says_so_on_screen(tmp_path):
    app = create_app(db=tmp_path / "not-a-folder" / "night.sqlite3", chronicle=tmp_path / "no-such-chronicle", narrator="Sam")
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        assert app.desk is None
        assert "chronicle" in app.opening_failed
        assert "not open" in app.screen.query_one(ClockBar).place


@pilot_test
async def test_a_chronicle_that_fails_to_load_stays_on_screen_with_its_place_until_loaded_again(tmp_path):
    folder = tmp_path / "chronicle"
    shutil.copytree(CARDS, folder)
    janet = folder / "janet.toml"
    good = janet.read_text()
    janet.write_text(good.replace("willpower = 5", "willpower = -3"))
    app = create_app(db=tmp_path / "night.sqlite3", chronicle=folder, station="Bar", narrator="Sam")
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        failure = app.screen.query_one("#opening-failed")
        shown = plain(failure.render(), width=400)
        assert failure.display and "janet.toml, line 19: willpower" in shown and "Ctrl+L" in shown
        await look_up(pilot, "cody")
        assert "still opening" not in list(app._notifications)[-1].message

        janet.write_text(good)
        await pilot.press("ctrl+l")
        await opened(pilot, lambda: app.desk is not None)
        assert app.desk is not None and not failure.display
        await look_up(pilot, "cody")
        assert app.screen.query_one(SheetView).card.character.id == "cody"


@pilot_test
async def test_a_challenge_whose_sheets_changed_meanwhile_is_refused_not_lost(app, desk, tmp_path, wall_clock):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "janet", "cody", category=Category.SOCIAL)
        await pilot.press("r", "p", "enter")
        other = Desk.open(db=tmp_path / "night.sqlite3", station="Bar", now=wall_clock)
        other.regain("janet", Category.SOCIAL)
        other.close()
        await pilot.press("enter")
        await pilot.pause()
        [notice] = app._notifications
        assert "start it again" in notice.message
        assert isinstance(app.screen, ChallengeScreen) and app.screen.entry is None
        assert desk.entries(kind=Kind.ADJUDICATION.value) == []
        assert [entry.kind for entry in desk.entries(kind=Kind.REGAIN.value)] == [Kind.REGAIN]
