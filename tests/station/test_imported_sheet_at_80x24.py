"""An imported sheet at 80×24: her Traits first, on the first screen, and Grapevine's notes after
them, however long (a biography pasted into the notes is pages)."""

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


@pilot_test
async def test_an_imported_sheet_shows_its_traits_first_and_grapevine_s_notes_after(tmp_path, wall_clock):
    (tmp_path / "vic.gex").write_bytes(VAMPIRE)
    folder = tmp_path / "chronicle"
    import_file(tmp_path / "vic.gex", folder)
    desk = Desk.open(db=tmp_path / "night.sqlite3", chronicle=folder, station="Bar", narrator="Sam", now=wall_clock)
    app = create_app(desk=desk)
    async with app.run_test(size=(80, 24)) as pilot:
        await look_up(pilot, "vic")
        lines = plain(app.screen.view.render(), width=76).splitlines()
        physical = next(n for n, line in enumerate(lines) if line.startswith("Physical"))
        notes = next(n for n, line in enumerate(lines) if "Narrator's notes" in line)
        assert physical < 12 < notes, "the Traits on the first screen, the notes below them"
        assert "Vic Vale" in lines[0]
        app.save_screenshot(str(tmp_path / "vic.svg"))
    desk.close()
