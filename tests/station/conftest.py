"""The station under test: a real desk on a night record in a temporary folder, with a still clock."""

import asyncio
import functools
from datetime import datetime, timezone
from pathlib import Path

import pytest

from larp.desk import Desk
from larp.sheet import Category
from larp.station import create_app

CARDS = Path(__file__).resolve().parents[2] / "cards"
EIGHT_PM = datetime(2026, 3, 14, 20, 0, tzinfo=timezone.utc)
SIZE = (120, 40)
"""The terminal of most tests: a laptop's."""
SCREEN_SIZES = [(80, 24), SIZE, (200, 60)]
"""Every screen must read whole in the smallest terminal and use the room of the largest: the
snapshots are taken at each size (to regenerate them all: `pytest tests/station --snapshot-update`)."""


class WallClock:
    """The wall time the desk reads: still unless a test moves it on."""

    def __init__(self) -> None:
        self.now = EIGHT_PM

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture(autouse=True)
def larp_home(tmp_path, monkeypatch):
    """Keys, cards and records of the test stay in its own folder."""
    home = tmp_path / "home"
    monkeypatch.setenv("LARP_HOME", str(home))
    monkeypatch.delenv("LARP_DB", raising=False)
    monkeypatch.setenv("LARP_CONFIG", str(tmp_path / "config"))
    return home


@pytest.fixture(autouse=True)
def still_cursors(monkeypatch):
    """Text cursors that show without blinking: a snapshot never catches one half-way, however
    loaded the machine (issue 28, item 13), and no blink timer wakes a test twice a second."""
    from textual.widgets import Input

    monkeypatch.setattr(Input, "_toggle_cursor", lambda field: None)


@pytest.fixture
def wall_clock():
    return WallClock()


@pytest.fixture
def desk(tmp_path, wall_clock):
    desk = Desk.open(db=tmp_path / "night.sqlite3", chronicle=CARDS, station="Bar", narrator="Sam", now=wall_clock)
    yield desk
    desk.close()


