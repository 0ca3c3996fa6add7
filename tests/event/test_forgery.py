"""No file can forge a night, no station can write under another's name: a bundle or an entry
on the hub is taken in only when signed by the key its station registered with the event."""

import hashlib
import json
import re
import uuid

import psycopg
import pytest

from larp.desk import Desk, DeskError
from larp.ledger.bundle import write_bundle
from larp.ledger.signing import public_text, read_key, sign, signing_key
from larp.ledger.store import Ledger
from tests.event.stations import joined, synced
from tests.ledger.helpers import contest, larp

SHOVE = contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors"))


@pytest.fixture
def event(tmp_path, hub, chronicle):
    """hall and bar of one event; hall's bundle of its night; crypt, joined, which merges it."""
    hall, bar, crypt = (joined(tmp_path, name, hub, chronicle) for name in ("hall", "bar", "crypt"))
    hall.record(SHOVE)
    hall.regain("cody", "physical")
    synced(hall, bar, crypt)
    hall.export(tmp_path / "hall.jsonl")
    yield hall, bar, crypt
    for desk in (hall, bar, crypt):
        desk.close()


def count(desk) -> int:
    return desk.ledger.db.execute("SELECT count(*) FROM entries").fetchone()[0]


def merge_refused(desk, bundle, match: str) -> None:
    before = count(desk)
    with pytest.raises(DeskError, match=match + ".*the bundle is refused, nothing of it was imported"):
        desk.merge(bundle)
    assert count(desk) == before


def resealed(lines: list[str], signatures: list[str]) -> str:
    """Header and entry lines, with the signatures given and a checksum that matches."""
    body = "".join(lines)
    return body + json.dumps({"signatures": signatures, "checksum": "sha256:" + hashlib.sha256(body.encode()).hexdigest()}) + "\n"


def fresh_night(tmp_path, chronicle, station: str, db: str) -> Desk:
    """A record of its own at `station`, joined to no event: its own key."""
    return Desk.open(tmp_path / db, chronicle, station=station)


def test_d_a_bundle_edited_after_export_is_refused_at_merge_naming_the_line_and_the_station(tmp_path, event, chronicle):
    hall, _, crypt = event
    hall.regain("janet", "social")  # not synced: crypt learns of it from the bundle only
    path = tmp_path / "hall.jsonl"
    hall.export(path)
    target = fresh_night(tmp_path, chronicle, "pier", "pier.sqlite3")
    lines = path.read_text().splitlines(keepends=True)
    lines[-2] = lines[-2].replace('"social"', '"mental"')
    path.write_text(resealed(lines[:-1], json.loads(lines[-1])["signatures"]))
    for desk in (crypt, target):
        merge_refused(desk, path, f"line {len(lines) - 1}: entry .* is not signed by station 'hall'")
    target.close()


def test_d_a_bundle_made_by_hand_with_a_key_of_its_own_is_refused_under_a_station_of_the_event(tmp_path, event):
    hall, _, crypt = event
    forger = Ledger.open(tmp_path / "forger.sqlite3")
    key = signing_key(forger)
    lines = [line.replace('"cody"', '"ruth"') for line in hall.ledger.lines(hall.night_row, station="hall")]
    write_bundle(tmp_path / "forged.jsonl", "alder-bay", 1, "hall", public_text(key), [(line, sign(key, "alder-bay", 1, line)) for line in lines], "2026-01-01T00:00:00")
    merge_refused(crypt, tmp_path / "forged.jsonl", "is signed by another key .* than the one this record trusts for station 'hall'")
    write_bundle(tmp_path / "bare.jsonl", "alder-bay", 1, "hall", public_text(key), [(line, "") for line in lines], "2026-01-01T00:00:00")
    merge_refused(crypt, tmp_path / "bare.jsonl", "signed by another key")
    forger.close()


def test_d_a_bundle_of_another_events_station_is_refused(tmp_path, cluster, event, chronicle):
    *_, crypt = event
    other_event = cluster.database("another_event")
    try:
        pier = joined(tmp_path, "pier", other_event, chronicle)
        pier.record(SHOVE)
        pier.export(tmp_path / "pier.jsonl")
        merge_refused(crypt, tmp_path / "pier.jsonl", "station 'pier', which is not a station of the event this record joined")
        pier.close()
    finally:
        cluster.drop("another_event")


def test_d_an_entry_under_another_stations_name_in_a_bundle_is_refused(tmp_path, event):
    _, bar, crypt = event
    bar.record(SHOVE)
    bar.export(tmp_path / "bar.jsonl")
    path = tmp_path / "bar.jsonl"
    lines = path.read_text().replace('"station":"bar"', '"station":"hall"').splitlines(keepends=True)  # bar's entries, said to be hall's
    path.write_text(resealed(lines[:-1], json.loads(lines[-1])["signatures"]))
    merge_refused(crypt, path, "is signed by another key")


