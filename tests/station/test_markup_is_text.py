"""What a player, a sheet or a Grapevine file wrote is shown as it stands on every screen of the
station: square brackets in it are never Rich or Textual markup (no crash on `[/bold]`, no style
from `[red]`, no link from `[link=…]`, no key from `[@click=app.quit]`)."""

import html
import re
import shutil

from larp.desk import Desk
from larp.grapevine.folder import import_file
from larp.portal.sheets import fingerprint
from larp.portal.store import PortalStore, portal_file
from larp.station import create_app
from tests.grapevine.handmade import gex, listed
from tests.station.conftest import CARDS, SIZE, card_of, look_up, pilot_test, set_up_challenge, type_in
from tests.station.test_staff_palette import from_palette

CLOSING = "[/bold] Janet"
COLOURED = "the [red]docks"
LINKED = "[link=https://example.org]here[/link]"
CLICKED = "[@click=app.quit]quit[/]"
DOLLAR = "[$accent]paid"
MARKED = (CLOSING, COLOURED, LINKED, CLICKED, DOLLAR)

VAMPIRE = gex(
    '  <vampire name="Vic [/b] Vale" player="[@click=app.quit]Pat[/]" clan="[red]Ventrue" willpower="4">',
    *listed("Physical", '<trait name="[b]Quick" val="2"/>', '<trait name="Brawny"/>'),
    *listed("Social", '<trait name="Witty" val="2"/>'),
    *listed("Mental", '<trait name="Alert" val="2"/>'),
    *listed("Health Levels", '<trait name="[b]Hale" val="2"/>', '<trait name="[/red] Down"/>'),
    "    <notes>[/bold] Vic asks about the [red]docks</notes>",
    "  </vampire>",
)


def shown(app) -> str:
    """The screen's text as a reader sees it."""
    svg = app.export_screenshot()
    text = html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")
    return text


def marked_chronicle(tmp_path):
    """The demo chronicle with markup in every field of Janet's sheet, and a Grapevine sheet holding some."""
    chronicle = tmp_path / "chronicle"
    shutil.copytree(CARDS, chronicle, ignore=shutil.ignore_patterns("*.json", "*.md", "storytelling", "storyteller"))
    sheet = chronicle / "janet.toml"
    text = sheet.read_text()
    text = text.replace('name = "Janet Reyes"', f'name = "{CLOSING} Reyes"')
    text = text.replace('player = "Marisa Okafor"', f'player = "{CLICKED} Marisa"')
    text = text.replace('"Always arrives late and leaves first."', f'"Always late: {COLOURED} {LINKED}"')
    text = text.replace("Harpy of Alder Bay.", f"Harpy of {DOLLAR} {COLOURED}.")
    text = text.replace("Graceful = 2", '"[b]Graceful" = 2')
    text = text.replace("Charismatic = 2", '"[red]Charismatic" = 2')
    text = text.replace("Leadership = 1", '"[@click=app.quit]Leadership" = 1')
    sheet.write_text(text)
    (tmp_path / "vic.gex").write_bytes(VAMPIRE)
    folder, _ = tmp_path / "imported", import_file(tmp_path / "vic.gex", tmp_path / "imported")
    for imported in folder.glob("*.toml"):
        if imported.name != "chronicle.toml":
            shutil.copy(imported, chronicle / imported.name)
    return chronicle


def asked(tmp_path, desk) -> PortalStore:
    store = PortalStore(portal_file(tmp_path / "night.sqlite3"))
    janet = desk.standing().characters["janet"]
    store.add_request(f"{CLICKED} Marisa", "janet", "downtime", {"text": f"{CLOSING} asks about {COLOURED} {LINKED}"}, fingerprint(janet))
    store.add_request(f"{CLICKED} Marisa", "janet", "change", {"text": f"{DOLLAR} {COLOURED}"}, fingerprint(janet))
    return store


async def each_screen(pilot, app, desk):
    """Every screen a Narrator opens, each yielded once it has drawn."""
    await look_up(pilot, "janet")
    yield "sheet"
    await pilot.press("pagedown")
    yield "sheet, a page down"
    await pilot.press("escape")
    await look_up(pilot, "vic")
    yield "the Grapevine sheet"
    await pilot.press("ctrl+t")
    await pilot.pause()
    yield "her Health Levels asked about"
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press("3", "enter")
    await pilot.pause()
    yield "her wounds marked"
    await set_up_challenge(pilot, "janet", "cody", effect=f"{COLOURED} {CLICKED}")
    yield "challenge"
    await pilot.press("r", "p", "enter", "enter", "escape")
    await pilot.pause()
    for key in ("f3", "f4", "f9", "f10", "f1"):
        await pilot.press(key)
        await pilot.pause(0.3)
        yield key
        if key == "f10":
            await type_in(pilot, card_of(desk, "janet"))
            await pilot.press("enter")
            await pilot.pause()
            yield "check-in"
    await pilot.press("escape", "f2")
    await from_palette(pilot, "requests")
    yield "players' requests"
    await pilot.press("enter")
    await pilot.pause(0.3)
    yield "a request"


@pilot_test
async def test_markup_in_sheets_requests_and_grapevine_files_is_shown_as_typed_on_every_screen(tmp_path, wall_clock):
    desk = Desk.open(db=tmp_path / "night.sqlite3", chronicle=marked_chronicle(tmp_path), station="Bar", narrator="Sam", now=wall_clock)
    store = asked(tmp_path, desk)
    app = create_app(desk=desk)
    seen = []
    async with app.run_test(size=SIZE) as pilot:
        async for screen in each_screen(pilot, app, desk):
            await pilot.pause()
            assert app.is_running, f"the station stopped on {screen}"
            seen.append(shown(app))
        notices = [notice.message for notice in app._notifications]
    everything = "\n".join(seen + notices)
    for text in (*MARKED, "[b]Graceful", "[red]Charismatic", "Vic [/b] Vale", "[b]Quick", "[b]Hale ■■", "[/red] Down ■"):
        assert text in everything, f"{text!r} is not shown as typed"
    assert "[@click=app.quit]" in everything
    store.close()
    desk.close()
