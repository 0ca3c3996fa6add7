"""Between games at the desk: one truth for the next night, its characters' status, and the
chronicle as it stands.

A change made while no night is open at this station is a between-games entry of the night to
come (see `larp.desk.carried`): it syncs through the hub like any entry, and the night, once
opened, starts from it. Opening a night reads the chronicle folder against what the record
carries, and refuses to open while they differ until the Narrator applies or keeps the folder's
word (`folder_edits`).
"""

from dataclasses import replace
from pathlib import Path

from larp.desk.carried import (
    FolderDifference,
    SeasonNow,
    carried_starts,
    first_opening,
    playing,
    folder_differences,
    remember_seen,
    season_now,
    seen_prints,
)
from larp.desk.errors import recorded
from larp.desk.errors import DeskError
from larp.desk.folder_writing import Written, write_chronicle_folder
from larp.desk.nights import number_to_open
from larp.desk.opening import chronicle_settings, load_folder
from larp.ledger import Entry, Kind, NightRow, starting_data, starting_state
from larp.ledger.conflicts import JOINED
from larp.ledger.operations import field, fields_changed
from larp.ledger.reconcile import Reconciliation, reconcile
from larp.sheet import Chronicle, Sheet
from larp.sheet.differences import said

FOLDER_EDITS = ("apply", "keep")
STATUSES = ("active", "inactive", "retired", "dead")


class FolderDiffers(DeskError):
    """The folder says otherwise than the record: nothing is opened until the Narrator decides."""

    def __init__(self, number: int, differences: list[FolderDifference]) -> None:
        lines = "\n".join(f"  {difference.line()}" for difference in differences)
        super().__init__(
            f"the chronicle folder differs from the sheets the record carries into night {number}:\n{lines}\n"
            "apply the folder's sheets (larp night open --apply) or keep the record's (--keep); nothing was opened"
        )
        self.number = number
        self.differences = differences


