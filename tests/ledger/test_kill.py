"""A station killed in the middle of recording keeps every committed entry, and no partial one."""

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from larp.ledger import Kind, Ledger, Tonight
from larp.ledger.payloads import PAYLOADS
from larp.rules import replay
from larp.sheet.transcript import Transcript
from tests.ledger.helpers import long_night, transcript, write_chronicle

REPO = Path(__file__).resolve().parents[2]
PRINTED_BEFORE_THE_KILL = 40


def test_sigkill_while_recording_keeps_every_committed_entry_and_no_partial_one(tmp_path):
    events = long_night(2000)
    night = tmp_path / "long-night.json"
    night.write_text(json.dumps(transcript(events)))
    db = tmp_path / "night.sqlite3"
    folder = write_chronicle(tmp_path / "chronicle")
    child = subprocess.Popen(
        [sys.executable, "-c", "import sys; from larp.cli import main; sys.exit(main(sys.argv[1:]))",
         "record", str(night), "--db", str(db), "--chronicle", str(folder), "--station", "hall"],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        text=True,
    )
    printed = []
    for line in child.stdout:
        printed.append(line.split()[0])
        if len(printed) == PRINTED_BEFORE_THE_KILL:
            break
    child.send_signal(signal.SIGKILL)
    child.wait()
    child.stdout.close()
    assert child.returncode == -signal.SIGKILL  # killed in the middle, not finished

    ledger = Ledger.open(db)
    assert ledger.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    entries = ledger.entries(ledger.nights()[-1])
    assert set(printed) <= {entry.id for entry in entries}
    for entry in entries:
        PAYLOADS[entry.kind].model_validate(entry.payload)
    recorded = [e for e in entries if e.kind in (Kind.ADJUDICATION, Kind.CLOCK) and e.payload.get("action") != "hold"]
    assert len(recorded) < len(events)
    assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
    for entry, event in zip(recorded, events):  # each entry is its event, whole
        if entry.kind is Kind.ADJUDICATION:
            assert entry.payload["challenge"] == event.challenge.model_dump(mode="json", exclude_none=True)
        else:
            assert entry.payload == {"action": "advance", "minutes": event.clock.advance_minutes}
    done = replay(Transcript.model_validate(transcript(events[: len(recorded)])))
    assert Tonight.of(entries).night(0).to_json() == done.night.to_json()
