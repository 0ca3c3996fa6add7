"""The night's fold kept in the record (larp.ledger.kept_fold): a command folds only the entries
after it, the night it gives is the night folded whole, and a kept fold that can't be trusted
or no longer holds is never taken."""

import json
import os
import sqlite3

import pytest

from larp.desk import Desk
from larp.ledger import kept_fold
from larp.ledger.kept_fold import KEEP_EVERY
from larp.ledger.projection import Tonight
from tests.ledger.helpers import SHEETS, contest, larp, leap, long_night, open_desk, regaining

SHOVE = contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors"))
SWAY = contest("wick", "Witty", "ruth", "Dignified", ("rock", "paper"), category="social", effect="a lie")


@pytest.fixture
def applied(monkeypatch) -> list:
    """Every entry folded into a night, as it is applied."""
    seen = []
    apply = Tonight.apply

    def counting(self, entry):
        seen.append(entry.id)
        return apply(self, entry)

    monkeypatch.setattr(Tonight, "apply", counting)
    return seen


def busy_night(tmp_path, station: str = "hall") -> None:
    """A night of more than KEEP_EVERY entries with a lock, a regain and losses in it; the desk
    that wrote it keeps its fold as it closes."""
    with open_desk(tmp_path, station=station) as desk:
        desk.record(SHOVE)
        desk.record(SWAY)
        desk.regain("janet", "physical")
        for event in long_night(KEEP_EVERY + 10):
            desk.record(event)
        assert kept_count(tmp_path) == 0
    assert kept_count(tmp_path) >= KEEP_EVERY


def kept_count(tmp_path) -> int:
    with sqlite3.connect(tmp_path / "night.sqlite3") as db:
        return db.execute("SELECT coalesce(max(count), 0) FROM folds").fetchone()[0]


def view(desk: Desk) -> dict:
    """What the rules and the Narrator see of the night at the desk."""
    desk.night()  # brought up to date
    tonight = desk.tonight
    return {
        "characters": dict(tonight.characters),
        "locks": sorted(repr(lock) for lock in tonight.locks),
        "lockers": sorted(entry.id for entry in tonight.lockers.values()),
        "regains": {key: entry.id for key, entry in tonight.regains.items()},
        "present": {cid: entry.id for cid, entry in tonight.present.items()},
        "anomalies": [anomaly.message for anomaly in tonight.anomalies],
        "clock": desk.clock,
        "opened here": desk.opened_here,
        "closed": desk.closed,
    }


def account_read(tmp_path, kept_too: bool = True) -> dict:
    """The night's account as a command reads it: from the kept fold where it may (`kept_too`),
    else by folding the night."""
    import larp.ledger.kept_account as kept_account

    made = kept_account.kept_account
    try:
        if not kept_too:
            kept_account.kept_account = lambda ledger, night: None
        with Desk.read(tmp_path / "night.sqlite3") as desk:
            return desk.reconcile().to_json()
    finally:
        kept_account.kept_account = made


def whole(tmp_path, station: str = "hall") -> dict:
    with open_desk(tmp_path, station=station) as desk:
        desk.fold_whole()
        return view(desk)


def test_a_command_folds_only_the_entries_after_the_kept_fold(tmp_path, applied):
    busy_night(tmp_path)
    applied.clear()
    with open_desk(tmp_path) as desk:
        desk.record(leap(1))
        desk.record(SHOVE)
        assert len(applied) == 2  # the two new entries, not the night again
        resumed = view(desk)
    assert resumed == whole(tmp_path)
    assert resumed["locks"] and ("janet", "physical") in resumed["regains"]
    assert resumed["characters"]["wick"].lost["social"] == ("Witty",)


def test_the_account_a_command_reads_comes_from_the_kept_fold_and_is_the_night_folded(tmp_path, applied):
    busy_night(tmp_path)
    with open_desk(tmp_path) as desk:
        desk.record(SHOVE)  # one entry after the kept fold
    applied.clear()
    from_kept = account_read(tmp_path)
    assert len(applied) == 1  # the entry after the kept fold, not the night again
    assert from_kept == account_read(tmp_path, kept_too=False)
    assert from_kept["characters"]["wick"]["changes"] and len(from_kept["characters"]["janet"]["changes"]) >= 2


def test_a_line_changed_after_the_fold_was_kept_is_found_by_the_account(tmp_path, applied):
    busy_night(tmp_path)
    with sqlite3.connect(tmp_path / "night.sqlite3") as db:
        db.execute("DROP TRIGGER entries_are_never_edited")
        seq, line = db.execute("SELECT seq, line FROM entries WHERE kind = 'adjudication' ORDER BY seq LIMIT 1").fetchone()
        data = json.loads(line)
        data["payload"] = {key: [] for key in data["payload"]}
        db.execute("UPDATE entries SET line = ? WHERE seq = ?", (json.dumps(data), seq))
    applied.clear()
    with Desk.read(tmp_path / "night.sqlite3") as desk:
        done = desk.reconcile()
    assert len(applied) > KEEP_EVERY  # the night folded again: the kept fold does not hold these lines
    assert [damage.entry for damage in done.damaged] == [data["id"]]


