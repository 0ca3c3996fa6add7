"""Bundles: exported whole, merged twice as once, and refused whole when anything is wrong."""

import hashlib
import json

import pytest

from larp.desk import Desk, DeskError
from tests.ledger.helpers import contest, open_desk, write_chronicle

SHOVE = contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors"))


@pytest.fixture
def bundle(tmp_path):
    with open_desk(tmp_path, station="bar") as desk:
        desk.record(SHOVE)
        desk.regain("cody", "physical")
        desk.export(tmp_path / "bar.jsonl")
    return tmp_path / "bar.jsonl"


@pytest.fixture
def target(tmp_path):
    desk = Desk.open(tmp_path / "merged.sqlite3", open_night=False)
    yield desk
    desk.close()


def count(desk) -> int:
    return desk.ledger.db.execute("SELECT COUNT(*) FROM entries").fetchone()[0]


def rewrite(path, change):
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(change(lines)))


def test_a_bundle_has_a_header_its_entries_their_signatures_and_a_checksum(bundle):
    header, *entries, last = [json.loads(line) for line in bundle.read_text().splitlines()]
    assert header["bundle"] == "larp-night" and header["version"] == 3
    assert (header["chronicle"], header["night"], header["station"]) == ("alder-bay", 1, "bar")
    assert header["entries"] == len(entries) == 3
    assert [e["kind"] for e in entries] == ["night-opened", "adjudication", "regain"]
    assert last["checksum"].startswith("sha256:") and len(last["signatures"]) == 3


def test_merging_a_bundle_twice_changes_nothing_the_second_time(bundle, target):
    assert target.merge(bundle) == 3
    first = target.reconcile().to_json()
    assert target.merge(bundle) == 0
    assert count(target) == 3
    assert target.reconcile().to_json() == first
    assert first["characters"]["cody"]["end"]["regained"] == ["physical"]


def test_a_line_the_record_holds_is_not_checked_again_and_a_new_one_is(bundle, target, monkeypatch):
    import larp.ledger.bundle_reading as reading

    checked, check = [], reading.bundled
    monkeypatch.setattr(reading, "bundled", lambda *args: checked.append(args[1]) or check(*args))
    assert target.merge(bundle) == 3 and checked == [2, 3, 4]
    checked.clear()
    assert target.merge(bundle) == 0 and checked == []
    rewrite(bundle, lambda lines: [lines[0], lines[1].replace('"narrator":', '"narrator" :'), *lines[2:]])
    with pytest.raises(DeskError, match="checksum does not match"):
        target.merge(bundle)
    assert checked == [2] and count(target) == 3


def test_a_bundle_merged_into_the_station_that_made_it_adds_nothing(tmp_path, bundle):
    with Desk.open(tmp_path / "night.sqlite3", tmp_path / "chronicle", station="bar") as desk:
        assert desk.merge(bundle) == 0


def refused(target, bundle, message):
    with pytest.raises(DeskError, match=message):
        target.merge(bundle)
    assert count(target) == 0


def test_a_bundle_with_one_corrupted_line_is_refused_whole(bundle, target):
    rewrite(bundle, lambda lines: [lines[0], lines[1], lines[2].replace("Brawny", "Brawnz"), *lines[3:]])
    refused(target, bundle, "is corrupt: its checksum does not match its content.*nothing of it was imported")


def test_a_line_that_is_no_longer_json_is_named(bundle, target):
    rewrite(bundle, lambda lines: [lines[0], lines[1][:-20] + "\n", *lines[2:]])
    refused(target, bundle, "is corrupt: line 2 is not a JSON object")


def test_a_truncated_bundle_is_refused_whole(bundle, target):
    text = bundle.read_bytes()
    bundle.write_bytes(text[: len(text) // 2])
    refused(target, bundle, "is truncated")
    rewrite(bundle, lambda lines: lines[:-1])
    refused(target, bundle, "is truncated")


def test_a_bundle_cut_at_a_line_end_is_refused_whole(bundle, target):
    rewrite(bundle, lambda lines: lines[:3])
    refused(target, bundle, "is truncated: it ends at line 3 without its checksum")


def test_a_bundle_of_an_unknown_format_version_is_refused_whole(bundle, target):
    rewrite(bundle, lambda lines: [lines[0].replace('"version":3', '"version":4'), *lines[1:]])
    refused(target, bundle, "format version 4, which this larp does not know")


def test_a_file_that_is_not_a_bundle_is_refused(tmp_path, target):
    other = tmp_path / "notes.jsonl"
    other.write_text('{"hello": "world"}\n')
    refused(target, other, "is not a larp night bundle")


def test_a_bundle_of_another_chronicle_is_refused_whole(tmp_path, bundle):
    folder = write_chronicle(tmp_path / "other", chronicle_id="harbour-lights")
    with Desk.open(tmp_path / "other.sqlite3", folder, station="pier") as desk:
        before = count(desk)
        with pytest.raises(DeskError, match="is a bundle of chronicle 'alder-bay', and this record holds chronicle 'harbour-lights'"):
            desk.merge(bundle)
        assert count(desk) == before


def test_a_bundle_that_contradicts_the_record_is_refused_whole(tmp_path, bundle, target):
    target.merge(bundle)
    with open_desk(tmp_path, station="bar", db="impostor.sqlite3") as impostor:
        impostor.record(SHOVE)
        impostor.export(tmp_path / "impostor.jsonl")
    with pytest.raises(DeskError, match="signed by another key .* than the one this record trusts for station 'bar'"):
        target.merge(tmp_path / "impostor.jsonl")
    assert count(target) == 3


def test_an_entry_whose_payload_is_not_what_its_kind_holds_is_refused(bundle, target):
    def damage(lines):
        entry = json.loads(lines[2])
        del entry["payload"]["result"]
        body = [lines[0], lines[1], json.dumps(entry) + "\n", lines[3]]
        digest = hashlib.sha256("".join(body).encode()).hexdigest()
        return body + [json.dumps({"signatures": json.loads(lines[-1])["signatures"], "checksum": "sha256:" + digest}) + "\n"]

    rewrite(bundle, damage)
    refused(target, bundle, "is corrupt: line 3: adjudication.payload.result: Field required")


def test_exporting_a_station_that_wrote_nothing_says_so(tmp_path, bundle):
    with Desk.read(tmp_path / "night.sqlite3") as desk:
        with pytest.raises(DeskError, match="station 'elsewhere' wrote nothing in night 1"):
            desk.export(tmp_path / "empty.jsonl", station="elsewhere")
