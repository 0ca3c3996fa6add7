"""Writing a long run of entries while the next ones are being adjudicated.

A thread of its own, on a connection of its own, writes each entry in its own
transaction (durable as any other: WAL, `synchronous=FULL`), while the caller
prepares the next ones; sqlite lets other threads run while it waits for the
disk. The thread takes whatever entries are waiting at once, so that the two
threads rarely have to wake each other. Entries are reported only once
committed. After a failed write nothing more is written, and the failure is
raised to the caller.
"""

import threading
from collections import deque
from dataclasses import replace

from larp.ledger.entry import Entry
from larp.ledger.errors import LedgerError
from larp.ledger.store import Ledger, NightRow, insert_rows, row_of

DEPTH = 64
"""The most entries waiting to be written before the caller waits for the disk."""


class WriteBehind:
    def __init__(self, ledger: Ledger, night: NightRow, station: str) -> None:
        self.where = ledger.where
        self.night = night
        self.next_seq = ledger.last_seq(night, station) + 1
        self.waiting: list[Entry] = []
        self.writing = 0
        """How many entries the thread took and has not finished with."""
        self.stopping = False
        self.turn = threading.Condition()
        self.committed: deque[Entry] = deque()
        self.failure: LedgerError | None = None
        self.thread = threading.Thread(target=self._write, name="larp-write-behind", daemon=True)
        self.thread.start()

    def put(self, entry: Entry) -> Entry:
        """Queue the entry (numbered next of its station) to be written; raise an earlier failure."""
        entry = replace(entry, night=self.night.number, seq=self.next_seq)
        with self.turn:
            while len(self.waiting) >= DEPTH and self.failure is None:
                self.turn.wait()
            self._raise_failure()
            self.waiting.append(entry)
            if len(self.waiting) == 1:
                self.turn.notify_all()
        self.next_seq += 1
        return entry

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

    def _take(self) -> list[Entry]:
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
            for entry in batch:
                if self.failure is None:
                    self._commit(ledger, entry)
            with self.turn:
                self.writing = 0
                self.turn.notify_all()
        if ledger is not None:
            ledger.close()

    def _commit(self, ledger: Ledger, entry: Entry) -> None:
        try:
            with ledger.failures(f"write the {entry.kind.value} entry"):
                insert_rows(ledger.db, self.night, [row_of(entry)])  # one statement: a transaction of its own
            self.committed.append(entry)
        except LedgerError as error:
            self.failure = error
        except Exception as error:  # the caller must hear of any failure, or wait forever
            self.failure = LedgerError(f"{self.where}: could not write the {entry.kind.value} entry ({error})")
