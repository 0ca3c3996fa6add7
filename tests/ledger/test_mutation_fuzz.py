"""Mutation fuzzers: 500 damaged transcripts into `larp record`, 500 damaged bundles into `larp merge`.

Never a traceback; never a partial write: the record after holds every line it held before,
unchanged and in order, and anything new is a whole entry of its kind. A refused transcript
(exit 2) or a refused bundle (exit 1) leaves the record exactly as it was.
"""

import contextlib
import hashlib
import io
import json
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from larp.cli import main
from larp.ledger.payloads import ENTRY_LINE
from larp.ledger.signing import read_key, sign
from tests.fuzz.shapes import mutated_json
from tests.ledger.helpers import clock, contest, leap, open_desk, regaining, transcript

MUTATIONS = 500
EVENTS = [
    leap(1),
    contest("janet", "Quick", "cody", "Brawny", ("rock", "rock"), steps=[{"declare": {"side": "challenger", "total": 1}}]),
    regaining("cody", "physical"),
    clock(2),
    contest("cody", "Impressive", "janet", "Charismatic", ("paper", "scissors"), category="social",
            steps=[{"retest": {"side": "challenger", "source": "ability", "name": "Leadership"}}, {"throw": {"challenger": "rock", "defender": "scissors"}}]),
]
def mutated_bytes(raw: bytes, rng: random.Random) -> bytes:
    """A byte flipped, a run of bytes cut out, or the end cut off."""
    cut = rng.randrange(len(raw))
    how = rng.random()
    if how < 0.4:
        return raw[:cut] + bytes([rng.randrange(256)]) + raw[cut + 1 :]
    if how < 0.7:
        return raw[:cut] + raw[cut + rng.randrange(1, 40) :]
    return raw[:cut]


def lines_of(db: Path) -> list[str]:
    connection = sqlite3.connect(db)
    try:
        return [line for (line,) in connection.execute("SELECT line FROM entries ORDER BY seq")]
    finally:
        connection.close()


def held_whole(before: list[str], after: list[str]) -> None:
    """Nothing recorded before is lost or changed; every new line is a whole entry of its kind."""
    assert after[: len(before)] == before
    for line in after[len(before) :]:
        ENTRY_LINE.validate_python(json.loads(line))


def run(*args: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    assert "Traceback" not in err.getvalue()
    return code, err.getvalue()


@pytest.fixture
def recorded(tmp_path) -> Path:
    """A record with a night under way at station hall, closed and whole on disk; the transcript
    (EVENTS) can still be recorded into it whole."""
    with open_desk(tmp_path, station="hall") as desk:
        for event in (EVENTS[0], EVENTS[3]):
            desk.record(event)
    return tmp_path / "night.sqlite3"


def test_500_mutated_transcripts_into_larp_record_never_crash_nor_write_part_of_an_entry(tmp_path, recorded):
    rng = random.Random(1010)
    base = transcript(EVENTS)
    raw = json.dumps(base).encode()
    before = lines_of(recorded)
    seen = set()
    for number in range(MUTATIONS):
        source = tmp_path / "mutated.json"
        if number % 4 == 3:
            source.write_bytes(mutated_bytes(raw, rng))
        else:
            source.write_text(json.dumps(mutated_json(base, rng)))
        db = tmp_path / "copy.sqlite3"
        shutil.copyfile(recorded, db)
        code, _ = run("record", str(source), "--db", str(db), "--station", "hall", "--quiet")
        seen.add(code)
        assert code in (0, 1, 2, 3), source.read_bytes()
        after = lines_of(db)
        if code == 2:
            assert after == before, source.read_bytes()
        held_whole(before, after)
    assert {0, 2, 3} <= seen  # the mutations reach the rules, not only the parser


def signed(lines: list[str], key: Path) -> str:
    """Bundle lines (header and entries) signed again by the station's own key, with a checksum
    that matches them: what only the checks of the entries themselves can refuse."""
    body = "".join(lines)
    try:
        header = json.loads(lines[0])
        where = (str(header["chronicle"]), int(header["night"]))
    except (ValueError, KeyError, TypeError):
        where = ("alder-bay", 1)
    private = read_key(key)
    signatures = [sign(private, *where, line.removesuffix("\n")) for line in lines[1:]]
    return body + json.dumps({"signatures": signatures, "checksum": "sha256:" + hashlib.sha256(body.encode()).hexdigest()}) + "\n"


def test_500_mutated_bundles_into_larp_merge_never_crash_nor_write_part_of_a_bundle(tmp_path, recorded):
    rng = random.Random(2020)
    with open_desk(tmp_path, station="bar", db="bar.sqlite3") as desk:
        for event in EVENTS:
            desk.record(event)
        desk.export(tmp_path / "bar.jsonl")
    raw = (tmp_path / "bar.jsonl").read_bytes()
    lines = raw.decode().splitlines(keepends=True)[:-1]
    before = lines_of(recorded)
    seen = set()
    for number in range(MUTATIONS):
        bundle = tmp_path / "mutated.jsonl"
        if number % 3 == 0:
            bundle.write_bytes(mutated_bytes(raw, rng))
        else:  # a line's JSON changed and the bundle signed again: what only the checks of entries catch
            index = rng.randrange(len(lines))
            changed = json.dumps(mutated_json(json.loads(lines[index]), rng), ensure_ascii=False) + "\n"
            bundle.write_text(signed(lines[:index] + [changed] + lines[index + 1 :], tmp_path / "bar.sqlite3.key"))
        db = tmp_path / "copy.sqlite3"
        shutil.copyfile(recorded, db)
        code, err = run("merge", str(bundle), "--db", str(db))
        seen.add(code)
        assert code in (0, 1), err
        after = lines_of(db)
        if code == 1:
            assert after == before, err
        held_whole(before, after)
    assert seen == {0, 1}