def test_a_resumed_fold_at_every_size_is_the_night_folded_whole(tmp_path, monkeypatch):
    monkeypatch.setattr(kept_fold, "KEEP_EVERY", 1)
    monkeypatch.setattr("larp.desk.folding.KEEP_EVERY", 1)
    for event in (SHOVE, SWAY, regaining("janet", "physical"), leap(2), regaining("wick", "social"), SHOVE):
        with open_desk(tmp_path) as desk:
            desk.record(event)
            resumed = view(desk)
        assert resumed == whole(tmp_path)


def test_an_entry_arriving_before_the_kept_fold_folds_the_night_whole(tmp_path, applied):
    """Another station's entries, earlier in game time than the kept fold's last: merged, they
    go before it, and the night is folded whole, as if nothing were kept."""
    with open_desk(tmp_path, station="bar", db="bar.sqlite3") as bar:
        bar.record(contest("ruth", "Steady", "wick", "Quick", ("rock", "scissors")))
        bar.export(tmp_path / "bar.jsonl")
    busy_night(tmp_path)
    with open_desk(tmp_path) as hall:
        hall.advance(60)
        hall.merge(tmp_path / "bar.jsonl")
        applied.clear()
        resumed = view(hall)
        assert len(applied) > KEEP_EVERY  # folded whole
    assert resumed == whole(tmp_path)
    assert resumed["characters"]["wick"].lost["physical"] == ("Quick",)  # the bar's call, folded in


def test_a_reversal_of_an_entry_the_kept_fold_holds_folds_the_night_whole(tmp_path):
    busy_night(tmp_path)
    with open_desk(tmp_path) as desk:
        sway = desk.entries(kind="adjudication")[1]
        assert desk.character("wick").lost["social"] == ("Witty",)
        desk.reverse(sway.id, "thrown again")
        resumed = view(desk)
        assert not desk.character("wick").lost.get("social")
    assert resumed == whole(tmp_path)


def test_a_kept_fold_sealed_by_another_user_is_never_unpickled(tmp_path, monkeypatch, applied):
    """The record handed to another account (another key): its kept fold is not read at all."""
    busy_night(tmp_path)
    monkeypatch.setenv("LARP_HOME", str(tmp_path / "another"))
    monkeypatch.setattr(kept_fold.pickle, "loads", unpickled_refused)
    applied.clear()
    with open_desk(tmp_path) as desk:
        resumed = view(desk)
    assert len(applied) > KEEP_EVERY
    monkeypatch.undo()
    assert resumed == whole(tmp_path)


def test_a_kept_fold_altered_in_the_record_is_never_unpickled(tmp_path, monkeypatch, applied):
    busy_night(tmp_path)
    with sqlite3.connect(tmp_path / "night.sqlite3") as db:
        db.execute("UPDATE folds SET state = zeroblob(length(state))")
    monkeypatch.setattr(kept_fold.pickle, "loads", unpickled_refused)
    applied.clear()
    with open_desk(tmp_path) as desk:
        desk.record(leap(3))
        assert len(applied) > KEEP_EVERY
        assert desk.character("wick").lost["social"] == ("Witty",)  # the night as its entries tell it


def test_a_kept_fold_copied_from_another_record_of_the_same_user_is_never_unpickled(tmp_path, monkeypatch, applied):
    """Two records of one user, one key: a fold taken from the other record (the same night's
    number, as many entries) does not bind this record's entries, and is not read."""
    busy_night(tmp_path / "one")
    busy_night(tmp_path / "two")
    with sqlite3.connect(tmp_path / "one" / "night.sqlite3") as one:
        row = one.execute("SELECT night, upto, count, stamp, seal, state FROM folds").fetchone()
    with sqlite3.connect(tmp_path / "two" / "night.sqlite3") as two:
        two.execute("DELETE FROM folds")
        two.execute("INSERT INTO folds VALUES (?, ?, ?, ?, ?, ?)", row)
    monkeypatch.setattr(kept_fold.pickle, "loads", unpickled_refused)
    applied.clear()
    with open_desk(tmp_path / "two") as desk:
        assert view(desk)
    assert len(applied) > KEEP_EVERY


def unpickled_refused(data):
    raise AssertionError("a kept fold that can't be trusted was unpickled")


def test_a_kept_fold_made_by_other_code_is_not_taken(tmp_path, monkeypatch, applied):
    """After an update of larp, the fold is made again from the entries."""
    busy_night(tmp_path)
    monkeypatch.setattr(kept_fold, "stamp", lambda: "another larp")
    applied.clear()
    with open_desk(tmp_path) as desk:
        desk.night()
    assert len(applied) > KEEP_EVERY


