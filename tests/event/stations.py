"""Stations of one event in a test: each a desk on its own record, with its own card folder."""

import os
from contextlib import contextmanager
from pathlib import Path

from larp.desk import Desk


@contextmanager
def at(station: str, tmp_path: Path):
    """This station's own data folder (card key, serials) while the block runs."""
    before = os.environ.get("LARP_HOME")
    os.environ["LARP_HOME"] = str(tmp_path / f"home-{station}")
    try:
        yield
    finally:
        os.environ["LARP_HOME"] = before


def joined(tmp_path: Path, station: str, hub: str | None, chronicle: Path, **options) -> Desk:
    """The station's desk, its night open, joined to the event at `hub` (None: not yet)."""
    with at(station, tmp_path):
        return Desk.open(tmp_path / f"{station}.sqlite3", chronicle, station=station, hub=hub, **options)


def synced(*desks: Desk) -> None:
    """Every desk syncs, then every desk again: each holds every entry."""
    for _ in range(2):
        for desk in desks:
            desk.sync()
