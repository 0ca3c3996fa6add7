"""Between games at the station: a retired character's card refused with the reason, and a night
opened only once the Narrator has applied or kept the chronicle folder's edits."""

import shutil

import pytest

from larp.desk import Desk
from larp.ledger import Kind
from larp.station import create_app
from larp.station.modals import PickScreen
from tests.station.conftest import CARDS, SIZE, card_of, look_up, pilot_test, plain


@pilot_test
async def test_a_retired_character_s_card_is_refused_at_the_station_with_the_reason(desk):
    card = card_of(desk, "wick")
    desk.retire("wick", "left the chronicle")
    app = create_app(desk=desk)
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, card)
        [notice] = app._notifications
        assert notice.title == "Card refused: retired or dead"
        assert "Wick is retired (left the chronicle)" in notice.message


def closed_with_edits(tmp_path):
    folder = tmp_path / "chronicle"
    shutil.copytree(CARDS, folder, ignore=shutil.ignore_patterns("storyteller", "storytelling"))
    with Desk.open(tmp_path / "night.sqlite3", folder, station="Bar", narrator="Sam") as desk:
        desk.archive_night()
    ollie = folder / "ollie.toml"
    ollie.write_text(ollie.read_text().replace("willpower = 4", "willpower = 5"))
    return folder


@pytest.mark.parametrize("answer", ["enter", "escape"])
@pilot_test
async def test_the_station_asks_before_opening_a_night_the_folder_disagrees_with_applies_on_confirm_esc_opens_nothing(tmp_path, answer):
    folder = closed_with_edits(tmp_path)
    app = create_app(db=tmp_path / "night.sqlite3", chronicle=folder, station="Bar", narrator="Sam")
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        for _ in range(50):  # the question comes once the worker that read the folder hands over (slower under load)
            await pilot.pause(0.1)
            if isinstance(app.screen, PickScreen) and app.screen.query("#question-prompt"):
                break
        assert isinstance(app.screen, PickScreen)
        assert "Oliver Beckett: Willpower 4 → 5" in plain(app.screen.query_one("#question-prompt").render())
        await pilot.press(answer)
        await app.workers.wait_for_complete()
        await pilot.pause()
        if answer == "escape":
            assert app.desk is None and "differs" in app.opening_failed
            return
        assert app.desk is not None and app.desk.night_number == 2
        assert app.desk.sheet("ollie").willpower == 5
        [between] = app.desk.entries(kind=Kind.BETWEEN.value)
        assert between.narrator == "Sam" and between.character_ids == ("ollie",)


@pilot_test
async def test_a_retired_character_is_not_in_tonight_on_the_roster(desk):
    everyone = len(desk.roster())
    desk.retire("wick", "left the chronicle")
    app = create_app(desk=desk)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f9")
        await pilot.pause()
        said = plain(app.screen.query_one("#roster-count").render()).strip()
        assert said == f"{everyone - 1} characters in play"


@pilot_test
async def test_ctrl_o_asks_about_the_folder_before_opening_the_next_night(tmp_path):
    folder = tmp_path / "chronicle"
    shutil.copytree(CARDS, folder, ignore=shutil.ignore_patterns("storyteller", "storytelling"))
    desk = Desk.open(tmp_path / "night.sqlite3", folder, station="Bar", narrator="Sam")
    desk.archive_night()
    ollie = folder / "ollie.toml"
    ollie.write_text(ollie.read_text().replace("willpower = 4", "willpower = 5"))
    app = create_app(desk=desk)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        await pilot.press("down", "enter")  # keep the record's sheets
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert desk.night_number == 2 and desk.sheet("ollie").willpower == 4
    desk.close()
