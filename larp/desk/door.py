"""Check-in at the door: a card read (or an id or a name typed) marks the character present for this game.

A check-in is an entry like any other: written offline, synced, reversed if mistaken. A card
refused (forged, revoked, of another chronicle) is refused with its reason; so is a character
whose sheet, as the desk holds it now, says she is retired or dead.
"""

from dataclasses import dataclass

from larp.desk.errors import DeskError
from larp.desk.lookup import gone, named_at_door, read_scanned
from larp.ledger import Entry, Kind
from larp.rules import game_time
from larp.sheet import Chronicle, Sheet

GONE = ("retired", "dead")
"""The statuses whose card is refused at the door."""


@dataclass(frozen=True)
class CheckIn:
    """A character at the door: `entry` the check-in written now, else `already` the earlier one."""

    sheet: Sheet
    entry: Entry | None = None
    already: Entry | None = None

    @property
    def message(self) -> str:
        name = self.sheet.display_name
        if self.already is not None:
            return (
                f"{name} is already in: checked in at {game_time(self.already.game_time)} "
                f"at station {self.already.station}"
            )
        return f"{name} is present"


class Door:
    """Who came in tonight, by card."""

    def check_in(self, text: str) -> CheckIn:
        """The card a scanner typed (or a character's id, her name or the unique start of it):
        present for this game."""
        said = text.strip()
        if not said:
            raise DeskError("nothing was read: scan a card, or type its code or the character's id")
        self._current()
        sheet = self._at_door(said)
        if sheet.status in GONE:
            raise DeskError(f"{gone(sheet)} at the door", character=sheet.id)
        already = self.tonight.present.get(sheet.id)
        if already is not None:
            return CheckIn(sheet, already=already)
        summary = f"{sheet.display_name} checks in at the door"
        return CheckIn(sheet, self._write(Kind.CHECKIN, summary, [sheet.id], {"character": sheet.id}))

    def present(self) -> list[tuple[Sheet, Entry]]:
        """Who is in for this game, by name, with her check-in."""
        self._current()
        return sorted(
            ((self.tonight.characters[cid].sheet, entry) for cid, entry in self.tonight.present.items() if cid in self.tonight.characters),
            key=lambda pair: pair[0].display_name.casefold(),
        )

    def at_the_door(self) -> tuple[int, list[tuple[Sheet, Entry]]]:
        """Who is in, by name, with her check-in: for the game under way, else (between games)
        for the game played last; nothing is opened."""
        self._current()
        if self.night_open_here or self.tonight.present:
            return self.night_number, self.present()
        night = self.next_night() - 1
        if night < 1:
            return 1, []
        entries = self.entries(night=night)
        undone = {e.reverses for e in entries if e.kind is Kind.REVERSAL}
        first: dict[str, Entry] = {}
        for entry in entries:
            if entry.kind is Kind.CHECKIN and entry.id not in undone:
                first.setdefault(entry.payload["character"], entry)
        sheets = self.standing().characters
        found = [(sheets[cid], entry) for cid, entry in first.items() if cid in sheets]
        return night, sorted(found, key=lambda pair: pair[0].display_name.casefold())

    def _at_door(self, said: str) -> Sheet:
        sheets = {cid: state.sheet for cid, state in self.tonight.characters.items()}
        base = self.chronicle or Chronicle(id="tonight", name="tonight")
        scanned = read_scanned(said, base.model_copy(update={"characters": sheets}))
        if scanned is not None:
            return scanned
        if said in sheets:
            return sheets[said]
        return named_at_door(said, sheets)
