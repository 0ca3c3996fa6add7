"""Which night of a chronicle a station is at: its open one, else the one it would open."""

from larp.ledger.entry import Kind
from larp.ledger.store import Ledger, NightRow

FOLDER_SETTING = "chronicle_folder"
"""The record's setting that names the chronicle folder it last used."""


def open_night_of(ledger: Ledger, chronicle: str, station: str) -> NightRow | None:
    """This station's open night of the chronicle: opened here, not closed, not archived."""
    nights = ledger.nights(chronicle)
    if not nights or nights[-1].archived_at is not None:
        return None
    latest = nights[-1]
    opened, closed = (bool(ledger.lines(latest, station=station, kind=kind.value)) for kind in (Kind.OPENED, Kind.CLOSED))
    return latest if opened and not closed else None


def number_to_open(ledger: Ledger, chronicle: str, station: str) -> int:
    """The night this station opens: the latest, if it is under way without this station; else the next."""
    nights = ledger.nights(chronicle)
    if not nights:
        return 1
    latest = nights[-1]
    if latest.archived_at is None and not ledger.entries(latest, station=station, kind=Kind.OPENED.value):
        return latest.number
    return latest.number + 1
