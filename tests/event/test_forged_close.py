"""A close of a night is checked once against the fold of what it read: one signed with a
station's key but carrying doctored sheets (Willpower 99), backdated to outrank the real close,
is flagged `close-differs`, and every station starts the next night from the fold."""

import json
import uuid

import psycopg

from larp.ledger.signing import read_key, sign
from tests.event.stations import joined, synced
from tests.ledger.helpers import contest


def test_a_doctored_backdated_close_changes_no_sheet_and_is_flagged(tmp_path, hub, chronicle):
    hall, bar = joined(tmp_path, "hall", hub, chronicle), joined(tmp_path, "bar", hub, chronicle)
    hall.record(contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors")))
    synced(hall, bar)
    hall.archive_night()
    synced(hall, bar)
    real = [e for e in bar.entries(night=1) if e.kind.value == "night-ended"][0]
    forged = real.to_json()
    forged.update(id=uuid.uuid4().hex, station="bar", seq=1000, wall_time="2000-01-01T00:00:00.000000+00:00")
    for start in forged["payload"]["characters"]:
        start["sheet"]["willpower"] = start["willpower"] = 99
    forged["payload"]["read"] = {station: 1 for station in forged["payload"]["read"]}  # it read less: it stands first
    line = json.dumps(forged, separators=(",", ":"))
    with psycopg.connect(bar.hub, autocommit=True) as connection:
        connection.execute(
            "INSERT INTO larp_entries (id, chronicle, night, station, seq, line, signature) VALUES (%s, 'alder-bay', 1, 'bar', 1000, %s, %s)",
            (forged["id"], line, sign(read_key(tmp_path / "bar.sqlite3.key"), "alder-bay", 1, line)),
        )
    hall.sync()
    assert "close-differs" in [a.kind for a in hall.reconcile(night=1).anomalies]
    starts = hall.ledger.starting_states(hall.ledger.night("alder-bay", 2))
    assert starts and all(start["willpower"] < 99 and start["sheet"]["willpower"] < 99 for start in starts.values())
    hall.close(), bar.close()
