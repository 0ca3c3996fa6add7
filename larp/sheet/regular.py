"""Only a regular file is read as an input: a FIFO, a socket or a device named where a sheet, a
transcript, a bundle, a Grapevine file or a picture is expected is refused by name at once,
never waited on (a FIFO with no writer blocks a plain open for ever)."""

import fcntl
import os
import stat
from pathlib import Path
from typing import BinaryIO

KINDS = {stat.S_IFIFO: "a FIFO", stat.S_IFSOCK: "a socket", stat.S_IFCHR: "a device", stat.S_IFBLK: "a device", stat.S_IFDIR: "a folder"}


class NotRegular(OSError):
    """An input that is not a regular file; its `strerror` says what it is."""


def open_regular(path: Path | str) -> BinaryIO:
    """The file open to read in binary, once it is known to be a regular file."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        kind = stat.S_IFMT(os.fstat(descriptor).st_mode)
        if kind != stat.S_IFREG:
            raise NotRegular(0, f"it is {KINDS.get(kind, 'not a regular file')}, not a file", str(path))
        flags = fcntl.fcntl(descriptor, fcntl.F_GETFL)
        fcntl.fcntl(descriptor, fcntl.F_SETFL, flags & ~os.O_NONBLOCK)
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise
