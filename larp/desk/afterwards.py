"""After the game at the desk: bundles out and in, reconciliation, and closing the night for good.

The bundles, the account and the signatures are imported when first used: a command that
records or rolls never loads them (larp.cli's start-up budget)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from larp.desk.carried import playing, season_now
from larp.desk.errors import recorded
from larp.desk.errors import DeskError
from larp.ledger import Entry, Kind, NightRow, next_starting_data
from larp.ledger.effects import Anomaly
from larp.ledger.ending import CARRIABLE, carried_payload, closes, late_entries
from larp.ledger.bulk import bulk
from larp.words import counted

if TYPE_CHECKING:
    from larp.ledger.reconcile import Reconciliation


class Afterwards:
    def reconcile(self, night: int | None = None, reported: Path | None = None) -> Reconciliation:
        """Per character: start, every change with its entry, end; anomalies first; with the
        differences from the players' paper sheets when `reported` names them."""
        from larp.ledger.reported import differences, read_reported

        with recorded, bulk():
            done = self.reconciler(night)()
            if reported is not None:
                done = replace(done, differences=tuple(differences(done, read_reported(reported))))
        return done

    def reconciler(self, night: int | None = None) -> Callable[[], Reconciliation]:
        """The night's reconciliation, to make: what it needs is taken now, on the desk's thread;
        the making may run on any thread, as the station's worker. Tonight's, at a desk holding
        its fold, is made from the fold's own effects (the night is not folded again); a desk
        opened to read (`Desk.read`, a command's) makes it from the fold the record keeps and the
        entries after it (larp.ledger.kept_account), else reads the night as the making folds it,
        in the memory of a short night; else the night's entries are folded again."""
        from larp.ledger.reconcile import reconcile, reconcile_folded

        row = self._night(night)
        flagged = self._season_flags(row) + self._close_flags(row)
        if self._holds_whole(row):  # the desk's own fold: its effects, not folded again
            entries, effects, tonight = self._fold.folded()

            def making() -> Reconciliation:
                return self._found(reconcile_folded(row.chronicle, row.number, entries, effects, tonight), flagged)

            return making
        if self.reading:  # a command's one reading: from the fold the record keeps, else the night read as it is folded
            return lambda: self._found(self._read_account(row), flagged)
        entries = self.entries(night=night)
        return lambda: self._found(reconcile(row.chronicle, row.number, entries, None), flagged)

    def _read_account(self, row: NightRow) -> Reconciliation:
        from larp.ledger.kept_account import kept_account
        from larp.ledger.reconcile import reconcile

        done = kept_account(self.ledger, row)
        if done is not None:
            return done
        reversals = {e.reverses: e for e in self.ledger.entries(row, kind=Kind.REVERSAL.value) if e.reverses}
        return reconcile(row.chronicle, row.number, self.ledger.each_entry(row), reversals)

    def _close_flags(self, row) -> tuple:
        """`close-differs` where the close of this night carries other sheets than the fold of what it read."""
        with recorded:
            found = closes(self.ledger.entries(row, kind=Kind.ENDED.value))
            if not found:
                return ()
            close = found[0]
            following = NightRow(None, row.chronicle, row.number + 1, None)
            if self.ledger.checked_close(following, close.to_json()) == close.payload["characters"]:
                return ()
        return (
            Anomaly(
                "close-differs", "", close,
                f"the close of night {row.number} at station {close.station} (entry {close.short_id}) carries other sheets than "
                f"the night's entries give: night {row.number + 1} starts from what the entries give",
            ),
        )

    def _season_flags(self, row) -> tuple:
        """What the night's between-games operations leave to settle: conflicts, overspending."""
        with recorded:
            if not self.ledger.holds(row, Kind.BETWEEN) or self.chronicle is None:
                return ()  # a night with no between-games operation: nothing to flag, nothing more read
            return tuple(season_now(self.ledger, row, self.chronicle).anomalies(self.experience_rules.debt))

    def _found(self, done: Reconciliation, flagged: tuple = ()) -> Reconciliation:
        """The account (with the season's flags first), its damaged entries kept in the record's
        (which is then read-only)."""
        self.ledger.found(done.damaged)
        return replace(done, anomalies=flagged + done.anomalies) if flagged else done

    def export(self, out: Path, night: int | None = None, station: str | None = None) -> int:
        """Write this station's entries of the night as a bundle; how many entries it holds."""
        from larp.ledger.exporting import export_night

        row = self._night(night)
        with recorded:
            return export_night(self.ledger, Path(out), row, station or self.station, self.station, self.now().isoformat(timespec="seconds"))

    def signing_key(self) -> str:
        """This station's public key, as a Narrator reads it to another: four groups of four."""
        from larp.ledger.exporting import key_fingerprint

        with recorded:
            return key_fingerprint(self.ledger, self.station)

    def merge(self, bundle: Path, heard: Callable[[str], None] | None = None) -> int:
        """Bring another station's bundle into this record, whole or not at all; how many
        entries were new (none, for a bundle merged before). Refused unless each entry is
        signed by its station's key as this record trusts it (larp.ledger.merge); `heard` is
        told about a key trusted for the first time."""
        from larp.ledger.bundle_reading import filed_lines, read_bundle
        from larp.ledger.merge import merge_bundle

        with recorded, bulk():
            read = read_bundle(Path(bundle), lambda header: filed_lines(self.ledger, header))
            added, note = merge_bundle(self.ledger, read, self.station)
            if note and heard is not None:
                heard(note)
            if self.night_row is None:
                self.night_row = self.ledger.night(read.chronicle, read.night)
        self.refold_later()
        return added

    def archive_night(self) -> dict[str, dict]:
        """`larp close-night`, for the whole event: one `night-ended` entry (larp.ledger.ending)
        holding the next game's starting states (lost Traits and spent Abilities back, Willpower per
        the chronicle, permanent changes kept) and what of each station's entries it read; written
        with this station's own close of the night, if it is open here, in one transaction. The
        hub carries it to every station, which starts the next night from it."""
        self._current()
        row = self._night(None)
        if row.archived_at is not None:
            raise DeskError(f"night {row.number} is archived already")
        refresh = self._willpower_refresh()
        with bulk():
            carry = self.tonight.rules.health.carry
            following = {cid: next_starting_data(end, refresh, carry) for cid, end in sorted(self.tonight.characters.items())}
        written = []
        if self.opened_here and not self.closed:
            written.append(self._entry(Kind.CLOSED, f"Night {row.number} closes at station {self.station}", (), {}))
        summary = f"Night {row.number} closes for the event at station {self.station}: night {row.number + 1} starts from it"
        payload = {"next": row.number + 1, "refresh": refresh, "read": self.ledger.marks(row), "characters": list(following.values())}
        written.append(self._entry(Kind.ENDED, f"{summary} ({playing(list(following.values()))})", (), payload))
        with recorded:
            self.night_row = self.ledger.end_night(row, written)
        self.refold_later()
        return following

    def _willpower_refresh(self) -> str:
        """The chronicle's `willpower_refresh`: as the chronicle given says, else as the night's
        first opening does (without rebuilding every sheet the record holds)."""
        if self._chronicle is not None:
            return self._chronicle.willpower_refresh
        opening = next(iter(self.entries(kind=Kind.OPENED.value)), None)
        return opening.payload["chronicle"].get("willpower_refresh", "full") if opening else "full"

    def closed_by(self) -> Entry | None:
        """The event's close of the desk's night, if it was closed (here or at another station)."""
        self._current()
        if self.night_row is None or self.night_row.archived_at is None:
            return None
        found = closes(self.entries(kind=Kind.ENDED.value))
        return found[0] if found else None

    def closes_known(self) -> dict[int, int]:
        """The nights of the record the event closed, with how many late entries each holds (the
        latest such night only: the others were counted at the syncs before)."""
        with recorded:
            archived = [night for night in self.ledger.nights() if night.archived_at is not None]
            known = {night.number: 0 for night in archived}
            if archived:
                known[archived[-1].number] = self.ledger.late_count(archived[-1])
        return known

    def closes_learnt(self, before: dict[int, int]) -> list[str]:
        """What the record learnt of the event's closes since `before` (closes_known), said for the Narrator."""
        said = []
        with recorded:
            rows = {night.number: night for night in self.ledger.nights()}
        for number, late in self.closes_known().items():
            if number not in before:
                with recorded:
                    close = closes(self.ledger.entries(rows[number], kind=Kind.ENDED.value))
                if close:
                    said.append(
                        f"night {number} was closed for the event at station {close[0].station}: night {number + 1} "
                        "starts from its close, the same at every station (larp night open when the game starts)"
                    )
            if late > before.get(number, 0):
                said.append(
                    f"{counted(late, 'entry')} of night {number} written after its close: kept and flagged "
                    f"(larp reconcile --night {number}; larp carry ENTRY brings one into the night under way)"
                )
        return said

    def late_entries(self, night: int | None = None) -> list[Entry]:
        """The entries of a closed night written at stations that had not heard of its close."""
        return late_entries(self.entries(night=night))

    def carry(self, entry_id: str) -> Entry:
        """`larp carry ENTRY`: a late entry of a night the event closed, brought whole into the
        night open here (an adjudication without its five-minute lock), as a `carried` entry."""
        self._current()
        late = self._late_entry(entry_id)
        with recorded:
            later = [night for night in self.ledger.nights(self.night_row.chronicle) if night.number > late.night]
            carried = [e for night in later for e in self.ledger.entries(night, kind=Kind.CARRIED.value) if e.payload["entry"] == late.id]
        if carried:
            raise DeskError(f"entry {late.short_id} was carried into night {carried[0].night} already (entry {carried[0].short_id})")
        if late.kind not in CARRIABLE:
            raise DeskError(f"entry {late.short_id} is a {late.kind.value} entry: only a call, a sheet change or an experience line is carried")
        opening = self.tonight.first_opening
        if opening is not None and late.id in (opening.payload.get("heard") or ()):
            raise DeskError(f"entry {late.short_id} counts in night {self.night_number}'s start already: its opening heard it")
        summary = f"Carried from night {late.night} (entry {late.short_id}, station {late.station}): {late.summary}"
        return self._write(Kind.CARRIED, summary, late.character_ids, carried_payload(late))

    def _late_entry(self, entry_id: str) -> Entry:
        with recorded:
            nights = [night for night in self.ledger.nights(self.night_row.chronicle) if night.number < self.night_number] if self.night_row else []
        for night in reversed(nights):
            try:
                with recorded:
                    found = self.ledger.find(night, entry_id)
            except DeskError:
                continue
            if found.id not in {entry.id for entry in self.late_entries(night.number)}:
                raise DeskError(f"entry {found.short_id} of night {night.number} is no late entry: the close of the night read it already")
            return found
        raise DeskError(f"there is no late entry {entry_id!r} in a night before this one (larp reconcile --night N lists them)")
