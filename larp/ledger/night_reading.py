"""A night of the record (`NightRow`), and what a command that reads the record asks of it (`larp
log`, `export`, `reconcile`): the night to read, its entries without their payloads, the
characters and stations it names, its reversals. A part of `Ledger` (larp.ledger.store)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from larp.ledger.bulk import bulk
from larp.ledger.entry import Entry, Kind
from larp.ledger.errors import LedgerError
from larp.ledger.rows import HEADLINE, entry_of_row, headline_of_row

MERGED_ORDER = (
    " ORDER BY CASE WHEN json_valid(line) THEN json_extract(line, '$.game_time') END,"
    " CASE WHEN json_valid(line) THEN json_extract(line, '$.wall_time') END, station, station_seq"
)
"""`Entry.order`, as the record sorts its lines: read along the index `entries_in_merged_order`
(larp.ledger.schema), which names these very expressions, so the night is never sorted."""


@dataclass(frozen=True, slots=True)
class NightRow:
    id: int
    chronicle: str
    number: int
    archived_at: str | None


class NightReading:
    def night_to_read(self, number: int | None = None) -> NightRow:
        """The record's latest night, or its night `number` (of the same chronicle): what a
        command that only reads the record reads (as `Desk.read` finds it), the record alone
        opened, with no chronicle, fold or rules engine."""
        nights = self.nights()
        if not nights:
            raise LedgerError("this record holds no night yet: open one (larp night open) or merge a bundle")
        latest = nights[-1]
        if number is None or number == latest.number:
            return latest
        row = self.night(latest.chronicle, number)
        if row is None:
            raise LedgerError(f"there is no night {number} in this record")
        return row

    def each_headline(self, night: NightRow, with_lines: bool = False, **only: str | None) -> Iterator[tuple[Entry, str | None]]:
        """What `each_entry` gives, each entry without its payload (`Entry.without_payload`), and
        with its line where `with_lines`: the record reads the rest of each line itself, and only
        a line it can't read as an entry is read again to name its damage (kept in `damaged`)."""
        query, params = self._selecting(night, columns=f"seq, id, {HEADLINE}" + (", line" if with_lines else ""), **only)
        for batch in self._batches(query + MERGED_ORDER, params):
            with bulk():
                for seq, entry_id, fields, kinds, *line in batch:
                    entry = headline_of_row(entry_id, fields, kinds, night.number) or self._reread(night, seq, entry_id)
                    if entry is not None:
                        yield entry, line[0] if line else None

    def _reread(self, night: NightRow, seq: int, entry_id: str) -> Entry | None:
        """The entry at row `seq`, its payload let go; None where it is damaged (kept in `damaged`)."""
        with self.failures("read"):
            (line,) = self.db.execute("SELECT line FROM entries WHERE seq = ?", (seq,)).fetchone()
        read = self._readable([entry_of_row(seq, entry_id, line, night.number)])
        return read[0].without_payload() if read else None

    def known(self, night: NightRow) -> tuple[set[str], set[str]]:
        """Every character the night's entries name (those they concern, and the sheets a station
        opened with or added), and every station that wrote in it."""
        with self.failures("read"):
            stations = {station for (station,) in self.db.execute("SELECT DISTINCT station FROM entries WHERE night = ?", (night.id,))}
            characters = {
                cid
                for (cid,) in self.db.execute(
                    "SELECT DISTINCT value FROM entries, json_each(entries.line, '$.characters') WHERE night = ? AND json_valid(line) "
                    "UNION SELECT json_extract(value, '$.sheet.id') FROM entries, json_each(entries.line, '$.payload.characters') "
                    "WHERE night = ? AND kind = ? AND json_valid(line) "
                    "UNION SELECT json_extract(line, '$.payload.character.sheet.id') FROM entries WHERE night = ? AND kind = ? AND json_valid(line)",
                    (night.id, night.id, Kind.OPENED.value, night.id, Kind.ADDED.value),
                )
                if isinstance(cid, str)
            }
        return characters, stations  # a damaged line names nobody here: reading it names the damage

    def reversed_by(self, night: NightRow) -> dict[str, str]:
        """Each reversed entry's id → the id of the entry that reversed it."""
        with self.failures("read"):
            return dict(self.db.execute("SELECT reverses, id FROM entries WHERE night = ? AND reverses IS NOT NULL", (night.id,)))

    def season_place(self, night: NightRow) -> tuple[int, dict[str, int]]:
        """Where an operation on a character written now stands in the season's order (larp.ledger.operations):
        its tick, one more than any operation or opening this record holds of the night and of the
        night before (whose late operations count in this one's start), and what it heard, per
        station the last entry of the night this record holds."""
        with self.failures("read"):
            tick = self.db.execute(
                "SELECT COALESCE(MAX(CASE WHEN json_valid(line) THEN json_extract(line, '$.payload.tick') END), 0) "
                "FROM entries WHERE kind IN (?, ?) AND night IN (SELECT id FROM nights WHERE chronicle = ? AND number IN (?, ?))",
                (Kind.BETWEEN.value, Kind.OPENED.value, night.chronicle, night.number, night.number - 1),
            ).fetchone()[0]
        return 1 + (tick if isinstance(tick, int) else 0), self.marks(night)

    def holds(self, night: NightRow, kind: Kind) -> bool:
        """Whether the night holds an entry of that kind (none of them read)."""
        with self.failures("read"):
            return self.db.execute("SELECT 1 FROM entries WHERE night = ? AND kind = ? LIMIT 1", (night.id, kind.value)).fetchone() is not None
