"""An imported sheet at 80×24: her Traits first, on the first screen, her named lists and text
fields after the Traits, Abilities and Willpower (their text never read as markup), and
Grapevine's notes last, however long (a biography pasted into the notes is pages)."""

import shutil

from larp.desk import Desk
from larp.grapevine.folder import import_file
from larp.station import create_app
from tests.grapevine.handmade import gex, listed
from tests.station.conftest import look_up, pilot_test, plain

LONG_NOTES = " ".join(["Vic came to the Bay in 1952 and has kept the harbour's secrets since."] * 30)
VAMPIRE = gex(
    '  <vampire name="Vic Vale" player="Pat" clan="Ventrue" willpower="4">',
    *listed("Physical", '<trait name="Quick" val="2"/>', '<trait name="Brawny"/>'),
    *listed("Social", '<trait name="Witty" val="2"/>'),
    *listed("Mental", '<trait name="Alert" val="2"/>'),
    f"    <notes>{LONG_NOTES}</notes>",
    "  </vampire>",
)


def imported_desk(tmp_path, wall_clock, data: bytes) -> Desk:
    """A desk on the chronicle imported from this Grapevine file."""
    (tmp_path / "vic.gex").write_bytes(data)
    folder = tmp_path / "chronicle"
    import_file(tmp_path / "vic.gex", folder)
    return Desk.open(db=tmp_path / "night.sqlite3", chronicle=folder, station="Bar", narrator="Sam", now=wall_clock)


async def vic_at_80(pilot, app) -> str:
    """Vic's sheet looked up, as its 76 columns say it."""
    await look_up(pilot, "vic")
    return plain(app.screen.view.render(), width=76)


@pilot_test
async def test_an_imported_sheet_shows_its_traits_first_and_grapevine_s_notes_after(tmp_path, wall_clock):
    desk = imported_desk(tmp_path, wall_clock, VAMPIRE)
    app = create_app(desk=desk)
    async with app.run_test(size=(80, 24)) as pilot:
        lines = (await vic_at_80(pilot, app)).splitlines()
        physical = next(n for n, line in enumerate(lines) if line.startswith("Physical"))
        notes = next(n for n, line in enumerate(lines) if "Narrator's notes" in line)
        assert physical < 12 < notes, "the Traits on the first screen, the notes below them"
        assert "Vic Vale" in lines[0]
        app.save_screenshot(str(tmp_path / "vic.svg"))
    desk.close()


LISTED = gex(
    '  <vampire name="Vic Vale" nature="Judge" demeanor="[bold]Rebel" clan="Ventrue" generation="11" willpower="4">',
    *listed("Physical", '<trait name="Quick" val="2"/>'),
    *listed("Abilities", '<trait name="Dodge" val="2"/>'),
    *listed("Backgrounds", '<trait name="Contacts" val="2"/>', '<trait name="Fame"/>'),
    *listed("Disciplines", '<trait name="Auspex: Heightened Senses" val="3" note="basic"/>',
            '<trait name="[@click=app.quit]Dominate" val="3" note="[red]basic"/>'),
    *listed("Equipment", '<trait name="Heavy Pistol" note="+2, 2 Lethal, Loud, and a long note that wraps the line at 80"/>'),
    "    <notes>Owes the Prince.</notes>",
    "  </vampire>",
)


@pilot_test
async def test_named_lists_and_fields_come_after_traits_abilities_and_willpower(tmp_path, wall_clock):
    desk = imported_desk(tmp_path, wall_clock, LISTED)
    app = create_app(desk=desk)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await vic_at_80(pilot, app)
        lines = text.splitlines()
        assert all(len(line) <= 76 for line in lines)

        def at(start: str) -> int:
            return next(n for n, line in enumerate(lines) if line.startswith(start))

        assert at("Physical") < at("Abilities") < at("Standalone") < at("About") < at("Backgrounds")
        assert at("Backgrounds") < at("Disciplines") < at("Equipment") < next(
            n for n, line in enumerate(lines) if "Narrator's notes" in line)
        assert "Nature Judge · Demeanor [bold]Rebel · Generation 11" in text
        assert "Contacts 2 · Fame" in lines[at("Backgrounds")]
        words = " ".join(text.split())
        assert "[@click=app.quit]Dominate 3 ([red]basic)" in words
        assert "a long note that wraps the line at 80)" in words
        app.screen.view.parent.scroll_end(animate=False)
        await pilot.pause()
        app.save_screenshot(str(tmp_path / "vic.svg"))
        screen = (tmp_path / "vic.svg").read_text().replace("&#160;", " ")
        assert "Disciplines" in screen and "Heavy Pistol" in screen
    desk.close()
