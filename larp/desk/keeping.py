"""Keeping the night at the desk: the game clock, characters joining or changing, reversals."""

from pathlib import Path

from larp.desk.carried import FolderDifference, folder_differences, remember_seen, seen_prints
from larp.desk.errors import recorded
from larp.desk.errors import DeskError
from larp.desk.nights import FOLDER_SETTING
from larp.ledger import REVERSIBLE, Entry, Kind, starting_data
from larp.ledger.operations import fields_changed
from larp.rules import Lock
from larp.rules import game_time as hours_minutes
from larp.sheet import Sheet, load_chronicle
from larp.sheet.differences import said


LONGEST_ADVANCE = 24 * 60


class Keeping:
    """The game clock (R-NIGHT-2), characters joining or changing, reversals (R-NIGHT-3)."""

    def game_time(self) -> float:
        """Game minutes since this station opened its night."""
        self._current()
        return self.clock.at(self.now())

    def clock_held(self) -> bool:
        self._current()
        return self.clock.held

    def hold(self) -> Entry:
        if self.clock_held():
            raise DeskError(f"the game clock is already held, at {hours_minutes(self.game_time())}")
        return self._write(Kind.CLOCK, f"Game clock held at {hours_minutes(self.game_time())}", (), {"action": "hold"})

    def resume(self) -> Entry:
        if not self.clock_held():
            raise DeskError(f"the game clock is already running, at {hours_minutes(self.game_time())}")
        return self._write(Kind.CLOCK, f"Game clock runs again from {hours_minutes(self.game_time())}", (), {"action": "resume"})

    def advance(self, minutes: float) -> Entry:
        if not 0 <= minutes <= LONGEST_ADVANCE:
            raise DeskError(f"the game clock moves on between 0 and {LONGEST_ADVANCE} minutes, not {minutes:g}")
        later = hours_minutes(self.game_time() + minutes)
        summary = f"Game clock moves on {minutes:g} minutes, to {later}"
        return self._write(Kind.CLOCK, summary, (), {"action": "advance", "minutes": minutes})

    def locks(self, character_id: str) -> list[Lock]:
        """The five-minute locks that hold challenges by this character now."""
        return self.night().locks_on(character_id)

    def add(self, sheet: Sheet, why: str = "joins the night") -> Entry:
        """A character joins tonight with her sheet as it is: an operation of the season
        (larp.ledger.operations), her starting state."""
        self._current()
        if sheet.id in self.tonight.characters:
            raise DeskError(f"{sheet.display_name} ({sheet.id}) is already in tonight's record")
        self._check_writable(Kind.BETWEEN)
        return self._operate(sheet, f"{sheet.display_name} joins the night", why, joins=starting_data(sheet))

    def change(self, sheet: Sheet, why: str = "sheet changed in the night") -> Entry:
        """A character's sheet changes for good (what she lost and spent tonight stays so): an
        operation naming each field it changes, from what to what; her experience moves by its
        lines alone."""
        before = self.sheet(sheet.id)
        fields = fields_changed(before.model_dump(mode="json"), sheet.model_dump(mode="json"))
        if not fields:
            raise DeskError(f"{sheet.display_name}'s sheet is unchanged: nothing to record")
        self._check_writable(Kind.BETWEEN)
        summary = f"{sheet.display_name}'s sheet changes: {said(before, sheet.model_copy(update={'experience': before.experience}))}"
        return self._operate(sheet, summary, why, fields=fields)

    # The chronicle folder, read again during the night.

    def folder(self) -> Path | None:
        """The chronicle folder this record reads its sheets from, if it was opened from one."""
        with recorded:
            remembered = self.ledger.setting(FOLDER_SETTING)
        return Path(remembered) if remembered else None

    def folder_changes(self) -> list[FolderDifference]:
        """What the chronicle folder holds now that tonight's record does not, among what was edited
        in it since the record last took it: characters new to the night, sheets changed, files
        gone. A file that can't be read is a SheetError (file, line, field)."""
        folder = self.folder()
        if folder is None:
            raise DeskError("this night record was not opened from a chronicle folder: start the station with --chronicle DIR")
        chronicle = load_chronicle(folder)
        if chronicle.id != self.chronicle.id:
            raise DeskError(f"{folder} now holds chronicle {chronicle.id!r}, not tonight's {self.chronicle.id!r}")
        self._current()
        tonight = {cid: starting_data(state.sheet) for cid, state in self.tonight.characters.items()}
        with recorded:
            seen = seen_prints(self.ledger, chronicle.id)
        return folder_differences(tonight, chronicle, folder, seen)

    def take(self, changes: list[FolderDifference]) -> list[Entry]:
        """Each change an entry: a new character joins, a changed sheet changes (a file gone: she
        retires); the folder, as it is now, is what the record last took from it."""
        entries = [self.add(change.sheet) if change.is_new else self.change(change.sheet) for change in changes]
        folder = self.folder()
        if folder is not None:
            with recorded:
                remember_seen(self.ledger, load_chronicle(folder))
        return entries

    # Reversing (R-NIGHT-3).

    def reverse(self, entry_id: str, reason: str) -> Entry:
        """A new entry that undoes an adjudication, a regain or a sheet change, saying why."""
        reason = " ".join(reason.split())
        if not reason:
            raise DeskError("say why the entry is reversed: a reversal needs a reason")
        self._current()
        row = self._night(None)
        with recorded:
            target = self.ledger.find(row, entry_id)
            earlier = [e for e in self.ledger.entries(row, kind=Kind.REVERSAL.value) if e.reverses == target.id]
        if target.kind is Kind.REVERSAL:
            raise DeskError(
                f"entry {target.short_id} is itself a reversal, and a reversal is not reversed: "
                "record the call again instead"
            )
        if target.kind not in REVERSIBLE:
            raise DeskError(f"entry {target.short_id} is a {target.kind.value} entry: only adjudications, regains, characters added, sheet changes, rolls, Health marks, experience, check-ins and between-games entries are reversed")
        if target.kind is Kind.ADDED or target.kind is Kind.BETWEEN and target.payload.get("joins") and self.night_open_here:
            self._check_nothing_since(row, target)
        if earlier:
            raise DeskError(f"entry {target.short_id} was already reversed by {earlier[0].short_id} ({earlier[0].payload['reason']})")
        summary = f"Reverses {target.short_id} ({target.summary}): {reason}"
        after = max(self.clock.at(self.now()), target.game_time)  # never before what it reverses
        payload = {"reason": reason}
        return self._write(Kind.REVERSAL, summary, target.character_ids, payload, reverses=target.id, game_time=after)

    def _check_nothing_since(self, row, added: Entry) -> None:
        """A character who joined is sent away only while nothing else names her (else reverse that first)."""
        with recorded:
            everything = self.ledger.entries(row, character=added.character_ids[0])
        reversed_ids = {entry.reverses for entry in everything if entry.kind is Kind.REVERSAL}
        since = [e for e in everything if e.id != added.id and e.kind is not Kind.REVERSAL and e.id not in reversed_ids]
        if since:
            raise DeskError(
                f"{since[0].short_id} ({since[0].summary}) names {added.character_ids[0]} since {added.short_id} added the character: reverse it first"
            )

