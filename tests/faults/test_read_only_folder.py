"""A record and a chronicle on a folder that can't be written (a locked stick, a read-only
share): what only reads works, what writes says so, and nothing on the folder changes.

The folder is made read-only for one `larp` process only, by a bind mount in a mount namespace
of its own (`unshare -m`): file modes don't stop root, who runs the tests; a read-only mount
does. Where the machine allows no mount namespace, the tests are skipped and say why.
"""

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from larp.cli import main
from tests.ledger.helpers import long_night, transcript, write_chronicle

MOUNTED = 'mount --bind "$0" "$0" && mount -o remount,ro,bind "$0" "$0" && exec "$@"'


def larp_on_read_only(folder: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    """`larp ARGS` in a process that sees `folder` mounted read-only."""
    return subprocess.run(
        ["unshare", "-m", "sh", "-c", MOUNTED, str(folder), sys.executable, "-m", "larp", *args],
        cwd=cwd, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )


def fingerprint(folder: Path) -> dict[str, str]:
    return {str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest() for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.fixture
def stick(tmp_path, monkeypatch):
    """A folder holding a chronicle and a record of three challenges, closed whole."""
    folder = tmp_path / "stick"
    write_chronicle(folder / "chronicle")
    (tmp_path / "night.json").write_text(json.dumps(transcript(long_night(3))))
    monkeypatch.setenv("LARP_HOME", str(tmp_path / "home"))
    assert main(["record", str(tmp_path / "night.json"), "--db", str(folder / "night.sqlite3"),
                 "--chronicle", str(folder / "chronicle"), "--station", "hall", "--quiet"]) == 0
    probe = subprocess.run(["unshare", "-m", "sh", "-c", MOUNTED + " true", str(folder)], capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"no read-only mount can be made here: {probe.stderr.strip()}")
    return folder


def test_a_record_on_a_read_only_folder_is_read_whole_and_its_night_reconciled(stick, tmp_path):
    before = fingerprint(stick)
    log = larp_on_read_only(stick, "log", "--db", "stick/night.sqlite3", cwd=tmp_path)
    assert log.returncode == 0 and len(log.stdout.splitlines()) == 6, log.stderr
    reconciled = larp_on_read_only(stick, "reconcile", "--db", "stick/night.sqlite3", cwd=tmp_path)
    assert reconciled.returncode == 0 and "## Janet Reyes (janet)" in reconciled.stdout, reconciled.stderr
    assert fingerprint(stick) == before


@pytest.mark.parametrize(
    "command, said",
    [
        (["record", "night.json", "--db", "stick/night.sqlite3", "--quiet"], "stick/night.sqlite3 is read-only: could not write"),
        (["close-night", "--db", "stick/night.sqlite3"], "stick/night.sqlite3 is read-only: could not write the close of night 1"),
        (["night", "open", "--chronicle", "stick/chronicle", "--station", "bar", "--db", "stick/new.sqlite3"], "stick/new.sqlite3 can't be opened"),
        (["export", "--db", "stick/night.sqlite3", "--out", "stick/hall.jsonl"], "(Read-only file system)"),
        (["cards", "print", "--chronicle", "stick/chronicle", "--out", "stick/cards.pdf"], "can't write stick/cards.pdf: Read-only file system"),
    ],
    ids=lambda value: " ".join(value[:2]) if isinstance(value, list) else "",
)
def test_what_writes_on_a_read_only_folder_says_so_and_changes_nothing(stick, tmp_path, command, said):
    before = fingerprint(stick)
    done = larp_on_read_only(stick, *command, cwd=tmp_path)
    assert done.returncode == 1 and said in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert fingerprint(stick) == before
