"""`larp hub start|status|stop`, `larp join`, `larp sync` as a Narrator types them."""

import re
import shutil
import tempfile
from pathlib import Path

import pytest

from tests.event.conftest import free_port
from tests.ledger.helpers import larp


@pytest.fixture
def hub_dir():
    folder = Path(tempfile.mkdtemp(prefix="larp-hub-"))  # /tmp: reachable by the postgres user
    folder.chmod(0o755)
    yield folder / "hub"
    larp_stop = folder / "hub" / "postmaster.pid"
    if larp_stop.exists():
        from larp.event.cluster import stop_cluster

        stop_cluster(folder / "hub", mode="immediate")
    shutil.rmtree(folder, ignore_errors=True)


def test_d_hub_start_prints_the_join_line_and_warns_off_loopback_then_status_and_stop(cluster, hub_dir, chronicle, capsys, tmp_path):
    status, out, err = larp(capsys, "hub", "start", "--dir", hub_dir, "--port", free_port(), "--listen", "0.0.0.0")
    assert status == 0, err
    assert "Warning: the hub listens on 0.0.0.0" in err and "hand it only to Narrators" in out
    url = re.search(r"larp join '(postgresql://[^']+)'", out).group(1)
    db = tmp_path / "bar.sqlite3"
    assert larp(capsys, "night", "open", "--station", "bar", "--chronicle", chronicle, "--db", db)[0] == 0
    status, out, err = larp(capsys, "join", url, "--db", db)
    assert status == 0, err
    assert "Station bar joined the event" in out and "1 entries sent to the hub" in out
    status, out, _ = larp(capsys, "sync", "--db", db)
    assert status == 0 and "0 entries sent to the hub, 0 new entries" in out
    status, out, _ = larp(capsys, "hub", "status", "--dir", hub_dir)
    assert status == 0 and re.search(r"bar: 1 entries, last sync \d{4}-", out)
    assert larp(capsys, "hub", "start", "--dir", hub_dir)[0] == 1
    assert larp(capsys, "hub", "stop", "--dir", hub_dir)[0] == 0
    status, _, err = larp(capsys, "sync", "--db", db)
    assert status == 1 and "can't be reached" in err and url.split(":")[2].split("@")[0] not in err


def test_d_join_refuses_what_is_not_an_events_address(capsys, tmp_path):
    status, _, err = larp(capsys, "join", "http://example.org", "--db", tmp_path / "x.sqlite3")
    assert status == 1 and "not an event's address" in err
