"""The portal's own file, beside the night record and readable by its owner only: the players
and their characters, one-time sign-in links and codes (kept as keyed hashes), sessions, and the
players' requests with staff's answers. No game state: sheets and experience are the record's."""

import json
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (name TEXT PRIMARY KEY, invited REAL NOT NULL);
CREATE TABLE IF NOT EXISTS links (hash TEXT PRIMARY KEY, player TEXT NOT NULL, kind TEXT NOT NULL,
    expires REAL NOT NULL, spent REAL);
CREATE TABLE IF NOT EXISTS sessions (hash TEXT PRIMARY KEY, player TEXT NOT NULL, csrf TEXT NOT NULL,
    expires REAL NOT NULL, staff INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS attempts (who TEXT NOT NULL, at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS attempts_by_who ON attempts (who, at);
CREATE TABLE IF NOT EXISTS requests (id INTEGER PRIMARY KEY, player TEXT NOT NULL, character TEXT NOT NULL,
    kind TEXT NOT NULL, body TEXT NOT NULL, fingerprint TEXT NOT NULL, made REAL NOT NULL,
    state TEXT NOT NULL DEFAULT 'waiting', answer TEXT NOT NULL DEFAULT '', answered_by TEXT NOT NULL DEFAULT '',
    entry TEXT NOT NULL DEFAULT '', released INTEGER NOT NULL DEFAULT 0);
"""
LINK_LIFE = 7 * 24 * 3600
CODE_LIFE = 15 * 60
SESSION_LIFE = 30 * 24 * 3600
KINDS = ("purchase", "downtime", "change")


@dataclass(frozen=True)
class Request:
    id: int
    player: str
    character: str
    kind: str
    body: dict
    fingerprint: str
    made: float
    state: str
    answer: str
    answered_by: str
    entry: str
    released: bool

    @property
    def said(self) -> str:
        """What was asked, in a line."""
        return self.body.get("what") or self.body.get("text", "")

    @property
    def seen_by_player(self) -> str:
        """The state as the player sees it: a downtime answer only once staff release it."""
        if self.state == "approving" or (self.kind == "downtime" and self.state != "waiting" and not self.released):
            return "waiting"
        return self.state


def portal_file(record: Path) -> Path:
    """The portal's file for a night record: beside it, `NAME.portal.sqlite3`."""
    return record.with_name(record.stem + ".portal.sqlite3")


class PortalStore:
    def __init__(self, path: Path, now=time.time) -> None:
        if not path.exists():
            os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))  # owner-only from the moment it exists
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.executescript(SCHEMA)
        self.now = now

    def close(self) -> None:
        self.db.close()

    # Players, links and codes.

    def invite(self, player: str) -> None:
        self.db.execute("INSERT OR IGNORE INTO players VALUES (?, ?)", (player, self.now()))

    def players(self) -> list[str]:
        return [name for (name,) in self.db.execute("SELECT name FROM players ORDER BY name")]

    def add_link(self, hashed: str, player: str, kind: str) -> None:
        life = LINK_LIFE if kind == "link" else CODE_LIFE
        # a new invitation ends the player's older link or code of the kind: only the latest signs in
        self.db.execute("UPDATE links SET spent = ? WHERE player = ? AND kind = ? AND spent IS NULL", (self.now(), player, kind))
        self.db.execute("INSERT INTO links VALUES (?, ?, ?, ?, NULL)", (hashed, player, kind, self.now() + life))

    def spend_link(self, hashed: str, kind: str, player: str | None = None) -> str | None:
        """The player a link or code signs in, spent now; None if unknown, spent or expired."""
        row = self.db.execute(
            "UPDATE links SET spent = ? WHERE hash = ? AND kind = ? AND spent IS NULL AND expires > ? "
            "AND (? IS NULL OR player = ?) RETURNING player",
            (self.now(), hashed, kind, self.now(), player, player),
        ).fetchone()
        return row[0] if row else None

    def link_waiting(self, hashed: str) -> bool:
        return self.db.execute(
            "SELECT 1 FROM links WHERE hash = ? AND kind = 'link' AND spent IS NULL AND expires > ?", (hashed, self.now())
        ).fetchone() is not None

    # Sessions.

    def open_session(self, hashed: str, player: str, csrf: str, staff: bool = False) -> None:
        self.db.execute("INSERT INTO sessions VALUES (?, ?, ?, ?, ?)", (hashed, player, csrf, self.now() + SESSION_LIFE, int(staff)))

    def session(self, hashed: str) -> tuple[str, str, bool] | None:
        row = self.db.execute(
            "SELECT player, csrf, staff FROM sessions WHERE hash = ? AND expires > ?", (hashed, self.now())
        ).fetchone()
        return (row[0], row[1], bool(row[2])) if row else None

    def end_session(self, hashed: str) -> None:
        self.db.execute("DELETE FROM sessions WHERE hash = ?", (hashed,))

    def revoke(self, player: str) -> int:
        """Every session and unspent link of the player ended; how many sessions."""
        player = next((known for known in self.players() if known.casefold() == player.casefold()), player)
        self.db.execute("UPDATE links SET spent = ? WHERE player = ? AND spent IS NULL", (self.now(), player))
        return self.db.execute("DELETE FROM sessions WHERE player = ?", (player,)).rowcount

    # Rate limits.

    def attempts(self, who: str, within: float) -> int:
        self.db.execute("DELETE FROM attempts WHERE at < ?", (self.now() - 3600,))
        return self.db.execute("SELECT count(*) FROM attempts WHERE who = ? AND at > ?", (who, self.now() - within)).fetchone()[0]

    def attempted(self, who: str) -> None:
        self.db.execute("INSERT INTO attempts VALUES (?, ?)", (who, self.now()))

    # Requests.

    def add_request(self, player: str, character: str, kind: str, body: dict, fingerprint: str) -> int:
        return self.db.execute(
            "INSERT INTO requests (player, character, kind, body, fingerprint, made) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            (player, character, kind, json.dumps(body, ensure_ascii=False), fingerprint, self.now()),
        ).fetchone()[0]

    def requests(
        self, player: str | None = None, state: str | None = None, character: str | None = None,
        most: int = -1, skip: int = 0, newest_first: bool = False,
    ) -> list[Request]:
        """The requests asked (of a player, in a state, for a character), oldest first unless
        `newest_first`: `most` of them (all: -1) after the first `skip`, a page at a time."""
        rows = self.db.execute(
            "SELECT * FROM requests WHERE (? IS NULL OR player = ?) AND (? IS NULL OR state = ?) AND (? IS NULL OR character = ?) "
            f"ORDER BY id {'DESC' if newest_first else 'ASC'} LIMIT ? OFFSET ?",
            (player, player, state, state, character, character, most, skip),
        ).fetchall()
        return [request_of(row) for row in rows]

    def counted(self, player: str | None = None, state: str | None = None, character: str | None = None) -> tuple[int, int]:
        """How many requests there are (of a player, in a state, for a character), and how many
        characters their texts (or purchases) hold together."""
        count, size = self.db.execute(
            "SELECT count(*), coalesce(sum(length(coalesce(json_extract(body, '$.text'), json_extract(body, '$.what'), ''))), 0) FROM requests WHERE (? IS NULL OR player = ?) "
            "AND (? IS NULL OR state = ?) AND (? IS NULL OR character = ?)",
            (player, player, state, state, character, character),
        ).fetchone()
        return count, size

    def request(self, number: int) -> Request | None:
        row = self.db.execute("SELECT * FROM requests WHERE id = ?", (number,)).fetchone()
        return request_of(row) if row else None

    def claim(self, number: int, by: str) -> bool:
        """The waiting request taken by `by` for approval, compare-and-set: of two staff approving
        it at once, one takes it and buys, the other is told it is taken. False if not waiting."""
        return self.db.execute(
            "UPDATE requests SET state = 'approving', answered_by = ? WHERE id = ? AND state = 'waiting'", (by, number)
        ).rowcount == 1

    def unclaim(self, number: int) -> None:
        """A claimed request waiting again: its approval failed, nothing was bought."""
        self.db.execute("UPDATE requests SET state = 'waiting', answered_by = '' WHERE id = ? AND state = 'approving'", (number,))

    def answer(self, number: int, state: str, answer: str, by: str, entry: str = "", was: str = "waiting") -> bool:
        """The request answered, if it is still `was` (compare-and-set); whether it was."""
        return self.db.execute(
            "UPDATE requests SET state = ?, answer = ?, answered_by = ?, entry = ? WHERE id = ? AND state = ?",
            (state, answer, by, entry, number, was),
        ).rowcount == 1

    def release(self) -> int:
        """Every answered downtime action shown to its player; how many."""
        return self.db.execute("UPDATE requests SET released = 1 WHERE kind = 'downtime' AND state != 'waiting' AND released = 0").rowcount


def request_of(row) -> Request:
    return Request(row[0], row[1], row[2], row[3], json.loads(row[4]), row[5], row[6], row[7], row[8], row[9], row[10], bool(row[11]))