class BetweenGames:
    folder_edits: str | None = None
    """What to do with the folder's edits at the next opening: apply, keep; None asks (refuses)."""
    from_folder: Path | None = None
    """The chronicle folder the desk read its chronicle from, if it read one."""
    opened_now: tuple[int, str] | None = None
    """The night this desk opened at this station, if it opened one, and the station that opened
    it first: a command says so."""

    # The night to come.

    def next_night(self) -> int:
        """The night this station opens next (or has open)."""
        self._current()
        if self.night_open_here:
            return self.night_number
        with recorded:
            return number_to_open(self.ledger, self.chronicle.id, self.station)

    def _next_row(self, create: bool = False) -> NightRow | None:
        number = self.next_night()
        with recorded:
            row = self.ledger.night(self.chronicle.id, number)
            if row is None and create:
                with self.ledger.writing(f"night {number}") as db:
                    row = self.ledger.add_night(db, self.chronicle.id, number)
        return row

    def carried(self) -> dict[str, dict]:
        """Each character's starting state for the night to come, as the record carries it (the
        chronicle's sheets for a first night)."""
        row = self._next_row()
        with recorded:
            return carried_starts(self.ledger, row, self.chronicle)

    def starting(self) -> dict:
        """The night to come's characters as they will start it (`CharacterState`s), by id: read
        again only when the record or the chronicle changed (a portal's page, an offer's list
        and its catalog each read every character)."""
        return dict(self._starting.of(self, lambda: {cid: starting_state(data) for cid, data in self.carried().items()}))

    def states(self) -> dict:
        """Every character as she stands: tonight's state while a night is open here (or, read
        from a record that merged the stations' bundles, while the night is under way), else
        her start of the night to come; retired and dead characters included."""
        self._current()
        if self.night_open_here or (self.reading and self._night_under_way()):
            return dict(sorted(self.tonight.characters.items()))
        return self.starting()

    def _night_under_way(self) -> bool:
        row = self.night_row
        return row is not None and row.archived_at is None and bool(self.tonight.characters)

    def standing(self) -> Chronicle:
        """The chronicle as it stands (`states`' sheets): what cards, scans and exports read."""
        sheets = {cid: state.sheet for cid, state in self.states().items()}
        return self.chronicle.model_copy(update={"characters": sheets})

    def preview(self) -> Reconciliation:
        """The night to come before it opens, as a reconciliation of its opening alone: each
        character as she will start it (nothing is written)."""
        number = self.next_night()
        starts = list(self.carried().values())
        settings = chronicle_settings(self.chronicle)
        opening = self._entry(Kind.OPENED, f"Night {number} before it opens", (), {"chronicle": settings, "characters": starts}, game_time=0.0, night=number)
        done = reconcile(self.chronicle.id, number, [opening])
        return replace(done, anomalies=tuple(self.season().anomalies(self.experience_rules.debt)) + done.anomalies)

    def under_way(self, number: int) -> bool:
        """Whether a station opened that night (else it is still to come)."""
        with recorded:
            row = self.ledger.night(self.chronicle.id, number) if self.chronicle else None
            return row is not None and first_opening(self.ledger, row) is not None

    # The folder against the record.

    def folder_differences(self) -> list[FolderDifference]:
        """What the chronicle folder says otherwise than the record carries into the night to come."""
        if self.from_folder is None:
            return []
        carried = self.carried()
        folder = load_folder(self.from_folder)
        with recorded:
            seen = seen_prints(self.ledger, self.chronicle.id)
        if seen is None and self.next_night() > 1:
            return []  # a laptop new to the chronicle: its sheets came from the event, the folder is taken as it is
        return folder_differences(carried, folder, self.from_folder, seen)

    def _open_night(self) -> None:
        differences = self.folder_differences()
        if differences and self.folder_edits is None:
            raise FolderDiffers(self.next_night(), differences)
        if differences and self.folder_edits == "apply":
            for difference in differences:
                self.amend(difference.sheet, "edited in the chronicle folder", difference.file)
        if self.from_folder is not None:
            with recorded:
                remember_seen(self.ledger, load_folder(self.from_folder))
        number = self.next_night()
        season = self.season()
        starts = list(season.starts.values())
        with recorded:
            tick, _ = self.ledger.season_place(NightRow(None, self.chronicle.id, number, None))
        opening = self._entry(
            Kind.OPENED,
            f"Night {number} of {self.chronicle.name} opens at station {self.station} ({playing(starts)})",
            (),
            {"chronicle": chronicle_settings(self.chronicle), "characters": starts, **season.opening_payload(), "tick": tick},
            game_time=0.0,
            night=number,
        )
        with recorded:
            self.night_row, _ = self.ledger.open_night(self.chronicle.id, number, opening)
        first = first_opening(self.ledger, self.night_row)
        self.opened_now = (number, first.station)

    def folder_holds(self, character_id: str) -> None:
        """Her file in the chronicle folder is the record's sheet now (`larp add` copied it
        there): not an edit of the folder to ask about at the next opening."""
        if self.from_folder is not None:
            with recorded:
                remember_seen(self.ledger, load_folder(self.from_folder), only=character_id)

    def export_chronicle(self, folder: Path | None = None) -> Written:
        """The chronicle as it stands written as a chronicle folder (by default, the one the
        record reads): the TOML files and the record agree, and the folder, so written, is
        what the record last took from it; a file edited there by hand and not taken yet is
        left as it is (and named), for the next opening to ask about."""
        target = Path(folder) if folder is not None else self.from_folder
        if target is None:
            raise DeskError("this record reads no chronicle folder: name one to write (--out DIR)")
        in_place = self.from_folder is not None and target.resolve() == self.from_folder.resolve()
        leaving = frozenset(d.character for d in self.folder_differences()) if in_place else frozenset()
        done = write_chronicle_folder(self.standing(), target, settings=not in_place, leaving=leaving)
        if in_place:
            with recorded:
                remember_seen(self.ledger, load_folder(target), leaving=leaving)
        return done

    # Changes between games.

    def season(self) -> SeasonNow:
        """The night to come as the record carries it, with its operations (larp.desk.carried)."""
        row = self._next_row()
        with recorded:
            return season_now(self.ledger, row, self.chronicle)

    def amend(self, sheet: Sheet, why: str, file: str = "") -> Entry:
        """A character's sheet for the next game (new, changed, retired), recorded while no night is
        open here: a between-games operation naming each field it changes, from what to what (never
        her experience, which moves by its lines alone); a new character's whole starting state."""
        known = self.carried().get(sheet.id)
        if self.from_folder is not None:
            with recorded:
                if seen_prints(self.ledger, self.chronicle.id) is None:
                    remember_seen(self.ledger, load_folder(self.from_folder))  # the folder as it was is taken
        before = f"{sheet.display_name} before night {self.next_night()}"
        if known is None:
            return self._operate(sheet, f"{before}: joins the chronicle; {why}", why, file, joins=starting_data(sheet))
        fields = fields_changed(known["sheet"], sheet.model_dump(mode="json"))
        if not fields:
            raise DeskError(f"{sheet.display_name}'s sheet is the one the record carries already: nothing to record")
        old = starting_state(known).sheet
        what = said(old, sheet.model_copy(update={"experience": old.experience}))
        return self._operate(sheet, f"{before}: {what}" + (f"; {why}" if why and why not in what else ""), why, file, fields=fields)

    def _operate(self, sheet: Sheet, summary: str, why: str, file: str = "", settles: bool = False, **operation) -> Entry:
        """Write an operation on her (larp.ledger.operations), in the night open here or between
        games: its tick and what this record had heard. Between games, while another station has
        the night under way, only one that `settles` a conflict is written (the night takes it)."""
        done = {name: value for name, value in operation.items() if value}
        payload = {"character": sheet.id, "why": why, "file": file, **done}
        if settles:
            payload["settles"] = True
        if self.night_open_here:
            with recorded:
                tick, heard = self.ledger.season_place(self.night_row)
            return self._write(Kind.BETWEEN, summary, [sheet.id], {**payload, "tick": tick, "heard": heard})
        row = self._next_row(create=True)
        with recorded:
            opening = first_opening(self.ledger, row)
            tick, heard = self.ledger.season_place(row)
        if opening is not None and not settles:
            raise DeskError(
                f"night {row.number} is under way at station {opening.station}: open it here (larp night open) "
                "and change the sheet in the night"
            )
        entry = self._entry(Kind.BETWEEN, summary, [sheet.id], {**payload, "tick": tick, "heard": heard}, game_time=0.0, night=row.number)
        with recorded:
            written = self.ledger.append(row, entry)
        self.refold_later()
        return written

    def pick(self, entry_id: str, path: str | None = None) -> Entry:
        """Settle a conflict (`larp conflicts pick`): the field the named entry set, as it set
        it (of two new characters of one id, her whole sheet as it had her), written by an
        operation that has heard every side, so that it holds everywhere (in the night under way
        too). An entry in more than one conflict settles the one `path` names."""
        season = self.season()
        found = [c for c in season.conflicts() if any(op.entry.id.startswith(entry_id) for op in c.operations)]
        if not entry_id or not found:
            raise DeskError(f"entry {entry_id!r} is in no conflict of night {self.next_night()}: larp conflicts lists them")
        named = [c for c in found if path in (None, c.path, c.said)]
        if len(named) != 1:
            paths = ", ".join(c.said for c in found)
            raise DeskError(f"entry {entry_id} is in {len(found)} conflicts ({paths}): name the one to settle (--field PATH)" if not named or path is None
                            else f"entry {entry_id} is in no conflict of {path} (its conflicts: {paths})")
        conflict = named[0]
        picked = next(op for op in conflict.operations if op.entry.id.startswith(entry_id))
        sheet = self.standing().characters[picked.character]
        now = sheet.model_dump(mode="json")
        if conflict.path == JOINED:
            fields = fields_changed(now, picked.joins["sheet"])
        else:
            fields = {conflict.path: [field(now, conflict.path), picked.fields[conflict.path][1]]}
        what = "the sheet" if conflict.path == JOINED else conflict.said
        summary = f"{sheet.display_name} keeps {what} as entry {picked.entry.short_id} set it (a conflict settled)"
        return self._operate(sheet, self._before_next(sheet, summary), f"conflict settled for entry {picked.entry.short_id}", settles=True, fields=fields)

    def retire(self, character_id: str, reason: str, status: str = "retired") -> Entry:
        """A character's status for good (retired, dead, inactive, or active again), with the
        reason: in the night if one is open here, else before the next."""
        reason = " ".join(reason.split())
        if status not in STATUSES:
            raise DeskError(f"a status is one of {', '.join(STATUSES)}, not {status!r}")
        if not reason and status != "active":
            raise DeskError("say why (--reason): every Narrator who scans the card reads it")
        sheet = self.standing().characters.get(character_id)
        if sheet is None:
            raise DeskError(f"there is no character {character_id!r} in the record")
        if sheet.status == status:
            raise DeskError(f"{sheet.display_name} is {status} already ({sheet.status_reason or 'no reason given'})")
        changed = sheet.model_copy(update={"status": status, "status_reason": reason})
        if self.night_open_here:
            return self.change(changed, reason or f"{status} again")
        return self.amend(changed, reason or f"{status} again")
