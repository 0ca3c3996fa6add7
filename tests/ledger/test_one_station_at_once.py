"""Several `larp record` at one station at once: every one succeeds, each entry numbered in
the transaction that writes it (no number taken twice), nothing lost."""

import json
import os
import sqlite3
import subprocess
import sys

from larp.desk import Desk
from tests.ledger.helpers import long_night, transcript, write_chronicle

RECORDS = 6


def test_concurrent_records_at_one_station_all_succeed_and_lose_nothing(tmp_path):
    folder = write_chronicle(tmp_path / "chronicle")
    db = tmp_path / "night.sqlite3"
    Desk.open(db, folder, station="hall").close()
    night = tmp_path / "night.json"
    night.write_text(json.dumps(transcript(long_night(30))))
    env = {**os.environ, "LARP_HOME": str(tmp_path / "home")}
    runs = [
        subprocess.Popen(
            [sys.executable, "-m", "larp", "record", str(night), "--db", str(db), "--station", "hall", "--quiet"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
        )
        for _ in range(RECORDS)
    ]
    for run in runs:
        _, err = run.communicate(timeout=300)
        assert run.returncode == 0, err.decode()
    with sqlite3.connect(db) as connection:
        numbers = [seq for (seq,) in connection.execute("SELECT station_seq FROM entries WHERE station = 'hall' ORDER BY station_seq")]
        lines = connection.execute("SELECT station_seq, line FROM entries").fetchall()
    assert numbers == list(range(1, len(numbers) + 1))
    assert all(json.loads(line)["seq"] == seq for seq, line in lines)
    adjudications = sum(1 for _, line in lines if json.loads(line)["kind"] == "adjudication")
    assert adjudications == RECORDS * 27
