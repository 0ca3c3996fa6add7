"""`larp hub start` runs no shell: the server's settings go in a file the hub writes, so a folder
named with an apostrophe and a `$( )` starts, and nothing in a name or an address is ever run."""

import shutil
import tempfile
from pathlib import Path

import pytest

from larp.event import EventError
from larp.event.cluster import is_running, stop_cluster
from larp.event.hub import start_hub
from tests.event.conftest import free_port


@pytest.fixture
def odd_folder():
    parent = Path(tempfile.mkdtemp(prefix="larp-odd-"))  # /tmp: reachable by the postgres user
    parent.chmod(0o755)
    folder = parent / "Bob's hub $(touch pwned) `touch pwned`"
    yield folder
    if (folder / "postmaster.pid").exists():
        stop_cluster(folder, mode="immediate")
    shutil.rmtree(parent, ignore_errors=True)


def pwned(folder: Path) -> list[Path]:
    return [path for path in (folder, folder.parent, Path.cwd(), Path("/var/lib/postgresql")) if (path / "pwned").exists()]


def test_a_hub_in_a_folder_with_an_apostrophe_and_a_command_starts_and_runs_nothing(odd_folder):
    settings = start_hub(odd_folder, port=free_port())
    assert is_running(odd_folder) and settings.port
    assert pwned(odd_folder) == []
    stop_cluster(odd_folder)
    start_hub(odd_folder)  # started again from what it wrote
    assert is_running(odd_folder) and pwned(odd_folder) == []


def test_an_address_with_a_command_in_it_is_never_run(odd_folder):
    with pytest.raises(EventError):
        start_hub(odd_folder, listen="127.0.0.1$(touch pwned)", port=free_port())
    assert pwned(odd_folder) == []


def test_larp_s_own_variables_never_reach_the_server(odd_folder, monkeypatch):
    monkeypatch.setenv("LARP_HUB_OWNER", "owner-secret-line")
    monkeypatch.setenv("LARP_HUB", "postgresql://larp_station:station-secret@host/larp")
    start_hub(odd_folder, port=free_port())
    pid = (odd_folder / "postmaster.pid").read_text().splitlines()[0]
    environment = Path(f"/proc/{pid}/environ").read_bytes()
    assert b"owner-secret-line" not in environment and b"station-secret" not in environment
