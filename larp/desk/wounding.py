"""Wounds on a Mind's Eye Theatre character's Health Levels (R-HEALTH-1 to R-HEALTH-4), marked
or healed by the Narrator: one entry of the night record each."""

from __future__ import annotations

from larp.desk.errors import DeskError, forbidden
from larp.ledger.entry import Entry, Kind
from larp.rules import CharacterState
from larp.rules.wounds import Wounds, track_of, wound_said


class Wounding:
    def wounds(self, character_id: str) -> Wounds:
        """Her Health Levels tonight, the boxes filled."""
        state = self.character(character_id)
        if not isinstance(state, CharacterState):
            raise DeskError(f"{state.name} has a tabletop sheet: her damage is marked on its Health track")
        return track_of(state.sheet, self.tonight.rules, state.wounds)

    def wound(self, character_id: str, boxes: int, reason: str = "") -> Entry:
        """`boxes` wounds filled on her Health Levels (R-HEALTH-2), or healed where below 0;
        refused, with nothing recorded, past her last box or below none."""
        track = self.wounds(character_id)
        name = self.character(character_id).name
        if not boxes:
            raise DeskError("mark at least one wound (or heal at least one)")
        with forbidden:
            after = track.marking(boxes, name)
        reason = " ".join(reason.split())
        summary = wound_said(name, boxes, after) + (f" ({after.penalty:+d} Traits)" if after.penalty else "")
        if after.out_of_play:
            summary += ", out of challenges"
        if reason:
            summary += f"; {reason}"
        payload = {"wound": {"target": character_id, "boxes": boxes}, "reason": reason}
        return self._write(Kind.HEALTH, summary, [character_id], payload)
