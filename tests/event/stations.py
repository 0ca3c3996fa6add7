"""Stations of one event in a test: each a desk on its own record, with its own card folder; and
entries put on the hub as one station's own login (its laptop in the wrong hands) would."""

import itertools
import json
import os
import re
import uuid
from contextlib import contextmanager
from pathlib import Path

import psycopg

from larp.desk import Desk
from larp.ledger.signing import read_key, sign


@contextmanager
def at(station: str, tmp_path: Path):
    """This station's own data folder (card key, serials) while the block runs."""
    before = os.environ.get("LARP_HOME")
    os.environ["LARP_HOME"] = str(tmp_path / f"home-{station}")
    try:
        yield
    finally:
        os.environ["LARP_HOME"] = before


EVENTS = itertools.count(1)


@contextmanager
def fresh_event(cluster, prefix: str):
    """The URL of an event database of its own on the session's hub, for one example of a
    property test (dropped after it)."""
    name = f"{prefix}_{os.getpid()}_{next(EVENTS)}"
    try:
        yield cluster.database(name)
    finally:
        cluster.drop(name)


def joined(tmp_path: Path, station: str, hub: str | None, chronicle: Path, **options) -> Desk:
    """The station's desk, its night open, joined to the event at `hub` (None: not yet)."""
    with at(station, tmp_path):
        return Desk.open(tmp_path / f"{station}.sqlite3", chronicle, station=station, hub=hub, **options)


def synced(*desks: Desk) -> None:
    """Every desk syncs, then every desk again: each holds every entry."""
    for _ in range(2):
        for desk in desks:
            desk.sync()


def put(login: str, tmp_path, line: str, night: int = 1, chronicle: str = "alder-bay", seq: int = 900) -> str:
    """An entry put on the hub with hall's own login, signed with hall's own key."""
    signature = sign(read_key(tmp_path / "hall.sqlite3.key"), chronicle, night, line)
    named = re.match(r'\{"id":"([0-9a-f]+)"', line)
    entry_id = named.group(1) if named else uuid.uuid4().hex
    with psycopg.connect(login, autocommit=True) as connection:
        connection.execute(
            "INSERT INTO larp_entries (id, chronicle, night, station, seq, line, signature) VALUES (%s, %s, %s, 'hall', %s, %s, %s)",
            (entry_id, chronicle, night, seq, line, signature),
        )
    return entry_id


def a_line(hall, seq: int = 900, **changes) -> str:
    line = json.loads(hall.ledger.lines(hall.night_row, station="hall")[-1])
    line.update(id=uuid.uuid4().hex, seq=seq, **changes)
    return json.dumps(line, separators=(",", ":"))
