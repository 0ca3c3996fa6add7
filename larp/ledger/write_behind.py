"""Writing a long run of entries while the next ones are being adjudicated.

A process of its own, forked for the run, with a connection of its own, writes each
entry in its own transaction (durable as any other: WAL, `synchronous=FULL`), while
the caller prepares the next ones. A thread would share the interpreter's lock with
the caller: each commit then waited for the caller to let go of it, and the two took
longer than one doing both (tests/bench/bench_record.py). The rows go to the writer
down a pipe; it answers each commit with one byte, so that entries are reported only
once committed. After a failed write nothing more is written, and the failure is
raised to the caller. Forking is safe only in a process with a single thread: where
there are more, `WriteBehind.possible()` says no, and the caller writes in line.
"""

import gc
import json
import marshal
import os
import signal
import sqlite3
import struct
import threading
from collections import deque
from collections.abc import Callable
from contextlib import suppress

from larp.ledger.entry import Entry
from larp.ledger.errors import LedgerError
from larp.ledger.failures import explain
from larp.ledger.store import INSERT_ENTRY, NEXT_SEQ, Ledger, NightRow, keep_signature, row_of

DEPTH = 64
"""The most entries waiting to be written before the caller waits for the disk."""

COMMITTED = b"+"
FAILED = b"!"
LENGTH = struct.Struct("<I")


class WriteBehind:
    @staticmethod
    def possible() -> bool:
        """Whether a writer may be forked here: this process runs one thread, and can fork."""
        return hasattr(os, "fork") and threading.active_count() == 1

    def __init__(self, ledger: Ledger, night: NightRow, station: str) -> None:
        ledger.refuse_if_damaged("the first entry")
        self.where = ledger.where
        self.night = night
        self.next_seq = ledger.last_seq(night, station) + 1
        self.pending: deque[Entry] = deque()
        """Entries queued and not yet committed, in order."""
        self.committed: deque[Entry] = deque()
        self.unsent: list[bytes] = []
        """The rows of the latest entries, framed, not yet handed to the writer (`_send`)."""
        self.failure: LedgerError | None = None
        rows_out, rows_in = os.pipe()
        answers_out, answers_in = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:  # the writer: it never returns
            os.close(rows_in)
            os.close(answers_out)
            signer = ledger.signer
            sign = None if signer is None else (lambda line: signer(night.chronicle, night.number, line))
            _writer(self.where, rows_out, answers_in, sign)
        os.close(rows_out)
        os.close(answers_in)
        self.rows = rows_in
        self.answers = answers_out

    def put(self, entry: Entry) -> None:
        """Queue the entry to be written (numbered `next_seq` of its station); raise an earlier failure."""
        if entry.seq != self.next_seq:
            raise LedgerError(f"entry {entry.short_id} is numbered {entry.seq}, not {self.next_seq}")
        self._raise_failure()
        frame = marshal.dumps((self.night.id, *row_of(entry)))
        while len(self.pending) >= DEPTH and self.failure is None:
            self._send()
            self._hear(block=True)
        self._raise_failure()
        self.pending.append(entry)
        self.unsent.append(LENGTH.pack(len(frame)) + frame)
        self.next_seq += 1
        self._hear(block=False)
        if len(self.pending) - len(self.unsent) <= 1:
            self._send()

    def _send(self) -> None:
        """Hand the writer the entries queued since it was last handed some: waking another
        process costs more than a commit's worth of work here, so the entries are handed over
        together when the writer is at its last entry or idle (`put`), not one by one."""
        if not self.unsent:
            return
        rows = b"".join(self.unsent)
        self.unsent.clear()
        try:
            view = memoryview(rows)
            while view:
                view = view[os.write(self.rows, view):]
        except OSError:  # the writer is gone: what it said of why is waiting to be read
            while self.failure is None:
                self._hear(block=True)
            self._raise_failure()

    def written(self) -> list[Entry]:
        """The entries committed since the last call, in order."""
        if self.rows is not None:
            self._hear(block=False)
        return self._taken()

    def drain(self) -> None:
        """Wait until every entry queued is committed; raise a failure."""
        self._send()
        while self.pending and self.failure is None:
            self._hear(block=True)
        self._raise_failure()

    def close(self) -> list[Entry]:
        """Wait for every entry queued, let the writer go; the entries committed since `written`."""
        if self.rows is not None:
            if self.failure is None:
                with suppress(LedgerError):  # kept in `failure`, raised below
                    self._send()
            os.close(self.rows)
            self.rows = None
            while self.pending and self.failure is None:
                self._hear(block=True)
            os.close(self.answers)
            os.waitpid(self.pid, 0)
        self._raise_failure()
        return self._taken()

    def _taken(self) -> list[Entry]:
        done = list(self.committed)
        self.committed.clear()
        return done

    def _raise_failure(self) -> None:
        if self.failure is not None:
            raise self.failure

    def _hear(self, block: bool) -> None:
        """Take the writer's answers: one byte a commit, or its failure, or the end of it."""
        if self.failure is not None:
            return  # the writer stopped, and said why
        os.set_blocking(self.answers, block)
        try:
            heard = os.read(self.answers, DEPTH)
        except BlockingIOError:
            return
        if not heard:
            self.failure = LedgerError(f"{self.where}: the writer stopped before every entry was written; "
                                       "everything recorded before is kept")
            return
        commits, failed, why = heard.partition(FAILED)
        for _ in commits:
            self.committed.append(self.pending.popleft())
        if failed:
            self.failure = LedgerError(self._read_failure(why))

    def _read_failure(self, heard: bytes) -> str:
        os.set_blocking(self.answers, True)
        while len(heard) < LENGTH.size or len(heard) < LENGTH.size + LENGTH.unpack_from(heard)[0]:
            more = os.read(self.answers, 4096)
            if not more:
                break
            heard += more
        return heard[LENGTH.size:].decode("utf-8", "replace")


