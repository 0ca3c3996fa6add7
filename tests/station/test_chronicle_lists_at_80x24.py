"""An imported sheet shows her named lists and text fields after the Traits, Abilities and
Willpower and before the Narrator's notes, readable at 80×24, their text never read as markup."""

from larp.desk import Desk
from larp.grapevine.folder import import_file
from larp.station import create_app
from tests.grapevine.handmade import gex, listed
from tests.station.conftest import look_up, pilot_test, plain

VAMPIRE = gex(
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
    (tmp_path / "vic.gex").write_bytes(VAMPIRE)
    folder = tmp_path / "chronicle"
    import_file(tmp_path / "vic.gex", folder)
    desk = Desk.open(db=tmp_path / "night.sqlite3", chronicle=folder, station="Bar", narrator="Sam", now=wall_clock)
    app = create_app(desk=desk)
    async with app.run_test(size=(80, 24)) as pilot:
        await look_up(pilot, "vic")
        text = plain(app.screen.view.render(), width=76)
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
