"""Every station converges to one record: through a hub killed mid-night, and for a station
offline all night that joins at the end; what slipped through offline is an anomaly."""

import json
import time

import psycopg

from larp.desk import Desk
from larp.sheet.transcript import Party
from tests.event.stations import joined, synced
from tests.ledger.helpers import WallClock, contest, larp, leap, transcript

HALL = [leap(n) for n in range(10)] + [contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors"))]
BAR = [contest("ruth", "Patient", "wick", "Cunning", ("rock", "paper"), category="mental", effect=f"a riddle {n}") for n in range(2)]
BAR += [leap(n).model_copy(update={"challenge": leap(n).challenge.model_copy(update={"challenger": Party(character="wick", trait="Quick")})}) for n in range(9)]


def converged(*desks: Desk, timeout: float = 20) -> bool:
    """Wait until every live desk holds the same entries."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        held = [sorted(line for line in desk.ledger.lines(desk.night_row)) for desk in desks]
        if all(lines == held[0] for lines in held) and all(d.sync_status().waiting == 0 for d in desks):
            return True
        time.sleep(0.2)
    return False


def reconciled(capsys, desk: Desk) -> dict:
    status, out, _ = larp(capsys, "reconcile", "--format", "json", "--db", desk.ledger.where)
    assert status == 0
    return json.loads(out)


def test_d_a_hub_killed_mid_night_loses_nothing_and_both_stations_converge(tmp_path, cluster, hub, chronicle, capsys):
    hall, bar = joined(tmp_path, "hall", hub, chronicle), joined(tmp_path, "bar", hub, chronicle)
    hall.go_live(), bar.go_live()
    half = len(HALL) // 2
    for a, b in zip(HALL[:half], BAR[:half]):
        hall.record(a), bar.record(b)
    cluster.kill()
    for a, b in zip(HALL[half:], BAR[half:]):
        hall.record(a), bar.record(b)
    time.sleep(1.5)
    assert not hall.sync_status().online and hall.sync_status().waiting > 0
    assert "offline since" in bar.sync_status().text()
    cluster.restart()
    assert converged(hall, bar)
    everyone = 2 + len(HALL) + len(BAR)
    for desk in (hall, bar):
        ids = [entry.id for entry in desk.entries()]
        assert len(ids) == len(set(ids)) == everyone
    with psycopg.connect(hall.hub) as connection:
        assert connection.execute("SELECT count(*), count(DISTINCT id) FROM larp_entries").fetchone() == (everyone, everyone)
    night = tmp_path / "the-night.json"
    night.write_text(json.dumps(transcript(HALL + BAR)))
    status, out, _ = larp(capsys, "resolve", night)
    assert status == 0
    resolved = json.loads(out)["characters"]
    for desk in (hall, bar):
        done = reconciled(capsys, desk)
        assert done["anomalies"] == []
        assert {cid: night["end"] for cid, night in done["characters"].items()} == resolved
    hall.close(), bar.close()


def test_d_a_station_offline_all_night_joins_at_the_end_and_its_rule_breaks_are_anomalies(tmp_path, hub, chronicle, capsys):
    wall = WallClock()
    hall = joined(tmp_path, "hall", hub, chronicle, now=wall)
    crypt = joined(tmp_path, "crypt", None, chronicle, now=wall)
    sway = contest("janet", "Charismatic", "cody", "Impressive", ("rock", "paper"), category="social", effect="sway the vote")
    lost = hall.record(sway)
    hall.record(contest("cody", "Brawny", "janet", "Quick", ("rock", "scissors")))
    regain = hall.regain("janet", "physical")
    hall.sync()
    wall.wait(1)
    crypt.record(sway)  # the five-minute rule held it at the hall
    crypt.record(contest("cody", "Brawny", "janet", "Tough", ("rock", "scissors")))
    second = crypt.regain("janet", "physical")  # janet regained her Physical Traits at the hall already
    (tmp_path / "hub.txt").write_text(hub)
    status, out, _ = larp(capsys, "join", tmp_path / "hub.txt", "--db", crypt.ledger.where)
    assert status == 0 and "entries sent to the hub" in out
    synced(hall, crypt)
    assert sorted(hall.ledger.lines(hall.night_row)) == sorted(crypt.ledger.lines(crypt.night_row))
    found = {}
    for desk in (hall, crypt):
        done = reconciled(capsys, desk)
        found[desk.station] = sorted((a["kind"], a["station"], a.get("earlier_station"), a.get("earlier_entry")) for a in done["anomalies"])
    assert found["hall"] == found["crypt"]
    assert ("regain-twice", "crypt", "hall", regain.id) in found["hall"]
    assert ("lock-broken", "crypt", "hall", lost.id) in found["hall"]
    assert second.id in {e.id for e in hall.entries()}
