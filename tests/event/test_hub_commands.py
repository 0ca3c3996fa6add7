"""`larp hub start|status|stop`, `larp join`, `larp sync` as a Narrator types them."""

import io
import re
import socket
import stat

import pytest

from larp.desk import Desk, DeskError
from larp.event import EventError
from tests.event.conftest import started_on_a_free_port
from tests.ledger.helpers import larp


def test_d_hub_start_prints_the_join_line_and_warns_off_loopback_then_status_and_stop(cluster, hub_dir, chronicle, capsys, tmp_path):
    status, out, err = started_on_a_free_port(lambda port: said(larp(capsys, "hub", "start", "--dir", hub_dir, "--port", port, "--listen", "0.0.0.0")))
    assert status == 0, err
    assert "Warning: the hub listens on 0.0.0.0" in err and "hand it only to Narrators" in out
    url = re.search(r"^    (postgresql://\S+)$", out, re.M).group(1)
    db = tmp_path / "bar.sqlite3"
    assert larp(capsys, "night", "open", "--station", "bar", "--chronicle", chronicle, "--db", db)[0] == 0
    status, out, err = larp(capsys, "join", kept(tmp_path, url), "--db", db)
    assert status == 0, err
    assert "Station bar joined the event" in out and "1 entry sent to the hub" in out
    assert stat.S_IMODE(db.stat().st_mode) == 0o600  # the record holds the hub's password now
    status, out, _ = larp(capsys, "sync", "--db", db)
    assert status == 0 and "0 entries sent to the hub, 0 new entries" in out
    status, out, _ = larp(capsys, "hub", "status", "--dir", hub_dir)
    assert status == 0 and re.search(r"'bar': 1 entry, last sync \d{4}-.*, key [0-9a-f]{4} ", out)
    assert larp(capsys, "hub", "start", "--dir", hub_dir)[0] == 1
    assert larp(capsys, "hub", "stop", "--dir", hub_dir)[0] == 0
    status, _, err = larp(capsys, "sync", "--db", db)
    assert status == 1 and "can't be reached" in err and password(url) not in err
    status, out, err = larp(capsys, "hub", "start", "--dir", hub_dir)  # as it was: the join line stays good
    assert status == 0 and f"    {url}\n" in out and "Warning: the hub listens on 0.0.0.0" in err
    assert larp(capsys, "sync", "--db", db)[0] == 0
    assert larp(capsys, "hub", "stop", "--dir", hub_dir)[0] == 0


def said(done: tuple[int, str, str]) -> tuple[int, str, str]:
    """A command's exit status and output; EventError when it found its port taken."""
    if "is taken" in done[2]:
        raise EventError(done[2])
    return done


def test_d_hub_start_on_a_port_taken_says_so_and_starts_on_another(cluster, hub_dir, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status, _, err = larp(capsys, "hub", "start", "--dir", hub_dir, "--port", port)
    assert status == 1 and f"port {port} is taken on this laptop" in err and "--port" in err
    status, out, err = started_on_a_free_port(lambda port: said(larp(capsys, "hub", "start", "--dir", hub_dir, "--port", port)))
    assert status == 0 and "    postgresql://larp_station:" in out
    assert larp(capsys, "hub", "stop", "--dir", hub_dir)[0] == 0


def password(url: str) -> str:
    return url.split(":")[2].split("@")[0]


def kept(tmp_path, url: str):
    """The join line in a file only its owner reads, as a Narrator keeps it."""
    path = tmp_path / "hub.txt"
    path.write_text(url + "\n")
    path.chmod(0o600)
    return path


def test_d_join_refuses_what_is_not_an_events_address_and_never_shows_a_password(capsys, tmp_path):
    status, _, err = larp(capsys, "join", kept(tmp_path, "http://example.org"), "--db", tmp_path / "x.sqlite3")
    assert status == 1 and "not an event's address" in err
    status, _, err = larp(capsys, "join", kept(tmp_path, "postgres:/larp_station:s3cret@hall:5433/larp_event"), "--db", tmp_path / "x.sqlite3")
    assert status == 1 and "is not an event's address" in err and "s3cret" not in err


def test_d_join_and_station_refuse_an_address_on_the_command_line_where_any_user_can_read_it(capsys, tmp_path):
    for command in (["join", "postgresql://larp_station:s3cret@hall:5433/larp_event"], ["station", "--hub", "postgres://x:s3cret@hall/e"]):
        status, _, err = larp(capsys, *command, "--db", tmp_path / "x.sqlite3")
        assert status == 1 and "can be read by any user of this laptop" in err and "s3cret" not in err
    assert not (tmp_path / "x.sqlite3").exists()


def test_d_join_reads_the_address_from_the_environment_or_standard_input(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("LARP_HUB", "http://from-the-environment")
    assert "is not an event's address" in larp(capsys, "join", "--db", tmp_path / "x.sqlite3")[2]
    monkeypatch.delenv("LARP_HUB")
    monkeypatch.setattr("sys.stdin", io.StringIO("http://from-standard-input\n"))
    assert "is not an event's address" in larp(capsys, "join", "--db", tmp_path / "x.sqlite3")[2]


def test_d_a_station_given_a_hub_that_is_no_events_address_says_so(tmp_path, chronicle):
    with pytest.raises(DeskError, match="is not an event's address"):
        Desk.open(tmp_path / "bar.sqlite3", chronicle, station="bar", hub="http://example.org")


def test_a_wrong_password_is_said_as_refused_not_as_a_hub_out_of_reach(hub, tmp_path, chronicle, capsys):
    """The hub answered and refused the password: the message says so, not that it can't be reached."""
    wrong = re.sub(r"(//[^:]+:)[^@]+@", r"\1not-the-password@", hub)
    db = tmp_path / "bar.sqlite3"
    assert larp(capsys, "night", "open", "--station", "bar", "--chronicle", chronicle, "--db", db)[0] == 0
    status, _, err = larp(capsys, "join", kept(tmp_path, wrong), "--db", db)
    assert status == 1 and "refused this station's password" in err
    assert "can't be reached" not in err and "not-the-password" not in err