def _writer(where: str, rows: int, answers: int, sign: Callable[[str], str] | None) -> None:
    """Commit each row that comes down `rows`, answering on `answers`; exit at the pipe's end
    or at the first failure. A Ctrl+C is for the caller: the writer finishes what it was sent.
    The collector is off: it would go through (and copy) every object the caller held at the fork."""
    status = 0
    try:
        gc.disable()
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        with os.fdopen(rows, "rb") as incoming:
            ledger = Ledger.open(where)
            while header := incoming.read(LENGTH.size):
                row = marshal.loads(incoming.read(LENGTH.unpack(header)[0]))
                try:
                    insert_numbered(ledger.db, row, sign)
                except sqlite3.Error as error:
                    _fail(answers, explain(error, where, f"write the {row[4]} entry"))
                    return
                os.write(answers, COMMITTED)
    except LedgerError as error:
        _fail(answers, str(error))
    except BaseException as error:  # the caller must hear of any failure, or wait forever
        _fail(answers, f"{where}: could not write the entries ({error})")
        status = 1
    finally:
        os._exit(status)


def insert_numbered(db: sqlite3.Connection, row: tuple, sign: Callable[[str], str] | None = None) -> None:
    """The row in a transaction of its own, numbered there: the next number of its station, which
    another program writing as the same station may have taken since the entry was made; signed
    (`sign`) as it is filed."""
    night, entry_id, station, seq, *rest, line = row
    db.execute("BEGIN IMMEDIATE")
    try:
        free = db.execute(NEXT_SEQ, (night, station)).fetchone()[0]
        if free != seq:
            line = json.dumps({**json.loads(line), "seq": free}, ensure_ascii=False, separators=(",", ":"))
        db.execute(INSERT_ENTRY, (night, entry_id, station, free, *rest, line))
        if sign is not None:
            keep_signature(db, entry_id, sign(line))
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _fail(answers: int, message: str) -> None:
    said = message.encode("utf-8")
    with os.fdopen(answers, "wb") as out:
        out.write(FAILED + LENGTH.pack(len(said)) + said)
