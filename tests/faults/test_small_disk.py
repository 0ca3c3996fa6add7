"""A disk that fills (RLIMIT_FSIZE in the process, SIGXFSZ ignored so that writes fail with
EFBIG as on a full disk) and a folder that is not there: the record is left as it was before an
entry or after it, the command says why, an export leaves no `.partial` behind. (A read-only
record is tests/ledger/test_failures.py's; a read-only folder, test_read_only_folder.py's.)"""

import json
import os
import resource
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from tests.faults.test_kill_points import summaries
from tests.ledger.helpers import long_night, transcript, write_chronicle

REPO = Path(__file__).resolve().parents[2]


def larp(folder: Path, *arguments: str, file_size: int | None = None) -> subprocess.CompletedProcess:
    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (file_size, file_size))

    env = {**os.environ, "LARP_HOME": str(folder / "home"), "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "larp", *arguments], cwd=folder, env=env, capture_output=True,
                          text=True, timeout=300, preexec_fn=limited if file_size else None)


def recorded(tmp_path: Path) -> Path:
    write_chronicle(tmp_path / "chronicle")
    (tmp_path / "night.json").write_text(json.dumps(transcript(long_night(40))))
    done = larp(tmp_path, "record", "night.json", "--db", "night.sqlite3", "--chronicle", "chronicle", "--station", "hall", "--quiet")
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(tmp_path / "night.sqlite3") as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return tmp_path / "night.sqlite3"


def test_a_disk_that_fills_while_recording_keeps_every_whole_entry_and_says_so(tmp_path):
    db = recorded(tmp_path)
    before = summaries(db)
    full = larp(tmp_path, "record", "night.json", "--db", "night.sqlite3", "--station", "hall", "--quiet",
                file_size=db.stat().st_size + 20_000)
    assert full.returncode == 1, full.stderr
    assert "Traceback" not in full.stderr and "could not write" in full.stderr and "everything recorded before is kept" in full.stderr
    left = summaries(db)
    assert left[: len(before)] == before and len(left) > len(before)
    again = larp(tmp_path, "record", "night.json", "--db", "night.sqlite3", "--station", "hall", "--quiet")
    assert again.returncode == 0, again.stderr
    assert summaries(db)[: len(left)] == left


def test_an_export_onto_a_full_disk_is_refused_and_leaves_no_partial_file(tmp_path):
    db = recorded(tmp_path)
    assert larp(tmp_path, "export", "--db", "night.sqlite3", "--out", "first.jsonl").returncode == 0  # the station's key made
    (tmp_path / "first.jsonl").unlink()
    before = db.read_bytes()
    full = larp(tmp_path, "export", "--db", "night.sqlite3", "--out", "night.jsonl", file_size=4096)
    assert full.returncode == 1 and "the bundle can't be written to night.jsonl" in full.stderr
    assert not list(tmp_path.glob("night.jsonl*"))
    assert db.read_bytes() == before


def test_an_export_into_a_folder_that_is_not_there_leaves_nothing(tmp_path):
    recorded(tmp_path)
    refused = larp(tmp_path, "export", "--db", "night.sqlite3", "--out", "gone/night.jsonl")
    assert refused.returncode == 1 and "can't be written" in refused.stderr and "Traceback" not in refused.stderr
    assert not (tmp_path / "gone").exists()
