"""A long night read entry by entry (`larp log`): the same entries in the same order as the
whole night read at once, in memory that does not grow with the night."""

import json
import tracemalloc

import pytest

from larp.desk import Desk
from larp.ledger import LedgerError, merge, next_starting_data, store
from tests.ledger.helpers import contest, larp, open_desk, regaining

SHOVE = contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors"))


def two_stations(tmp_path) -> Desk:
    """The hall's record, holding the bar's entries too, their game times interleaved."""
    with open_desk(tmp_path, station="bar", db="bar.sqlite3") as bar:
        bar.advance(3)
        bar.record(SHOVE)
        bar.regain("cody", "physical")
        bar.export(tmp_path / "bar.jsonl")
    hall = open_desk(tmp_path, station="hall")
    hall.advance(1)
    hall.record(contest("wick", "Quick", "ruth", "Steady", ("rock", "scissors")))
    hall.advance(4)
    hall.record(regaining("janet", "social"))
    hall.merge(tmp_path / "bar.jsonl")
    return hall


def test_an_entry_read_without_its_payload_is_the_entry_read_whole_but_its_payload(tmp_path):
    """What `larp log` reads of each line through the record's own JSON (`each_headline`) is the
    entry the whole line gives, its payload left out, and the line as kept, in the merged order."""
    with two_stations(tmp_path) as hall:
        row = hall.night_row
        for only in ({}, {"character": "janet"}, {"station": "bar"}):
            whole = [entry.without_payload() for entry in hall.ledger.each_entry(row, **only)]
            read = list(hall.ledger.each_headline(row, with_lines=True, **only))
            assert [entry for entry, _ in read] == whole and whole
            assert [json.loads(line)["payload"] for _, line in read] == [entry.payload for entry in hall.ledger.each_entry(row, **only)]


def test_each_entry_is_the_merged_order_of_the_whole_night(tmp_path):
    with two_stations(tmp_path) as hall:
        for only in ({}, {"character": "janet"}, {"station": "bar"}):
            whole = [entry.id for entry in hall.entries(**only)]
            assert [entry.id for entry in hall.each_entry(**only)] == whole and whole
        stations = [entry.station for entry in hall.each_entry()]
        assert stations.index("bar") < len(stations) - 1 - stations[::-1].index("hall")  # interleaved


def test_log_as_json_is_the_whole_night_one_entry_a_line(tmp_path, capsys):
    with two_stations(tmp_path) as hall:
        expected = [{"night": entry.night, **entry.to_json()} for entry in hall.entries()]
    status, out, _ = larp(capsys, "log", "--format", "json", "--db", tmp_path / "night.sqlite3")
    assert status == 0 and json.loads(out) == expected
    assert out.splitlines()[0] == "[" and len(out.splitlines()) == len(expected) + 2


def peak_reading(desk: Desk) -> int:
    tracemalloc.start()
    try:
        for _ in desk.each_entry():
            pass
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_reading_four_times_the_night_takes_no_more_memory(tmp_path, monkeypatch):
    """Growth, not a budget: read a few lines at a time, a night of 400 entries peaks within
    twice what a night of 100 does (all at once, it took four times as much)."""
    monkeypatch.setattr(store, "READ_BATCH", 10)
    peaks = []
    with open_desk(tmp_path, station="hall") as desk:
        for length in (100, 400):
            while len(desk.entries()) < length:
                desk.advance(1)
            peaks.append(peak_reading(desk))
    assert peaks[1] < 2 * peaks[0]


def test_close_night_starts_the_next_night_as_the_reconciliation_ends_it(tmp_path):
    """close-night reads and folds the night once (the desk's own fold), and gives what the
    reconciliation's end states give: two stations merged, a reversal among them."""
    with two_stations(tmp_path) as hall:
        shove = next(entry for entry in hall.entries() if entry.kind.value == "adjudication" and entry.station == "bar")
        hall.reverse(shove.id, "the wrong Trait was bid")
        hall.advance(2)
        hall.record(contest("janet", "Tough", "wick", "Quick", ("rock", "scissors")))
        ends = {cid: next_starting_data(night.end, "full") for cid, night in hall.reconcile().characters.items()}
        assert hall.archive_night() == ends


def changed_until(desk: Desk, length: int) -> None:
    """Ruth's sheet changed until the night holds `length` entries, each line over four thousand
    characters (the reason given, written anew each time: what the operation sets, which the
    season's order holds, is her notes' one letter)."""
    while len(desk.entries()) < length:
        sheet = desk.sheet("ruth")
        letter = "a" if sheet.notes[:1] != "a" else "b"
        desk.change(sheet.model_copy(update={"notes": letter}), why=letter * 4000)


def peak_exporting(desk: Desk, out) -> int:
    tracemalloc.start()
    try:
        desk.export(out)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_exporting_four_times_the_night_does_not_hold_its_lines(tmp_path, capsys):
    """Growth, not a budget: the bundle is written and hashed line by line as the record gives
    them, memory holding their signatures only. Nights of 100 and 400 sheet changes (each
    line over two thousand characters): the peak grows by less than a third of what the
    bundle grows by; the bundle merges whole into a fresh record."""
    peaks, sizes = [], []
    with open_desk(tmp_path, station="hall") as desk:
        for length in (100, 400):
            changed_until(desk, length)
            out = tmp_path / f"hall-{length}.jsonl"
            peaks.append(peak_exporting(desk, out))
            sizes.append(out.stat().st_size)
    assert peaks[1] - peaks[0] < (sizes[1] - sizes[0]) / 3
    status, out, _ = larp(capsys, "merge", tmp_path / "hall-400.jsonl", "--db", tmp_path / "fresh.sqlite3")
    assert status == 0 and "400 new entries" in out


