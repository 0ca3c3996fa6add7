"""Runs `larp` (its arguments after this script's) in a process that kills itself with SIGKILL
just before its Nth SQL statement (`LARP_TEST_KILL_AT`, counted across every connection it
opens, the write-behind writer's included); at its end it writes how many it ran to
`LARP_TEST_COUNT_TO`. A test of what a kill at any point of a write leaves behind."""

import atexit
import os
import signal
import sqlite3
import sys

KILL_AT = int(os.environ.get("LARP_TEST_KILL_AT", "0"))
ran = 0


class Dying(sqlite3.Connection):
    def execute(self, sql, *args):
        global ran
        ran += 1
        if ran == KILL_AT:
            os.kill(os.getpid(), signal.SIGKILL)
        return super().execute(sql, *args)


def counted() -> None:
    if os.environ.get("LARP_TEST_COUNT_TO"):
        with open(os.environ["LARP_TEST_COUNT_TO"], "a") as out:
            out.write(f"{ran}\n")


connect = sqlite3.connect
sqlite3.connect = lambda *args, **options: connect(*args, factory=Dying, **options)
atexit.register(counted)

from larp.cli import main  # noqa: E402  (after sqlite3 is wrapped)

sys.exit(main(sys.argv[1:]))
