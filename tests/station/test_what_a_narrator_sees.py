"""What a Narrator wants to see (issue 10.7): a sheet's private notes, the roster of tonight, her
own name on every entry, and the other matches of a lookup picked with ↓ and Enter."""

import pytest
from textual.widgets import DataTable, Input, OptionList

from larp.desk import Desk
from larp.ledger import Kind
from larp.station import create_app
from larp.station.modals import NarratorScreen
from larp.station.screens.roster import RosterScreen
from larp.station.screens.sheets import SheetScreen
from larp.station.widgets.sheet_view import SheetView
from tests.station.conftest import CARDS, SIZE, look_up, pilot_test, plain, type_in


@pilot_test
async def test_the_sheet_shows_its_private_notes(app):
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, "janet")
        shown = plain(app.screen.query_one(SheetView).render())
        assert "Narrator's notes: Harpy of Alder Bay." in shown


@pilot_test
async def test_the_roster_lists_tonight_filters_as_you_type_and_opens_a_sheet(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f9")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RosterScreen)
        table = screen.query_one(DataTable)
        assert table.row_count == 16
        await type_in(pilot, "were")
        await pilot.pause()
        assert [str(table.get_row_at(row)[0]) for row in range(table.row_count)] == [
            "Bryn Halvorsen", "Cody Harlan", 'Desmond "Dez" Oyelaran', "Rowan Achterberg",
        ]  # fmt: skip
        assert "4 of 16 characters in play" in str(screen.query_one("#roster-count").render())
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert app.screen.query_one(SheetView).card.character.id == "cody"


@pilot_test
async def test_the_roster_says_when_nobody_matches_and_esc_shows_everyone_again(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f9")
        await pilot.pause()
        await type_in(pilot, "zzz")
        await pilot.pause()
        screen = app.screen
        assert screen.query_one(DataTable).row_count == 0
        assert "nobody matches “zzz”" in str(screen.query_one("#roster-count").render())
        await pilot.press("escape")
        await pilot.pause()
        assert screen.query_one(DataTable).row_count == 16


@pilot_test
async def test_the_roster_is_in_the_palette(app):
    async with app.run_test(size=SIZE):
        assert "Roster" in [command.title for command in app.get_system_commands(app.screen)]


@pytest.fixture
def unnamed(tmp_path, wall_clock):
    desk = Desk.open(db=tmp_path / "night.sqlite3", chronicle=CARDS, station="Bar", now=wall_clock)
    yield desk
    desk.close()


@pilot_test
async def test_the_narrators_name_is_asked_once_and_every_entry_carries_it(unnamed, tmp_path, wall_clock):
    app = create_app(desk=unnamed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NarratorScreen)
        await pilot.press("escape")  # it can't be skipped
        await pilot.pause()
        assert isinstance(app.screen, NarratorScreen)
        await type_in(pilot, "Mia Lund")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert "Narrator Mia Lund" in app.place
        await pilot.press("f5")  # Hold!: an entry
        await pilot.pause()
    assert [entry.narrator for entry in unnamed.entries(kind=Kind.CLOCK.value)] == ["Mia Lund"]

    with Desk.open(db=tmp_path / "night.sqlite3", chronicle=CARDS, station="Bar", now=wall_clock) as again:
        app = create_app(desk=again)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, SheetScreen)  # not asked again at this station


@pilot_test
async def test_a_new_station_asks_the_name_before_it_opens_its_night_so_the_opening_entry_carries_it(tmp_path):
    app = create_app(db=tmp_path / "night.sqlite3", chronicle=CARDS, station="Bar")
    async with app.run_test(size=SIZE) as pilot:
        while not isinstance(app.screen, NarratorScreen):
            await pilot.pause(0.05)
        assert app.desk is None
        await type_in(pilot, "Mia Lund")
        await pilot.press("enter")
        while app.desk is None:
            await pilot.pause(0.05)
        [opened] = app.desk.entries(kind=Kind.OPENED.value)
        assert opened.narrator == "Mia Lund"
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)


@pilot_test
async def test_a_browser_tab_asks_the_name_even_when_the_record_remembers_one(desk):
    app = create_app(desk=desk, ask_narrator=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NarratorScreen)
        field = app.screen.query_one(Input)
        assert field.value == "Sam"  # the remembered one, to take with Enter or type over
        await type_in(pilot, "Kim")
        await pilot.press("enter")
        await pilot.pause()
        assert desk.narrator == "Kim"


def test_larp_serve_asks_the_name_in_each_tab(monkeypatch, tmp_path):
    import larp.station.offline_page
    from larp.cli import main

    started = []

    class Server:
        def __init__(self, command, **options):
            started.append(command)

        def serve(self):
            pass

    monkeypatch.setattr(larp.station.offline_page, "OfflineServer", Server)
    assert main(["serve", "--db", str(tmp_path / "night.sqlite3"), "--narrator", "Sam"]) == 0
    [command] = started
    assert command.endswith("--narrator Sam --ask-narrator")


@pilot_test
async def test_down_and_enter_from_the_lookup_pick_another_match(app):
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, "br")  # Bryn, and Magnus Brekke also matching
        others = app.screen.query_one("#lookup OptionList", OptionList)
        assert others.display and others.option_count
        wanted = others.get_option_at_index(0).id
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.screen.query_one(SheetView).card.character.id == wanted == "magnus"
        assert isinstance(app.focused, Input)
