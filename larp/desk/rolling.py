"""The dice systems at the desk: pools named from a sheet, rolls (typed or the station's dice),
Health marked, Initiative and attacks; every roll one entry of the night record."""

from larp.desk.errors import DeskError
from larp.ledger import Entry, Kind
from larp.rules.dice.health import MARKS
from larp.rules.tabletop import TableState
from larp.sheet import NamedPool, PoolError, parse_pool


class Rolling:
    @property
    def system(self) -> str:
        """met, storyteller or storytelling: how this chronicle's characters act."""
        return self.chronicle.system if self.chronicle else "met"

    def table_character(self, character_id: str) -> TableState:
        """Tonight's state of a tabletop character: Willpower left, Health track."""
        state = self.character(character_id)
        if not isinstance(state, TableState):
            raise DeskError(f"{state.name} has a Mind's Eye Theatre sheet: her challenges are thrown, not rolled")
        return state

    def table_characters(self) -> list[TableState]:
        """Every tabletop character tonight, by name."""
        self._current()
        found = [state for state in self.tonight.characters.values() if isinstance(state, TableState)]
        return sorted(found, key=lambda state: state.name)

    def pool(self, said: str, character_id: str | None = None) -> NamedPool:
        """The pool `said` names on the character's sheet ("Dexterity + Firearms + 2"), or a number."""
        sheet = self.table_character(character_id).sheet if character_id else None
        try:
            return parse_pool(said, sheet)
        except PoolError as error:
            raise DeskError(str(error)) from None

    def mark(self, character_id: str, kind: str, amount: int, reason: str = "") -> Entry:
        """Damage marked on her Health track (D-HEALTH-1), or healed with `amount` below 0."""
        state = self.table_character(character_id)
        if kind not in MARKS:
            raise DeskError(f"damage is bashing, lethal or aggravated, not {kind!r}")
        if not amount:
            raise DeskError("mark at least one box of damage (or heal at least one)")
        after = state.damaged(kind, amount).health
        if amount < 0 and after == state.health:
            raise DeskError(f"{state.name} has no {kind} damage to heal")
        what = f"takes {amount} {kind}" if amount > 0 else f"heals {-amount} {kind}"
        summary = f"{state.name} {what}: Health {after.marks}"
        if after.state != "hurt" and after.state != state.health.state:
            summary += f" ({after.state})"
        if " ".join(reason.split()):
            summary += f"; {' '.join(reason.split())}"
        payload = {"damage": {"target": character_id, "kind": kind, "amount": amount}, "reason": " ".join(reason.split())}
        return self._write(Kind.HEALTH, summary, [character_id], payload)