@pytest.fixture(params=SCREEN_SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def screen_size(request) -> tuple[int, int]:
    """Each of the sizes a screen is drawn at, for a test that takes it."""
    return request.param


@pytest.fixture
def app(desk):
    return create_app(desk=desk)


def card_of(desk, character_id: str) -> str:
    """What a USB scanner types for the character's current card."""
    from larp.cards import current_card, issued_payload

    return issued_payload(current_card(desk.chronicle, character_id))


async def type_in(pilot, text: str) -> None:
    """Keys as a USB scanner (or a quick Narrator) types them: in one burst, then the station
    settles once. Pressed one at a time, each key waited for the station to be idle, and a card's
    sixty keys took four seconds of every test that scans one (issue 28, item 13)."""
    await press_at_once(pilot, *text)


async def press_at_once(pilot, *keys: str) -> None:
    """Keys (characters, or names as `pilot.press` takes them: "enter", "ctrl+r") all sent before
    the station handles the first, as a fast hand or a scanner sends them; then it settles."""
    from textual import events
    from textual.keys import _character_to_key

    for key in keys:
        if len(key) == 1:
            event = events.Key(key if key.isalnum() else _character_to_key(key), key)
        else:
            event = events.Key(key, {"enter": "\r", "space": " "}.get(key))
        event.set_sender(pilot.app)
        pilot.app.post_message(event)
    await pilot.pause()


async def look_up(pilot, text: str) -> None:
    """A card scanned or a name typed, and Enter, in one burst: as a scanner sends them, never
    with the station's work between the text and its Enter (a loaded machine once took longer
    than a hold, and the card was given up as typing before its Enter came)."""
    await press_at_once(pilot, *text, "enter")
    await pilot.pause()


async def opened(pilot, done=None) -> None:
    """The station's opening worker ended and its result taken (`done`: by default a desk, or
    why there is none): a loaded machine hands it over a moment after the worker ends."""
    app = pilot.app
    done = done or (lambda: app.desk is not None or app.opening_failed is not None)
    await app.workers.wait_for_complete()
    for _ in range(50):
        await pilot.pause(0.1)
        if done():
            return


def pilot_test(scenario):
    """An async scenario with a Pilot, run as a plain test (no async plugin needed)."""

    @functools.wraps(scenario)
    def test(*args, **kwargs):
        asyncio.run(scenario(*args, **kwargs))

    return test


async def set_up_challenge(pilot, challenger: str, defender: str | None = None, **terms) -> None:
    """From the sheets: look up the challenger, Ctrl+N, scan the defender, set the terms, Ctrl+S.

    `terms` are the setup fields a Narrator picks from lists (kind, category, the challenger's
    or the defender's Ability, effect); they are set on the widgets, the rest is keys.
    """
    from textual.widgets import Input, Select

    await look_up(pilot, challenger)
    await pilot.press("ctrl+n")
    await pilot.pause()
    screen = pilot.app.screen
    for name in ("kind", "category"):
        if name in terms:
            screen.query_one(f"#{name}", Select).value = terms.pop(name)
            await pilot.pause()
    if defender is not None:
        await look_up(pilot, defender)
    for side in ("challenger", "defender"):
        if f"{side}_ability" in terms:
            screen.query_one(f"#{side} .ability", Select).value = terms.pop(f"{side}_ability")
    if "difficulty" in terms:
        screen.query_one("#defender .difficulty", Input).value = str(terms.pop("difficulty"))
    if "effect" in terms:
        screen.query_one("#effect", Input).value = terms.pop("effect")
    assert not terms, f"unknown terms {terms}"
    await pilot.press("ctrl+s")
    await pilot.pause()


def reconciliation_text(screen) -> str:
    """What the reconciliation screen shows, as plain text (its lines, laid out in a worker)."""
    return "\n".join(line.text.rstrip() for line in screen.view.lines)


async def reconciled(pilot) -> str:
    """After F4: the reconciliation once made and laid out in its worker, as plain text."""
    screen = pilot.app.screen
    while screen.printout is None or screen.laid != screen.started:
        await pilot.pause(0.02)
    await pilot.pause()
    return reconciliation_text(screen)


def plain(renderable, width: int = 116) -> str:
    """What a Rich renderable says, as plain text."""
    import io

    from rich.console import Console

    console = Console(width=width, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.file.getvalue()


PIER = "the pier goes to the arts trust"


async def janet_loses_to_cody(pilot, effect: str = PIER) -> None:
    """A Social challenge Janet loses to Cody, recorded: it sets a five-minute lock (R-NIGHT-2)."""
    await set_up_challenge(pilot, "janet", "cody", category=Category.SOCIAL, effect=effect)
    await pilot.press("r", "p", "enter", "enter", "escape")
    await pilot.pause()


async def reverse_in_the_log(pilot, reason: str) -> None:
    """F3, then Ctrl+R on the entry under the cursor, giving the reason."""
    await pilot.press("f3")
    await pilot.pause()
    await pilot.press("ctrl+r")
    await pilot.pause()
    await type_in(pilot, reason)
    await pilot.press("enter")
    await pilot.pause()


async def typed_during_a_challenge(pilot, typing) -> str:
    """Janet against Cody; `typing` (a coroutine of keys, then Enter) takes no step, and the
    notification says what it was."""
    await set_up_challenge(pilot, "janet", "cody")
    screen = pilot.app.screen
    before = screen.state
    await typing
    await pilot.press("enter")
    await pilot.pause()
    assert screen.state is before and screen.pending is None and pilot.app.screen is screen
    [notice] = pilot.app._notifications
    return notice.message


def tabletop_desk(tmp_path, wall_clock, folder: str, station: str) -> Desk:
    return Desk.open(db=tmp_path / f"{folder}.sqlite3", chronicle=CARDS / folder, station=station, narrator="Sam", now=wall_clock)


@pytest.fixture
def wolves(tmp_path, wall_clock):
    """The Storytelling System's demo chronicle (seed 004), The Rust Belt Hunt, on a fresh record."""
    desk = tabletop_desk(tmp_path, wall_clock, "storytelling", "Mill")
    yield desk
    desk.close()


@pytest.fixture
def kindred(tmp_path, wall_clock):
    """The Storyteller System's demo chronicle on a fresh record."""
    desk = tabletop_desk(tmp_path, wall_clock, "storyteller", "Diner")
    yield desk
    desk.close()


async def open_dice(pilot, character: str, pool: str = "") -> None:
    """From the sheets: look up the character, Ctrl+R for the Dice screen, type the pool."""
    await look_up(pilot, character)
    await pilot.press("ctrl+r")
    await pilot.pause()
    if pool:
        await type_in(pilot, pool)
        await pilot.pause()


async def roll_typed(pilot, faces: str) -> None:
    """The faces the players rolled, typed in Dice rolled, then Enter."""
    from textual.widgets import Input

    pilot.app.screen.query_one("#faces", Input).focus()
    await type_in(pilot, faces)
    await pilot.press("enter")
    await pilot.pause()
