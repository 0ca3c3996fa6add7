"""Bundles between records that joined no event: each station's key is trusted from its first
bundle (said when merged), a record's own name only under its own key, and an entry only as
its station signed it."""

import hashlib
import json

import pytest

from larp.desk import Desk, DeskError
from larp.ledger.bundle import write_bundle
from larp.ledger.signing import public_text, sign, signing_key
from larp.ledger.store import Ledger
from tests.ledger.helpers import contest, larp, open_desk

SHOVE = contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors"))


def forged(tmp_path, lines: list[str], station: str, name: str):
    """A bundle made by hand, with larp's own code and a key made for it."""
    forger = Ledger.open(tmp_path / f"{name}.sqlite3")
    key = signing_key(forger)
    forger.close()
    path = tmp_path / f"{name}.jsonl"
    write_bundle(path, "alder-bay", 1, station, public_text(key), [(line, sign(key, "alder-bay", 1, line)) for line in lines], "2026-01-01T00:00:00")
    return path


def test_d_a_stations_key_is_trusted_from_its_first_bundle_and_said_with_its_fingerprint(tmp_path, capsys):
    with open_desk(tmp_path, station="bar", db="bar.sqlite3") as bar:
        bar.record(SHOVE)
        status, out, _ = larp(capsys, "export", "--out", tmp_path / "bar.jsonl", "--db", tmp_path / "bar.sqlite3")
        assert status == 0 and f"Signed by station bar, key {bar.signing_key()}" in out
        said = bar.signing_key()
    status, out, _ = larp(capsys, "merge", tmp_path / "bar.jsonl", "--db", tmp_path / "hall.sqlite3")
    assert status == 0 and f"station 'bar' is new to this record: its key {said} is trusted from now on" in out
    status, out, _ = larp(capsys, "merge", tmp_path / "bar.jsonl", "--db", tmp_path / "hall.sqlite3")
    assert status == 0 and "is new to this record" not in out


def test_d_a_bundle_under_a_known_stations_name_signed_by_another_key_is_refused(tmp_path):
    with open_desk(tmp_path, station="bar", db="bar.sqlite3") as bar:
        bar.record(SHOVE)
        bar.export(tmp_path / "bar.jsonl")
        lines = bar.ledger.lines(bar.night_row)
    with Desk.open(tmp_path / "hall.sqlite3", open_night=False) as hall:
        hall.merge(tmp_path / "bar.jsonl")
        with pytest.raises(DeskError, match="signed by another key .* than the one this record trusts for station 'bar'"):
            hall.merge(forged(tmp_path, [line.replace("Quick", "Lithe") for line in lines], "bar", "forger"))


def test_d_a_bundle_under_the_merging_stations_own_name_signed_by_another_key_is_refused(tmp_path):
    with open_desk(tmp_path, station="hall") as hall:
        hall.record(SHOVE)
        lines = hall.ledger.lines(hall.night_row)
        forgery = forged(tmp_path, [line.replace("Quick", "Lithe") for line in lines], "hall", "forger")
        before = hall.ledger.lines(hall.night_row)
        with pytest.raises(DeskError, match="signed by another key .* for station 'hall'"):
            hall.merge(forgery)
        assert hall.ledger.lines(hall.night_row) == before


def test_d_the_signing_key_is_owner_only_beside_the_record_and_never_in_a_bundle(tmp_path):
    with open_desk(tmp_path, station="bar", db="bar.sqlite3") as bar:
        bar.record(SHOVE)
        bar.export(tmp_path / "bar.jsonl")
    key = tmp_path / "bar.sqlite3.key"
    assert key.stat().st_mode & 0o777 == 0o600
    private = key.read_text().splitlines()[1]
    assert private not in (tmp_path / "bar.jsonl").read_text()


def test_d_a_stations_own_bundle_is_sealed_and_a_seal_kept_over_changed_lines_does_not_let_them_in(tmp_path):
    with open_desk(tmp_path, station="bar", db="bar.sqlite3") as bar:
        bar.record(SHOVE)
        bar.export(tmp_path / "bar.jsonl")
    path = tmp_path / "bar.jsonl"
    *lines, last = path.read_text().splitlines(keepends=True)
    trailer = json.loads(last)
    assert set(trailer) == {"signatures", "checksum", "seal"}
    lines[2] = lines[2].replace("Brawny", "Mighty")
    body = "".join(lines)
    trailer["checksum"] = "sha256:" + hashlib.sha256(body.encode()).hexdigest()  # the seal kept as it was
    path.write_text(body + json.dumps(trailer) + "\n")
    with Desk.open(tmp_path / "hall.sqlite3", open_night=False) as hall:
        with pytest.raises(DeskError, match="line 3: entry .* is not signed by station 'bar'"):
            hall.merge(path)
        assert hall.ledger.db.execute("SELECT count(*) FROM entries").fetchone()[0] == 0


def test_d_a_bundle_of_another_stations_entries_goes_unsealed_with_their_own_signatures(tmp_path):
    with open_desk(tmp_path, station="bar", db="bar.sqlite3") as bar:
        bar.record(SHOVE)
        bar.export(tmp_path / "bar.jsonl")
    with Desk.open(tmp_path / "hall.sqlite3", open_night=False) as hall:
        hall.merge(tmp_path / "bar.jsonl")
        hall.export(tmp_path / "relayed.jsonl", station="bar")
    relayed = json.loads((tmp_path / "relayed.jsonl").read_text().splitlines()[-1])
    assert "seal" not in relayed and relayed["signatures"] == json.loads((tmp_path / "bar.jsonl").read_text().splitlines()[-1])["signatures"]
    with Desk.open(tmp_path / "crypt.sqlite3", open_night=False) as crypt:
        assert crypt.merge(tmp_path / "relayed.jsonl") == 2
