"""Writing a long run of entries while the next ones are being adjudicated.

A thread of its own, on a connection of its own, writes each entry in its own
transaction (durable as any other: WAL, `synchronous=FULL`), while the caller
prepares the next one; sqlite lets other threads run while it waits for the
disk. Entries are reported only once committed. After a failed write nothing
more is written, and the failure is raised to the caller.
"""

import queue
import threading
from dataclasses import replace

from larp.ledger.entry import Entry
from larp.ledger.errors import LedgerError
from larp.ledger.store import Ledger, NightRow, insert_rows, row_of

DEPTH = 32
_STOP = object()


class WriteBehind:
    def __init__(self, ledger: Ledger, night: NightRow, station: str) -> None:
        self.where = ledger.where
        self.night = night
        self.next_seq = ledger.last_seq(night, station) + 1
        self.waiting: queue.Queue = queue.Queue(DEPTH)
        self.committed: queue.SimpleQueue = queue.SimpleQueue()
        self.failure: LedgerError | None = None
        self.thread = threading.Thread(target=self._write, name="larp-write-behind", daemon=True)
        self.thread.start()

    def put(self, entry: Entry) -> Entry:
        """Queue the entry (numbered next of its station) to be written; raise an earlier failure."""
        self._raise_failure()
        entry = replace(entry, night=self.night.number, seq=self.next_seq)
        self.next_seq += 1
        self.waiting.put(entry)
        return entry

    def written(self) -> list[Entry]:
        """The entries committed since the last call, in order."""
        done = []
        while not self.committed.empty():
            done.append(self.committed.get())
        return done

    def drain(self) -> None:
        """Wait until every queued entry is committed; raise a failure."""
        self.waiting.join()
        self._raise_failure()

    def close(self) -> list[Entry]:
        """Wait for every queued entry, stop the thread; the entries committed since `written`."""
        self.waiting.put(_STOP)
        self.thread.join()
        self._raise_failure()
        return self.written()

    def _raise_failure(self) -> None:
        if self.failure is not None:
            raise self.failure

    def _write(self) -> None:
        ledger = None
        try:
            ledger = Ledger.open(self.where)
        except LedgerError as error:
            self.failure = error
        while True:
            entry = self.waiting.get()
            try:
                if entry is _STOP:
                    break
                if self.failure is None:
                    with ledger.writing(f"the {entry.kind.value} entry") as db:
                        insert_rows(db, self.night, [row_of(entry)])
                    self.committed.put(entry)
            except LedgerError as error:
                self.failure = error
            except Exception as error:  # the caller must hear of any failure, or wait forever
                self.failure = LedgerError(f"{self.where}: could not write the {entry.kind.value} entry ({error})")
            finally:
                self.waiting.task_done()
        if ledger is not None:
            ledger.close()
