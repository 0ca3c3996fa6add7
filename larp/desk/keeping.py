"""Keeping the night at the desk: the game clock, characters joining or changing, reversals."""

from larp.desk.core import recorded
from larp.desk.errors import DeskError
from larp.ledger import REVERSIBLE, Entry, Kind, starting_data
from larp.rules import Lock
from larp.rules import game_time as hours_minutes
from larp.sheet import Sheet

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

    def add(self, sheet: Sheet) -> Entry:
        """A character joins tonight with her sheet as it is."""
        self._current()
        if sheet.id in self.tonight.characters:
            raise DeskError(f"{sheet.display_name} ({sheet.id}) is already in tonight's record")
        payload = {"character": starting_data(sheet)}
        return self._write(Kind.ADDED, f"{sheet.display_name} joins the night", [sheet.id], payload)

    def change(self, sheet: Sheet) -> Entry:
        """A character's sheet changes for good (what she lost and spent tonight stays so)."""
        old = self.sheet(sheet.id)
        before, after = old.model_dump(mode="json"), sheet.model_dump(mode="json")
        fields = [key for key in after if after[key] != before.get(key)]
        if not fields:
            raise DeskError(f"{sheet.display_name}'s sheet is unchanged: nothing to record")
        summary = f"{sheet.display_name}'s sheet changes: {', '.join(fields)}"
        return self._write(Kind.CHANGED, summary, [sheet.id], {"sheet": after})

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
            raise DeskError(f"entry {target.short_id} is a {target.kind.value} entry: only adjudications, regains, sheet changes, rolls and Health marks are reversed")
        if earlier:
            raise DeskError(f"entry {target.short_id} was already reversed by {earlier[0].short_id} ({earlier[0].payload['reason']})")
        summary = f"Reverses {target.short_id} ({target.summary}): {reason}"
        after = max(self.clock.at(self.now()), target.game_time)  # never before what it reverses
        payload = {"reason": reason}
        return self._write(Kind.REVERSAL, summary, target.character_ids, payload, reverses=target.id, game_time=after)