def test_d_an_old_unsigned_bundle_is_refused_saying_to_export_it_again(tmp_path, event):
    *_, crypt = event
    path = tmp_path / "hall.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    path.write_text(lines[0].replace('"version":3', '"version":1') + "".join(lines[1:]))
    merge_refused(crypt, path, "older larp, which did not sign entries: ask the Narrator of station 'hall' to export it again")


def put_on_hub(connection: psycopg.Connection, entry_line: str, station: str, seq: int, signature) -> None:
    """An entry added to the hub through `connection`, under `station`'s name."""
    line = json.loads(entry_line)
    line.update(id=uuid.uuid4().hex, station=station, seq=seq)
    text = json.dumps(line, separators=(",", ":"))
    connection.execute(
        "INSERT INTO larp_entries (id, chronicle, night, station, seq, line, signature) VALUES (%s, 'alder-bay', 1, %s, %s, %s, %s)",
        (line["id"], station, seq, text, signature(text) if callable(signature) else signature),
    )


def forged(cluster, hub: str, login: str, *entry) -> None:
    """The entry refused at the hub from a station's own login (it adds only its own station's);
    then added by the hub's owner, who can add anything."""
    with psycopg.connect(login, autocommit=True) as station, pytest.raises(psycopg.errors.RaiseException, match="this login is station"):
        put_on_hub(station, *entry)
    with cluster.as_owner(hub) as owner:
        put_on_hub(owner, *entry)


def pull_refused(desk, match: str) -> None:
    """The forged entry is set aside, named with its reason; nothing of it is taken, and the
    sync goes on."""
    before = count(desk)
    moved = desk.sync()
    assert any(re.search(match, said) for said in moved.aside), moved.aside
    assert count(desk) == before


def test_d_an_entry_put_on_the_hub_under_another_stations_name_is_refused_at_sync(tmp_path, cluster, hub, event):
    hall, bar, crypt = event
    bars_key = read_key(tmp_path / "bar.sqlite3.key")
    model = hall.ledger.lines(hall.night_row, station="hall")[-1]
    forged(cluster, hub, bar.hub, model, "hall", 99, lambda text: sign(bars_key, "alder-bay", 1, text))  # bar, signing as hall
    pull_refused(crypt, "entry .* of station 'hall' .* is not signed by the key station 'hall' registered with the event")


def test_d_an_entry_signed_by_another_events_station_or_by_none_is_refused_at_sync(tmp_path, cluster, hub, event):
    hall, _, crypt = event
    stranger = Ledger.open(tmp_path / "stranger.sqlite3")
    model = hall.ledger.lines(hall.night_row, station="hall")[-1]
    forged(cluster, hub, crypt.hub, model, "pier", 1, lambda text: sign(signing_key(stranger), "alder-bay", 1, text))
    pull_refused(crypt, "entry .* of station 'pier' .* is not signed by the key station 'pier' registered")
    stranger.close()


def test_d_an_entry_changed_on_the_hub_by_its_owner_is_refused_at_sync(cluster, hub, event):
    hall, _, crypt = event
    entry = hall.regain("janet", "social")
    hall.sync()
    with cluster.as_owner(hub) as owner:
        owner.execute("UPDATE larp_entries SET line = replace(line, '\"social\"', '\"mental\"') WHERE id = %s", (entry.id,))
    pull_refused(crypt, f"entry {entry.short_id} of station 'hall' .* is not signed by the key station 'hall' registered")


def test_d_a_second_station_by_a_taken_name_is_refused_and_not_joined(tmp_path, cluster, hub, event, chronicle, capsys):
    impostor = fresh_night(tmp_path, chronicle, "hall", "impostor.sqlite3")
    with pytest.raises(DeskError, match="has another station called 'hall' already: give this one a name of its own"):
        impostor.join(hub)
    assert impostor.ledger.setting("hub") is None
    impostor.close()
    (tmp_path / "hub.txt").write_text(hub)
    status, _, err = larp(capsys, "join", tmp_path / "hub.txt", "--db", tmp_path / "impostor.sqlite3")
    assert status == 1 and "another station called 'hall'" in err
    with cluster.as_owner(hub) as owner:
        assert owner.execute("SELECT count(*) FROM larp_station_keys WHERE name = 'hall'").fetchone()[0] == 1


def test_d_a_station_opened_on_the_event_under_a_taken_name_is_refused(tmp_path, hub, event, chronicle):
    with pytest.raises(DeskError, match="has another station called 'bar' already"):
        Desk.open(tmp_path / "impostor.sqlite3", chronicle, station="bar", hub=hub)
    record = Ledger.open(tmp_path / "impostor.sqlite3")
    assert record.setting("hub") is None
    record.close()
