"""Issue 28, items 5 and 6: F8 goes over the categories the chronicle's characters have, Shift+F8
back; every field of a challenge's setup has a key, none is Tabs away."""

import shutil

import pytest
from textual.widgets import Checkbox, Input, Select

from larp.desk import Desk
from larp.sheet import Category, load_chronicle
from larp.station import create_app
from larp.station.screens.help import key_groups
from larp.station.screens.setup import ChallengeSetupScreen
from larp.station.widgets.party_form import PartyForm
from tests.station.conftest import CARDS, SIZE, look_up, pilot_test, press_at_once


@pytest.fixture
def vampires(tmp_path, wall_clock):
    """The demo chronicle without its werewolves: nobody has Rage or Gnosis."""
    folder = tmp_path / "vampires"
    shutil.copytree(CARDS, folder, ignore=shutil.ignore_patterns("storyteller", "storytelling", "*.json"))
    for cid, sheet in load_chronicle(folder).characters.items():
        if sheet.rating(Category.RAGE) or sheet.rating(Category.GNOSIS):
            (folder / f"{cid}.toml").unlink()
    desk = Desk.open(db=tmp_path / "night.sqlite3", chronicle=folder, station="Bar", narrator="Sam", now=wall_clock)
    yield desk
    desk.close()


async def set_up_for(pilot, challenger: str) -> ChallengeSetupScreen:
    await look_up(pilot, challenger)
    await pilot.press("ctrl+n")
    await pilot.pause()
    return pilot.app.screen


@pilot_test
async def test_f8_goes_over_the_categories_of_a_vampires_chronicle_and_shift_f8_back(vampires):
    app = create_app(desk=vampires)
    async with app.run_test(size=SIZE) as pilot:
        screen = await set_up_for(pilot, "janet")
        category = screen.query_one("#category", Select)
        seen = []
        for _ in range(4):
            await pilot.press("f8")
            seen.append(category.value)
        assert seen == [Category.SOCIAL, Category.MENTAL, Category.WILLPOWER, Category.PHYSICAL]
        await pilot.press("shift+f8")
        assert category.value is Category.WILLPOWER


@pilot_test
async def test_the_werewolves_chronicle_still_offers_rage_and_gnosis(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        screen = await set_up_for(pilot, "bryn")
        await pilot.press("shift+f8", "shift+f8")
        assert screen.query_one("#category", Select).value is Category.RAGE


@pilot_test
async def test_every_field_of_the_setup_has_a_key(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        screen = await set_up_for(pilot, "bryn")
        await look_up(pilot, "janet")
        challenger, defender = (screen.query_one(f"#{side}", PartyForm) for side in ("challenger", "defender"))

        await pilot.press("ctrl+t")
        assert screen.query_one("#control", Checkbox).value is True
        await pilot.press("ctrl+a")
        assert challenger.query_one(".ability", Select).expanded
        await pilot.press("escape", "ctrl+a")
        assert defender.query_one(".ability", Select).expanded
        await pilot.press("escape", "ctrl+b")
        assert challenger.query_one(".trait", Select).expanded
        await pilot.press("escape", "ctrl+f")
        assert screen.focused is challenger.query_one(".bonus", Input)
        await pilot.press("ctrl+f")
        assert screen.focused is defender.query_one(".bonus", Input)
        await pilot.press("ctrl+e")
        assert screen.focused is screen.query_one("#effect", Input)
        await pilot.press("ctrl+n")
        assert screen.focused is defender.query_one("LookupField Input")
        await pilot.press("f7", "f7", "f7", "f7", "ctrl+r")  # a race
        assert screen.focused is screen.query_one("#target", Input)
        assert "Wins needed (^r)" in str(screen.query_one("#target-label").render())
        await pilot.press("ctrl+d")
        assert screen.focused is defender.query_one(".difficulty", Input)


def test_the_help_lists_every_key_of_the_setup(app):
    [setup] = [bindings for title, bindings in key_groups(app) if title.startswith("Setting up")]
    keys = {binding.key for binding in setup}
    assert {"ctrl+e", "ctrl+t", "ctrl+a", "ctrl+b", "ctrl+f", "ctrl+d", "ctrl+r", "ctrl+n", "f7", "f8", "shift+f8"} <= keys


@pilot_test
async def test_keys_typed_at_once_after_a_field_key_go_to_that_field(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        screen = await set_up_for(pilot, "bryn")
        await pilot.press("f7", "f7", "f7", "f7")  # a race
        await press_at_once(pilot, *"cody", "enter", "ctrl+r", "3")  # the defender, then Wins needed: 3
        assert screen.query_one("#target", Input).value == "3"
