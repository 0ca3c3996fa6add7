"""Where a night starts and what came after its close: what the record keeps of the event's
close of a night (larp.ledger.ending), a part of the Ledger."""

from __future__ import annotations

import json

from larp.ledger.ending import FLAGGED_LATE
from larp.ledger.entry import Kind
from larp.ledger.errors import LedgerError
from larp.ledger.rows import Damage
from larp.sheet.strict_json import BadJson, loads_kept

ENDED = Kind.ENDED.value
CHECKED = "close_checked:"
"""The verdict on a close, kept once found: `ok`, or the states the fold of what it read gives."""


class NightEnds:
    """The Ledger's reading of the closes of its nights (a mixin: `db`, `failures`, `found` are the Ledger's)."""

    def starting_states(self, night: NightRow) -> dict[str, dict]:
        """Where this night starts, by character: the event's close of the night before (the
        first, should two stations have closed it), else what a `larp close-night` of an older
        larp kept."""
        with self.failures("read"):
            lines = self.db.execute(
                "SELECT e.line FROM entries e JOIN nights n ON n.id = e.night "
                "WHERE n.chronicle = ? AND n.number = ? AND e.kind = ?",
                (night.chronicle, night.number - 1, ENDED),
            ).fetchall()
            if not lines:
                rows = self.db.execute(
                    "SELECT character, state FROM starting_states WHERE night = ? ORDER BY character", (night.id,)
                ).fetchall()
                return self._kept_states(night, rows)
        close = first_close([json.loads(line) for (line,) in lines])
        carried = self.checked_close(night, close)
        return {data["sheet"]["id"]: data for data in sorted(carried, key=lambda data: data["sheet"]["id"])}

    def checked_close(self, night: NightRow, close: dict) -> list[dict]:
        """The starting states a close carries, checked once against the fold of what it read:
        a close whose sheets are not that fold (doctored, with one station's key) is kept as
        said, flagged `close-differs`, and the next night starts from the fold instead."""
        said = f"{CHECKED}{close['id']}"
        verdict = self.setting(said)
        if verdict is None:
            folded = self._folded_close(night, close)
            verdict = "ok" if folded == close["payload"]["characters"] else json.dumps(folded, ensure_ascii=False)
            try:
                self.remember(said, verdict)
            except LedgerError:
                pass  # a record that can't be written: checked again next time
        return close["payload"]["characters"] if verdict == "ok" else json.loads(verdict)

    def _folded_close(self, night: NightRow, close: dict) -> list[dict]:
        from larp.ledger.projection import Tonight
        from larp.ledger.starting import next_starting_data

        closed = self.night(night.chronicle, night.number - 1)
        read = close["payload"]["read"]
        entries = [e for e in self.entries(closed) if e.seq <= read.get(e.station, 0) and e.kind not in (Kind.ENDED, Kind.CLOSED)]
        tonight = Tonight.of(entries)
        refresh = close["payload"].get("refresh", "full")
        return [next_starting_data(end, refresh, tonight.rules.health.carry) for _, end in sorted(tonight.characters.items())]

    def _kept_states(self, night: NightRow, rows: list) -> dict[str, dict]:
        """The starting states an older larp's close-night kept; a damaged one is named, not read."""
        states = {}
        for cid, state in rows:
            try:
                states[cid] = loads_kept(state) if isinstance(state, str) else None
            except BadJson:
                states[cid] = None
            if not isinstance(states[cid], dict):
                self.found([Damage(f"the starting state of {cid} in night {night.number}", "it is not a JSON object")])
                del states[cid]
        return states

    def late_count(self, night: NightRow) -> int:
        """How many entries of the night its close did not read (larp.ledger.ending), counted
        from the record's index, without reading them."""
        kinds = [kind.value for kind in FLAGGED_LATE] + [Kind.REVERSAL.value]
        with self.failures("read"):
            lines = self.db.execute("SELECT line FROM entries WHERE night = ? AND kind = ?", (night.id, ENDED)).fetchall()
            if not lines:
                return 0
            read = first_close([json.loads(line) for (line,) in lines])["payload"]["read"]
            rows = self.db.execute(
                f"SELECT station, station_seq FROM entries WHERE night = ? AND kind IN ({','.join('?' * len(kinds))})",
                (night.id, *kinds),
            )
            return sum(1 for station, seq in rows if seq > read.get(station, 0))


def first_close(closes: list[dict]) -> dict:
    """Of two stations' closes of one night (each offline from the other), the one every record
    takes: the one that read the fewest entries (the earlier as the entries tell it, never as a
    laptop's clock does), then by station."""
    return min(closes, key=lambda close: (sum(close["payload"]["read"].values()), close["station"], close["seq"]))
