"""Two stations record their nights apart; a third record merges both bundles (twice) and
reconciles: every character ends as `larp resolve` says over the same events, in order."""

import json

import pytest

from larp.rules import replay
from larp.sheet.transcript import Transcript
from tests.ledger.helpers import clock, contest, larp, regaining, transcript, write_chronicle

HALL = [
    contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors")),
    clock(5),
    contest("cody", "Impressive", "janet", "Charismatic", ("paper", "rock"), category="social", effect="sway the vote"),
    contest("ruth", "Patient", "wick", "Cunning", ("rock", "rock"), category="mental"),
]
BAR = [
    clock(30),
    contest("wick", "Quick", "janet", "Tough", ("scissors", "paper")),
    regaining("janet", "physical"),
    contest("cody", "Tough", "ruth", "Steady", ("paper", "scissors")),
    clock(2),
    regaining("cody", "social"),
]


def station(tmp_path, capsys, name, events, narrator):
    db = tmp_path / f"{name}.sqlite3"
    night = tmp_path / f"{name}.json"
    night.write_text(json.dumps(transcript(events)))
    assert larp(capsys, "night", "open", "--station", name, "--narrator", narrator, "--chronicle", tmp_path / "chronicle", "--db", db)[0] == 0
    assert larp(capsys, "record", night, "--db", db)[0] == 0
    assert larp(capsys, "night", "close", "--db", db)[0] == 0
    assert larp(capsys, "export", "--out", tmp_path / f"{name}.jsonl", "--db", db)[0] == 0
    return tmp_path / f"{name}.jsonl"


def merged_reconciliation(tmp_path, capsys, *bundles) -> dict:
    merged = tmp_path / "merged.sqlite3"
    status, out, _ = larp(capsys, "merge", *bundles, "--db", merged)
    assert status == 0 and ": 0 new entries" not in out
    status, out, _ = larp(capsys, "merge", *bundles, "--db", merged)
    assert status == 0 and out.count(": 0 new entries") == len(bundles)
    status, out, _ = larp(capsys, "reconcile", "--format", "json", "--db", merged)
    assert status == 0
    return json.loads(out)


@pytest.fixture(autouse=True)
def chronicle(tmp_path):
    write_chronicle(tmp_path / "chronicle")


def test_two_stations_merged_twice_end_every_character_as_larp_resolve_does(tmp_path, capsys):
    bundles = [station(tmp_path, capsys, "hall", HALL, "Ann"), station(tmp_path, capsys, "bar", BAR, "Bo")]
    done = merged_reconciliation(tmp_path, capsys, *bundles)
    resolved = replay(Transcript.model_validate(transcript(HALL + BAR)))
    assert done["anomalies"] == [] and done["stations"] == ["bar", "hall"]
    assert {cid: night["end"] for cid, night in done["characters"].items()} == resolved.night.to_json()
    janet = done["characters"]["janet"]["changes"]
    assert [(c["station"], c["narrator"]) for c in janet] == [("hall", "Ann"), ("hall", "Ann"), ("bar", "Bo"), ("bar", "Bo")]


def test_the_anomalies_planted_at_two_stations_are_found(tmp_path, capsys):
    hall = [
        contest("cody", "Brawny", "janet", "Quick", ("rock", "scissors")),
        regaining("janet", "social"),
        regaining("wick", "social"),
    ]
    bar = [
        clock(30),
        contest("wick", "Quick", "janet", "Quick", ("rock", "scissors")),
        regaining("janet", "social"),
        regaining("wick", "mental"),
    ]
    bundles = [station(tmp_path, capsys, "hall", hall, "Ann"), station(tmp_path, capsys, "bar", bar, "Bo")]
    done = merged_reconciliation(tmp_path, capsys, *bundles)
    found = sorted((a["kind"], a["character"], a["station"]) for a in done["anomalies"])
    assert found == [
        ("below-zero", "wick", "bar"),
        ("regain-twice", "janet", "bar"),
        ("trait-not-there", "janet", "bar"),
    ]
    assert done["characters"]["wick"]["end"]["willpower"] == 0
