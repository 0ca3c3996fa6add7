"""A transcript recorded behind the desk's back: a writer process of its own commits each
entry in its own transaction while the next is played (larp/ledger/write_behind.py)."""

import os
import signal
import threading

import pytest

from larp.desk import DeskError
from larp.ledger import Kind, Ledger
from larp.ledger.errors import LedgerError
from larp.desk.writing import BEHIND_FROM
from larp.ledger.write_behind import DEPTH, WriteBehind
from tests.ledger.helpers import long_night, open_desk


def test_each_entry_is_committed_by_a_writer_process_and_heard_of_once_on_disk(tmp_path):
    desk = open_desk(tmp_path)
    desk.hold()  # the station's first entry opens its night
    committed, writers = [], []
    with desk.writing_behind(committed.append):
        writers.append(desk._behind.pid)
        for event in long_night(30):
            desk.record(event)
    assert writers[0] not in (0, os.getpid())
    on_disk = Ledger.open(tmp_path / "night.sqlite3").entries(desk.night_row)
    assert [entry.id for entry in committed] == [entry.id for entry in on_disk][-30:]


@pytest.mark.parametrize("count", [BEHIND_FROM - 1, BEHIND_FROM])
def test_a_short_run_is_written_in_line_and_a_long_one_behind(tmp_path, monkeypatch, count):
    """Forking the writer costs what a few hundred entries written in line do: a transcript of
    fewer than BEHIND_FROM events is written in line, each entry committed as it is played."""
    forked = []
    monkeypatch.setattr(WriteBehind, "__init__", lambda self, *args, make=WriteBehind.__init__: forked.append(1) or make(self, *args))
    desk = open_desk(tmp_path)
    desk.hold()
    committed = []
    desk.record_all(long_night(count), committed.append)
    assert len(committed) == count and forked == ([1] if count >= BEHIND_FROM else [])
    desk.close()


def test_a_writer_that_dies_is_a_clear_failure_and_what_it_committed_stays(tmp_path):
    desk = open_desk(tmp_path)
    desk.hold()  # the station's first entry opens its night
    before = len(desk.entries())
    events = iter(long_night(DEPTH + 20))
    with pytest.raises(DeskError, match="the writer stopped before every entry was written"):
        with desk.writing_behind(lambda entry: None):
            desk.record(next(events))
            desk._behind.drain()
            os.kill(desk._behind.pid, signal.SIGKILL)
            for event in events:
                desk.record(event)
    kept = Ledger.open(tmp_path / "night.sqlite3").entries(desk.night_row)
    assert len(kept) == before + 1
    assert [entry.id for entry in desk.entries()] == [entry.id for entry in kept]


def test_a_process_running_other_threads_writes_each_entry_in_line(tmp_path):
    """Forking a process that runs other threads is unsafe: the desk writes the run itself."""
    desk = open_desk(tmp_path)
    desk.hold()  # the station's first entry opens its night
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        assert not WriteBehind.possible()
        committed = []
        desk.record_all(long_night(12), committed.append)
    finally:
        release.set()
        other.join()
    assert [entry.kind for entry in committed].count(Kind.ADJUDICATION) >= 10
    assert [entry.id for entry in desk.entries()][-12:] == [entry.id for entry in committed]



def test_the_writers_own_reason_is_told_though_its_end_is_heard_after_it(tmp_path):
    desk = open_desk(tmp_path)
    desk.hold()  # the station's first entry opens its night
    (tmp_path / "night.sqlite3").chmod(0o444)
    behind = WriteBehind(desk.ledger, desk.night_row, desk.station)
    desk._behind = behind
    try:
        desk.record(long_night(1)[0])
        behind._send()
        behind._hear(block=True)  # the writer's reason
        behind._hear(block=True)  # then its end
        with pytest.raises(LedgerError, match="read-only: could not write the adjudication entry"):
            behind.close()
    finally:
        desk._behind = None