def test_a_desk_opened_to_read_keeps_no_fold(tmp_path):
    """`larp log`, `larp reconcile` and the like never write to the record, a kept fold neither."""
    busy_night(tmp_path)
    with sqlite3.connect(tmp_path / "night.sqlite3") as db:
        db.execute("DELETE FROM folds")
    with Desk.read(tmp_path / "night.sqlite3") as reading:
        reading.night()
    assert kept_count(tmp_path) == 0


def test_the_fold_key_is_the_users_own(tmp_path):
    busy_night(tmp_path)
    key = tmp_path / "home" / kept_fold.KEY_FILE
    assert key.stat().st_mode & 0o777 == 0o600 and len(key.read_bytes()) == 32


def test_a_read_only_record_of_the_version_before_is_read_as_it_is(tmp_path, capsys):
    """A record an older larp wrote, on a stick that can't be written: read, not brought up to date."""
    with open_desk(tmp_path) as desk:
        desk.record(SHOVE)
    record = tmp_path / "night.sqlite3"
    with sqlite3.connect(record) as db:
        db.executescript("DROP INDEX entries_by_kind; DROP TABLE folds; PRAGMA user_version = 2;")
    os.chmod(record, 0o444)
    try:
        status, out, err = larp(capsys, "log", "--db", record)
        assert status == 0, err
        assert SHEETS["janet"]["name"] in out
        with Desk.read(record) as reading:
            assert reading.character("cody").lost["physical"] == ("Brawny",)
    finally:
        os.chmod(record, 0o644)


MOVES = ("shove", "sway", "regain", "leap", "hold", "resume", "advance", "reverse", "bar", "check in", "award")


def move(desk: Desk, bar: Desk, tmp_path, choice: str, step: int) -> None:
    """One thing a Narrator does at the hall (or the bar's entries merged there)."""
    if choice == "shove":
        desk.record(SHOVE)
    elif choice == "sway":
        desk.record(SWAY)
    elif choice == "regain":
        desk.regain(("janet", "cody", "wick", "ruth")[step % 4], ("physical", "social", "mental")[step % 3])
    elif choice == "leap":
        desk.record(leap(step))
    elif choice == "hold":
        desk.hold()
    elif choice == "resume":
        desk.resume()
    elif choice == "advance":
        desk.advance(step % 7 + 1)
    elif choice == "reverse":
        entries = [entry for entry in desk.entries() if entry.kind.value in ("adjudication", "regain") and entry.station == "hall"]
        if entries:
            desk.reverse(entries[step % len(entries)].id, "thrown again")
    elif choice == "bar":  # the bar's night so far, merged: its game times fall before and after the hall's
        bar.record(contest("ruth", "Steady", "wick", "Quick", ("rock", "scissors"), effect=f"a trip {step}"))
        bar.export(tmp_path / "bar.jsonl")
        desk.merge(tmp_path / "bar.jsonl")
    elif choice == "check in":
        desk.check_in(("janet", "cody", "wick", "ruth")[step % 4])
    elif choice == "award":
        desk.award(("janet", "cody")[step % 2], 1, "a good scene")


@pytest.mark.parametrize("seed", range(24))
def test_whatever_the_night_does_the_resumed_fold_is_the_night_folded_whole(tmp_path, monkeypatch, seed):
    """A seeded walk of a night at two stations, every entry kept in a fold at once: after each
    step, the desk opened on the kept fold sees what the desk that folds the night whole sees."""
    import random

    from larp.desk import DeskError

    monkeypatch.setattr("larp.desk.folding.KEEP_EVERY", 1)
    chooser = random.Random(seed)
    with open_desk(tmp_path, station="bar", db="bar.sqlite3") as bar:
        for step in range(14):
            with open_desk(tmp_path) as hall:
                try:
                    move(hall, bar, tmp_path, chooser.choice(MOVES), step)
                except DeskError:
                    pass  # a step the rules or the clock refuse: nothing written
            with open_desk(tmp_path) as resumed:
                seen = view(resumed)
            assert seen == whole(tmp_path), f"step {step}"
            assert account_read(tmp_path) == account_read(tmp_path, kept_too=False), f"step {step}"


def test_the_record_keeps_the_fold_of_the_night_under_way_only(tmp_path, monkeypatch):
    """Once the next night's fold is kept, the archived night's is let go: a season of nights
    leaves one fold in the record."""
    monkeypatch.setattr("larp.desk.folding.KEEP_EVERY", 1)
    with open_desk(tmp_path) as desk:
        desk.record(SHOVE)
        first = desk.night_row.id
    with sqlite3.connect(tmp_path / "night.sqlite3") as db:
        assert [night for (night,) in db.execute("SELECT night FROM folds")] == [first]
    with open_desk(tmp_path) as desk:
        desk.archive_night()
        desk.open_next_night()
        desk.record(leap(1))
        second = desk.night_row.id
    with sqlite3.connect(tmp_path / "night.sqlite3") as db:
        assert [night for (night,) in db.execute("SELECT night FROM folds")] == [second] != [first]
