"""Which stations have the night on screen right now: each running station holds a lock file
beside the night record, for as long as it runs (`larp close-night` asks before archiving)."""

from pathlib import Path

from larp.ledger.store import MEMORY

try:
    import fcntl
except ImportError:  # not on this platform: no station is ever seen as present
    fcntl = None


def presence_folder(db: str) -> Path:
    return Path(f"{db}.stations")


class Presence:
    """A station on screen: the lock is held until `leave` (or the process ends)."""

    def __init__(self, db: str, station: str) -> None:
        self.file = None
        if fcntl is None or db == MEMORY:
            return
        folder = presence_folder(db)
        try:
            folder.mkdir(exist_ok=True)
            self.file = open(folder / f"{safe(station)}.lock", "a+")
            fcntl.flock(self.file, fcntl.LOCK_SH | fcntl.LOCK_NB)
            self.file.seek(0)
            self.file.truncate()
            self.file.write(station)
            self.file.flush()
        except OSError:
            self.leave()

    def leave(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None


def stations_present(db: str) -> list[str]:
    """The stations whose screens are open on the record at `db` now."""
    folder = presence_folder(db)
    if fcntl is None or db == MEMORY or not folder.is_dir():
        return []
    present = []
    for path in sorted(folder.glob("*.lock")):
        try:
            with open(path, "r+") as probe:
                try:
                    fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    present.append(probe.read().strip() or path.stem)
        except OSError:
            continue
    return present


def safe(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name) or "station"
