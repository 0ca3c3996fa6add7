"""A lost laptop: `larp hub revoke STATION` on a hub of its own. The station's login opens
nothing, and the hub takes no entry of it from then on, whoever sends it; the join line's
password changes, so the one the laptop held registers nothing; the other stations sync on
without joining again; every station that syncs refuses the revoked station's bundles; what it
wrote before stays everywhere."""

import psycopg
import pytest

from larp.desk import DeskError
from larp.event.cluster import admin_url
from larp.event.hub import DATABASE, read_settings, start_hub
from tests.event.conftest import started_on_a_free_port
from tests.event.stations import joined, synced
from tests.event.test_hub_commands import kept
from tests.ledger.helpers import larp, leap


@pytest.fixture
def event(hub_dir, tmp_path, chronicle):
    """A hub of the test's own with stations hall and bar, each with two challenges on it."""
    settings = started_on_a_free_port(lambda port: start_hub(hub_dir, port=port))
    hall, bar = (joined(tmp_path, name, settings.join_url(), chronicle) for name in ("hall", "bar"))
    for desk in (hall, bar):
        desk.record(leap(1))
        desk.record(leap(2))
    synced(hall, bar)
    yield settings, hall, bar
    hall.close(), bar.close()


def test_a_revoked_station_writes_nothing_more_to_the_hub_and_its_old_join_line_opens_nothing(event, hub_dir, tmp_path, capsys):
    settings, hall, bar = event
    status, out, err = larp(capsys, "hub", "revoke", "bar", "--dir", hub_dir)
    assert status == 0, err
    assert "Station bar is revoked" in out and settings.password not in out
    new_line = next(line.strip() for line in out.splitlines() if line.strip().startswith("postgresql://"))
    assert hall.sync().pushed == 0  # the other stations sync on with their own logins, joining nothing again
    bar.record(leap(3))
    with pytest.raises(DeskError, match="refused this station's login: the event's owner revoked it"):
        bar.sync()
    with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
        psycopg.connect(settings.join_url()).close()  # the old join line registers nothing
    bar.keep_hub(new_line)  # the finder learns the new line: the hub still takes nothing of bar
    with pytest.raises(DeskError, match="station 'bar' was revoked by the event's owner"):
        bar.sync()
    line = bar.ledger.lines(bar.night_row, station="bar")[-1]
    with psycopg.connect(hall.hub, autocommit=True) as hall_login, pytest.raises(psycopg.Error, match="this login is station hall's"):
        hall_login.execute(FORGED, ("f" * 32, line))
    with psycopg.connect(admin_url(hub_dir.absolute(), settings.port, DATABASE), autocommit=True) as owner:
        with pytest.raises(psycopg.Error, match="station bar was revoked"):
            owner.execute(FORGED, ("f" * 32, line))
    assert larp(capsys, "join", kept(tmp_path, new_line), "--db", tmp_path / "hall.sqlite3")[0] == 0
    assert [e.id for e in hall.entries() if e.station == "bar"] == [e.id for e in bar.entries() if e.station == "bar"][:-1]


FORGED = "INSERT INTO larp_entries (id, chronicle, night, station, seq, line, signature) VALUES (%s, 'alder-bay', 1, 'bar', 99, %s, 'x')"


def test_a_revoked_stations_bundle_is_refused_where_the_event_was_synced_and_it_joins_no_more(event, hub_dir, tmp_path, capsys):
    settings, hall, bar = event
    assert larp(capsys, "hub", "revoke", "bar", "--dir", hub_dir)[0] == 0
    status, out, _ = larp(capsys, "hub", "status", "--dir", hub_dir)
    assert status == 0 and "'bar': 3 entries" in out and "REVOKED at" in out
    bar.record(leap(3))
    bar.export(tmp_path / "bar.jsonl")
    hall.sync()
    status, _, err = larp(capsys, "merge", tmp_path / "bar.jsonl", "--db", tmp_path / "hall.sqlite3")
    assert status == 1 and "which the event's owner revoked (larp hub revoke)" in err
    again = larp(capsys, "join", kept(tmp_path, settings_after(hub_dir)), "--db", tmp_path / "bar.sqlite3")
    assert again[0] == 1 and "the event's owner revoked it" in again[2]
    status, _, err = larp(capsys, "hub", "revoke", "bar", "--dir", hub_dir)
    assert status == 1 and "station 'bar' was revoked already" in err


def settings_after(hub_dir) -> str:
    """The line stations join by since the revocation."""
    return read_settings(hub_dir.absolute()).join_url()


def test_a_station_holding_the_hubs_lock_is_named_by_hub_status_and_revoking_it_frees_every_push(event, hub_dir, capsys):
    settings, hall, bar = event
    holder = psycopg.connect(bar.hub)  # a transaction left open, holding the arrival lock
    holder.execute("SELECT larp_arrival_lock()")
    hall.record(leap(3))
    with pytest.raises(DeskError, match="held by another session"):
        hall.sync()
    status, out, _ = larp(capsys, "hub", "status", "--dir", hub_dir)
    assert status == 0 and "'bar': " in out and "HOLDS THE HUB" in out and out.count("HOLDS THE HUB") == 1
    assert larp(capsys, "hub", "revoke", "bar", "--dir", hub_dir)[0] == 0  # ends bar's sessions
    assert hall.sync().pushed == 1
    holder.close()
