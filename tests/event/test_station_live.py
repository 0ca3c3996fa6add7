"""The station all night in an event: another station's entry on screen within 2 s, and the
status bar saying online, or offline since when with the entries waiting; a join line given
while the station is open taken up without a restart."""

import stat
import time

import pytest

from larp.cli import build_parser
from larp.cli.station import hub_of
from larp.event.hub import start_hub
from larp.event.sync import same_event
from larp.sheet import Category
from larp.station import create_app
from larp.station.screens.log import NightLogScreen
from larp.station.screens.reconcile import ReconcileScreen
from larp.station.widgets.clock_bar import ClockBar
from larp.station.widgets.sheet_view import SheetView
from tests.event.conftest import started_on_a_free_port
from tests.event.stations import joined
from tests.event.test_hub_commands import kept
from tests.ledger.helpers import contest, larp
from tests.station.conftest import look_up, pilot_test, reconciled, reconciliation_text

ARRIVAL_SECONDS = 2.0


@pytest.fixture
def hall_and_bar(tmp_path, hub, chronicle):
    """Two stations of one event, each syncing all night."""
    hall, bar = joined(tmp_path, "hall", hub, chronicle), joined(tmp_path, "bar", hub, chronicle, narrator="Sam")
    hall.go_live(), bar.go_live()
    yield hall, bar
    hall.close(), bar.close()


@pilot_test
async def test_d_the_station_shows_another_stations_entry_within_2_s(hall_and_bar):
    hall, bar = hall_and_bar
    app = create_app(desk=bar)
    async with app.run_test(size=(120, 40)) as pilot:
        await look_up(pilot, "janet")
        view = app.screen.query_one(SheetView)
        assert view.card.character.total(Category.PHYSICAL) == 3
        hall.record(contest("cody", "Brawny", "janet", "Quick", ("rock", "scissors")))
        assert await shown_within(pilot, lambda: view.card.character.total(Category.PHYSICAL) == 2)
        assert app.screen.query_one(ClockBar).event == "online"


async def shown_within(pilot, seen, seconds: float = ARRIVAL_SECONDS) -> bool:
    deadline = time.monotonic() + seconds
    while not seen() and time.monotonic() < deadline:
        await pilot.pause(0.05)
    return seen()


@pilot_test
async def test_d_the_night_log_and_the_reconciliation_show_another_stations_entry_within_2_s(hall_and_bar):
    hall, bar = hall_and_bar
    app = create_app(desk=bar)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f3")
        log = app.screen
        assert isinstance(log, NightLogScreen)
        entry = hall.record(contest("cody", "Brawny", "janet", "Quick", ("rock", "scissors")))
        assert await shown_within(pilot, lambda: entry.id in log.shown)
        await pilot.press("f4")
        reconciliation = app.screen
        assert isinstance(reconciliation, ReconcileScreen) and "Janet Reyes" in await reconciled(pilot)
        hall.regain("ruth", "mental")
        assert await shown_within(pilot, lambda: "Ruth" in reconciliation_text(reconciliation))


@pilot_test
async def test_d_the_status_bar_says_offline_since_when_and_how_many_entries_wait(tmp_path, cluster, hub, chronicle):
    bar = joined(tmp_path, "bar", hub, chronicle, narrator="Sam")
    bar.go_live()
    app = create_app(desk=bar)
    async with app.run_test(size=(120, 40)) as pilot:
        assert bar._live.wait_round(10)
        cluster.kill()
        bar.regain("janet", "social")
        bar.regain("cody", "social")
        deadline = time.monotonic() + 10
        shown = ""
        while "2 entries waiting" not in shown and time.monotonic() < deadline:
            await pilot.pause(0.1)
            shown = app.screen.query_one(ClockBar).event
        assert shown.startswith("offline since ") and shown.endswith(", 2 entries waiting")
    bar.close()


@pilot_test
async def test_d_a_station_opened_with_hub_joins_and_opens_the_night_under_way(tmp_path, hub, chronicle):
    hall = joined(tmp_path, "hall", hub, chronicle)
    hall.hold()
    hall.sync()
    app = create_app(db=tmp_path / "bar.sqlite3", chronicle=chronicle, station="bar", narrator="Sam", hub=hub)  # larp station --hub URL
    async with app.run_test(size=(120, 40)) as pilot:
        await app.workers.wait_for_complete()
        assert await shown_within(pilot, lambda: app.screen.query_one(ClockBar).event == "online", 10)
        assert app.desk.night_number == 1 and app.desk.clock_held()  # the hall's Hold! holds here
        kept = app.desk.ledger.setting("hub")  # the station's own login, not the join line
        assert kept != hub and same_event(kept, hub) and kept == app.desk.hub
        assert stat.S_IMODE((tmp_path / "bar.sqlite3").stat().st_mode) == 0o600
    hall.close()


def test_d_larp_station_takes_the_event_from_larp_hub_unless_given_a_file_with_hub(monkeypatch, tmp_path):
    monkeypatch.setenv("LARP_HUB", "postgresql://larp_station:x@hall:5433/larp_event")
    assert hub_of(build_parser().parse_args(["station"])) == "postgresql://larp_station:x@hall:5433/larp_event"
    (tmp_path / "hub.txt").write_text("postgresql://bar\n")
    assert hub_of(build_parser().parse_args(["station", "--hub", str(tmp_path / "hub.txt")])) == "postgresql://bar"


@pilot_test
async def test_d_a_close_at_another_station_is_said_on_screen_with_the_night_it_starts(hall_and_bar):
    hall, bar = hall_and_bar
    app = create_app(desk=bar)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.2)
        hall.archive_night()  # the live worker sends it

        def said() -> list[str]:
            return [str(note.message) for note in app._notifications]

        assert await shown_within(pilot, lambda: any("closed for the event at station hall" in text for text in said()), 5)
        assert any("Night 2 starts from its close, the same at every station: Ctrl+O opens it" in text for text in said())
        assert not bar.night_open_here


@pilot_test
async def test_a_station_left_open_takes_up_a_new_join_line_without_restarting(hub_dir, tmp_path, chronicle, capsys):
    settings = started_on_a_free_port(lambda port: start_hub(hub_dir, port=port))
    door = joined(tmp_path, "door", settings.join_url(), chronicle)
    hall = joined(tmp_path, "hall", None, chronicle, narrator="Sam")
    hall.keep_hub(settings.join_url())  # joined while the hub was out of reach: the record holds the join line
    status, out, err = larp(capsys, "hub", "revoke", "door", "--dir", hub_dir)  # the join line's password changes
    assert status == 0, err
    new_line = next(line.strip() for line in out.splitlines() if line.strip().startswith("postgresql://"))
    hall.go_live()
    app = create_app(desk=hall)
    async with app.run_test(size=(120, 40)) as pilot:
        assert await shown_within(pilot, lambda: app.screen.query_one(ClockBar).event.startswith("offline since "), 10)
        assert "refused this station's password" in hall.sync_status().problem
        assert larp(capsys, "join", kept(tmp_path, new_line), "--db", tmp_path / "hall.sqlite3")[0] == 0  # in another terminal
        assert await shown_within(pilot, lambda: app.screen.query_one(ClockBar).event == "online", 10)
    hall.close(), door.close()
