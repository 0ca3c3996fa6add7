"""After the game at the desk: bundles out and in, reconciliation, and closing the night for good."""

from dataclasses import replace
from pathlib import Path
from typing import Callable

from larp.desk.core import recorded
from larp.desk.errors import DeskError
from larp.ledger import next_starting_data
from larp.ledger.bulk import bulk
from larp.ledger.bundle import read_bundle, write_bundle
from larp.ledger.merge import merge_bundle
from larp.ledger.reconcile import Reconciliation, reconcile
from larp.ledger.reported import differences, read_reported
from larp.ledger.signing import fingerprint, own_key, public_text, signed_lines


class Afterwards:
    def reconcile(self, night: int | None = None, reported: Path | None = None) -> Reconciliation:
        """Per character: start, every change with its entry, end; anomalies first; with the
        differences from the players' paper sheets when `reported` names them."""
        with recorded, bulk():
            done = self.reconciler(night)()
            if reported is not None:
                done = replace(done, differences=tuple(differences(done, read_reported(reported))))
        return done

    def reconciler(self, night: int | None = None) -> Callable[[], Reconciliation]:
        """The night's reconciliation, to make: its entries are read now, on the desk's thread;
        the making (the whole night folded again, in bulk) may run on any thread, as the station's worker."""
        row = self._night(night)
        entries = self.entries(night=night)

        def making() -> Reconciliation:
            with bulk():
                return reconcile(row.chronicle, row.number, entries)

        return making

    def export(self, out: Path, night: int | None = None, station: str | None = None) -> int:
        """Write this station's entries of the night as a bundle; how many entries it holds."""
        row = self._night(night)
        station = station or self.station
        with recorded:
            if not self.ledger.lines(row, station=station):
                raise DeskError(f"station {station!r} wrote nothing in night {row.number}: there is nothing to export")
            key, signed, seal = signed_lines(self.ledger, row, station, self.station)
            exported = self.now().isoformat(timespec="seconds")
            write_bundle(Path(out), row.chronicle, row.number, station, key, signed, exported, seal)
        return len(signed)

    def signing_key(self) -> str:
        """This station's public key, as a Narrator reads it to another: four groups of four."""
        with recorded:
            return fingerprint(public_text(own_key(self.ledger, self.station)))

    def merge(self, bundle: Path, heard: Callable[[str], None] | None = None) -> int:
        """Bring another station's bundle into this record, whole or not at all; how many
        entries were new (none, for a bundle merged before). Refused unless each entry is
        signed by its station's key as this record trusts it (larp.ledger.merge); `heard` is
        told about a key trusted for the first time."""
        with recorded, bulk():
            read = read_bundle(Path(bundle))
            added, note = merge_bundle(self.ledger, read, self.station)
            if note and heard is not None:
                heard(note)
            if self.night_row is None:
                self.night_row = self.ledger.night(read.chronicle, read.night)
        self.refold_later()
        return added

    def archive_night(self) -> dict[str, dict]:
        """`larp close-night`: the next game's starting states written (lost Traits and spent
        Abilities back, Willpower per the chronicle, permanent changes kept), the night archived.
        Closes this station's night first if it is open here."""
        self._current()
        row = self._night(None)
        if row.archived_at is not None:
            raise DeskError(f"night {row.number} is archived already")
        if self.opened_here and not self.closed:
            self.close_night()
        refresh = self.chronicle.willpower_refresh if self.chronicle else "full"
        ends = self.tonight.characters  # the desk's fold, just brought up to date: the night is not folded again
        following = {cid: next_starting_data(state, refresh) for cid, state in sorted(ends.items())}
        with recorded:
            self.night_row = self.ledger.archive(row, self.now().isoformat(timespec="seconds"), following)
        return following