def test_merging_four_times_the_night_does_not_hold_its_lines(tmp_path, monkeypatch):
    """Growth, not a budget: a bundle is checked a line at a time, keeping each entry's id and
    digest; its new lines are read again and filed a few at a time. The peak of merging 400
    sheet changes grows from that of 100 by less than a third of what the bundle grows by."""
    monkeypatch.setattr(merge, "BATCH", 10)
    peaks, sizes = [], []
    with open_desk(tmp_path, station="bar", db="bar.sqlite3") as bar:
        for length in (100, 400):
            changed_until(bar, length)
            bar.export(tmp_path / f"bar-{length}.jsonl")
            sizes.append((tmp_path / f"bar-{length}.jsonl").stat().st_size)
    for length in (100, 400):
        with Desk.open(tmp_path / f"merged-{length}.sqlite3", open_night=False) as merged:
            tracemalloc.start()
            try:
                assert merged.merge(tmp_path / f"bar-{length}.jsonl") == length
                peaks.append(tracemalloc.get_traced_memory()[1])
            finally:
                tracemalloc.stop()
    assert peaks[1] - peaks[0] < (sizes[1] - sizes[0]) / 3


def test_a_bundle_changed_between_its_check_and_its_filing_is_refused_whole(tmp_path):
    """The merge reads the bundle twice (checked, then filed): read again, it must be the bundle
    that was checked, byte for byte, or nothing of it is filed."""
    from larp.ledger.bundle_reading import read_bundle

    with open_desk(tmp_path, station="bar", db="bar.sqlite3") as bar:
        bar.advance(1)
        bar.record(SHOVE)
        bar.export(tmp_path / "bar.jsonl")
    checked = read_bundle(tmp_path / "bar.jsonl")
    path = tmp_path / "bar.jsonl"
    path.write_bytes(path.read_bytes().replace(b"Janet Reyes", b"Janet Reyez", 1))
    with Desk.open(tmp_path / "merged.sqlite3", open_night=False) as merged:
        with pytest.raises(LedgerError, match="changed while it was being merged"):
            merge.merge_bundle(merged.ledger, checked, "hall")
        assert merged.ledger.nights() == [] or merged.entries() == []


def test_reconciling_four_times_the_night_lets_each_payload_go(tmp_path, monkeypatch):
    """Growth, not a budget: `larp reconcile` reads the night as it folds it and keeps of each
    entry what the account shows (its summary, where and when), not its payload. Nights of 100
    and 400 sheet changes (each line over two thousand characters): the peak grows by less than
    half of what the record's lines do (holding the payloads, it grew by more than they do)."""
    monkeypatch.setattr(store, "READ_BATCH", 10)
    peaks, sizes = [], []
    with open_desk(tmp_path, station="hall") as desk:
        for length in (100, 400):
            changed_until(desk, length)
            sizes.append(sum(len(line) for line in desk.ledger.lines(desk.night_row)))
            with Desk.read(tmp_path / "night.sqlite3") as reading:
                tracemalloc.start()
                try:
                    account = reading.reconcile()
                    peaks.append(tracemalloc.get_traced_memory()[1])
                finally:
                    tracemalloc.stop()
            assert len(account.characters["ruth"].changes) == length - 1
    assert peaks[1] - peaks[0] < (sizes[1] - sizes[0]) / 2


@pytest.mark.parametrize("indent", [None, 2])
def test_reconcile_as_json_written_a_character_at_a_time_is_the_whole_account_byte_for_byte(tmp_path, capsys, indent):
    with two_stations(tmp_path) as hall:
        whole = hall.reconcile().to_json()
    given = ["--indent", str(indent)] if indent is not None else []
    status, out, _ = larp(capsys, "reconcile", "--format", "json", *given, "--db", tmp_path / "night.sqlite3")
    assert status == 0 and out == json.dumps(whole, indent=indent, ensure_ascii=False) + "\n"
    assert len(whole["characters"]) == 4 and out.count('"changes"') == 4


def test_the_account_from_the_desks_own_fold_is_the_night_folded_again(tmp_path):
    """The station's reconciliation is made from its fold's effects (entries arrived out of
    order from another station, a reversal among them): the same account as the night's entries
    folded afresh, and as a command reading the record makes it."""
    from larp.ledger.reconcile import reconcile

    with two_stations(tmp_path) as hall:
        shove = next(entry for entry in hall.entries() if entry.kind.value == "adjudication" and entry.station == "bar")
        hall.reverse(shove.id, "the wrong Trait was bid")
        hall.record(contest("janet", "Tough", "wick", "Quick", ("rock", "scissors")))
        from_the_fold = hall.reconcile().to_json()
        again = reconcile(hall.chronicle.id, hall.night_number, hall.entries()).to_json()
    with Desk.read(tmp_path / "night.sqlite3") as reading:
        read = reading.reconcile().to_json()
    assert from_the_fold == again == read
    assert any(change.get("reversed_by") for night in from_the_fold["characters"].values() for change in night["changes"])


def test_the_night_is_read_in_the_merged_order_along_its_index_never_sorted(tmp_path):
    """`MERGED_ORDER` names the expressions of the index `entries_in_merged_order`: the record
    walks the index, and a long night's log or account starts without sorting it first."""
    with two_stations(tmp_path) as hall:
        query, params = hall.ledger._selecting(hall.night_row)
        plan = " ".join(row[3] for row in hall.ledger.db.execute("EXPLAIN QUERY PLAN " + query + store.MERGED_ORDER, params))
    assert "entries_in_merged_order" in plan and "ORDER BY" not in plan
