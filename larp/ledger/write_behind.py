"""Writing a long run of entries while the next ones are being adjudicated.

A thread of its own, on a connection of its own, writes each entry in its own
transaction (durable as any other: WAL, `synchronous=FULL`), while the caller
prepares the next ones; sqlite lets other threads run while it waits for the
disk. The thread takes whatever entries are waiting at once, so that the two
threads rarely have to wake each other. Entries are reported only once
committed. After a failed write nothing more is written, and the failure is
raised to the caller.
"""

import sqlite3
import threading
from collections import deque

from larp.ledger.entry import Entry
from larp.ledger.errors import LedgerError
from larp.ledger.store import INSERT_ENTRY, Ledger, NightRow, explain, row_of

DEPTH = 64
"""The most entries waiting to be written before the caller waits for the disk."""


class WriteBehind:
    def __init__(self, ledger: Ledger, night: NightRow, station: str) -> None:
        self.where = ledger.where
        self.night = night
        self.next_seq = ledger.last_seq(night, station) + 1
        self.waiting: list[tuple[Entry, tuple]] = []
        """Each entry, with what its row is written from (made by the caller, not the thread)."""
        self.writing = 0
        """How many entries the thread took and has not finished with."""
        self.stopping = False
        self.turn = threading.Condition()
        self.committed: deque[Entry] = deque()
        self.failure: LedgerError | None = None
        self.thread = threading.Thread(target=self._write, name="larp-write-behind", daemon=True)
        self.thread.start()

    def put(self, entry: Entry) -> None:
        """Queue the entry to be written (numbered `next_seq` of its station); raise an earlier failure."""
        if entry.seq != self.next_seq:
            raise LedgerError(f"entry {entry.short_id} is numbered {entry.seq}, not {self.next_seq}")
        row = (self.night.id, *row_of(entry))
        with self.turn:
            while len(self.waiting) >= DEPTH and self.failure is None:
                self.turn.wait()
            self._raise_failure()
            self.waiting.append((entry, row))
            if len(self.waiting) == 1:
                self.turn.notify_all()
        self.next_seq += 1

    def written(self) -> list[Entry]:
        """The entries committed since the last call, in order."""
        done = []
        while self.committed:
            done.append(self.committed.popleft())
        return done

    def drain(self) -> None:
        """Wait until every queued entry is committed; raise a failure."""
        with self.turn:
            while (self.waiting or self.writing) and self.failure is None:
                self.turn.wait()
            self._raise_failure()

    def close(self) -> list[Entry]:
        """Wait for every queued entry, stop the thread; the entries committed since `written`."""
        with self.turn:
            self.stopping = True
            self.turn.notify_all()
        self.thread.join()
        self._raise_failure()
        return self.written()

    def _raise_failure(self) -> None:
        if self.failure is not None:
            raise self.failure

    def _take(self) -> list[tuple[Entry, tuple]]:
        with self.turn:
            while not self.waiting and not self.stopping:
                self.turn.wait()
            batch, self.waiting = self.waiting, []
            self.writing = len(batch)
            self.turn.notify_all()
        return batch

    def _write(self) -> None:
        try:
            ledger = Ledger.open(self.where)
        except LedgerError as error:
            ledger, self.failure = None, error
        while batch := self._take():
            for entry, row in batch:
                if self.failure is None:
                    self._commit(ledger, entry, row)
            with self.turn:
                self.writing = 0
                self.turn.notify_all()
        if ledger is not None:
            ledger.close()

    def _commit(self, ledger: Ledger, entry: Entry, row: tuple) -> None:
        try:
            ledger.db.execute(INSERT_ENTRY, row)  # one statement: a transaction of its own
            self.committed.append(entry)
        except sqlite3.Error as error:
            self.failure = LedgerError(explain(error, self.where, f"write the {entry.kind.value} entry"))
        except Exception as error:  # the caller must hear of any failure, or wait forever
            self.failure = LedgerError(f"{self.where}: could not write the {entry.kind.value} entry ({error})")
