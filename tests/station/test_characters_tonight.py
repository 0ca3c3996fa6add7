"""Characters during the night at the station: the chronicle folder read again (Ctrl+L), a card of a
character whose sheet came into the folder after the night opened, a sheet edited on screen."""

import shutil

import pytest

from larp.cards import current_card, issued_payload
from larp.desk import Desk
from larp.ledger import Kind
from larp.sheet import load_chronicle
from larp.station.modals import ConfirmScreen
from larp.station.widgets.sheet_view import SheetView
from tests.station.conftest import CARDS, SIZE, look_up, pilot_test, plain

NEWBIE = """id = "newbie"
name = "Nell Newbie"
willpower = 2

[traits.physical]
Quick = 2

[traits.social]
Witty = 1

[traits.mental]
Alert = 1
"""


@pytest.fixture
def folder(tmp_path):
    copy = tmp_path / "chronicle"
    shutil.copytree(CARDS, copy, ignore=shutil.ignore_patterns("storyteller", "storytelling"))
    return copy


@pytest.fixture
def desk(tmp_path, folder, wall_clock):
    desk = Desk.open(db=tmp_path / "night.sqlite3", chronicle=folder, station="Bar", narrator="Sam", now=wall_clock)
    yield desk
    desk.close()


@pilot_test
async def test_the_card_of_a_character_added_to_the_folder_tonight_is_found_and_she_joins(app, desk, folder):
    (folder / "newbie.toml").write_text(NEWBIE)
    card = issued_payload(current_card(load_chronicle(folder), "newbie"))
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, card)
        await pilot.pause()
        asked = app.screen
        assert isinstance(asked, ConfirmScreen)
        assert "Nell Newbie: new (newbie.toml)" in plain(asked.query_one("#question-prompt").render())
        await pilot.press("y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen.query_one(SheetView).card.character.id == "newbie"
        [joined] = desk.entries(kind=Kind.BETWEEN.value)
        assert joined.character_ids == ("newbie",) and joined.narrator == "Sam"


@pilot_test
async def test_ctrl_l_shows_what_changed_in_the_folder_and_esc_takes_nothing(app, desk, folder):
    janet = folder / "janet.toml"
    janet.write_text(janet.read_text().replace("Leadership = 1", "Leadership = 2"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+l")
        await pilot.pause()
        prompt = plain(app.screen.query_one("#question-prompt").render())
        assert "Janet Reyes: Leadership 1 → 2 (janet.toml)" in prompt
        await pilot.press("escape")
        await pilot.pause()
        assert desk.entries(kind=Kind.BETWEEN.value) == []
        await pilot.press("ctrl+l")
        await pilot.pause()
        await pilot.press("y")
        await app.workers.wait_for_complete()
        [changed] = desk.entries(kind=Kind.BETWEEN.value)
        assert desk.sheet("janet").abilities["Leadership"] == 2


@pilot_test
async def test_ctrl_l_with_a_bad_file_names_file_line_and_field_and_takes_nothing(app, desk, folder):
    (folder / "newbie.toml").write_text(NEWBIE.replace("willpower = 2", "willpower = -3"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+l")
        await app.workers.wait_for_complete()
        await pilot.pause()
        [notice] = app._notifications
        assert "newbie.toml, line 3: willpower" in notice.message
        assert not isinstance(app.screen, ConfirmScreen)
        assert "newbie" not in desk.night().characters
