"""Health in the night's fold: damage on a tabletop track (D-HEALTH-1), wounds on Mind's Eye
Theatre Health Levels (R-HEALTH-2), each as the entry recorded it."""

from dataclasses import replace
from typing import Any

from larp.ledger.entry import Entry
from larp.rules import CharacterState
from larp.rules.tabletop import TableState
from larp.rules.wounds import track_of, wounds_text

Deltas = dict[str, dict[str, Any]]


def damaged(tonight, entry: Entry, damage: dict, deltas: Deltas) -> None:
    """Damage marked on a tabletop character's track, or healed."""
    target = damage["target"]
    state = tonight.characters.get(target)
    if not isinstance(state, TableState):
        return
    tonight.characters[target] = state.damaged(damage["kind"], damage["amount"])
    deltas.setdefault(target, {})["health"] = {damage["kind"]: damage["amount"], "track": tonight.characters[target].health.marks}


def wounded(tonight, entry: Entry, wound: dict, deltas: Deltas) -> None:
    """Boxes filled or emptied on her Health Levels; more than her track holds, from two stations
    that each saw room, is held at its ends and flagged (`health-overrun`)."""
    target, boxes = wound["target"], wound["boxes"]
    state = tonight.characters.get(target)
    if not isinstance(state, CharacterState):
        return
    track = track_of(state.sheet, tonight.rules, state.wounds)
    held = max(0, min(track.marked + boxes, track.boxes))
    if held != track.marked + boxes:
        what = (
            f"takes {wounds_text(boxes)} with {track.boxes - track.marked} boxes left"
            if boxes > 0
            else f"heals {wounds_text(-boxes)} of {track.marked}"
        )
        where = "at her last box" if boxes > 0 else "at no wound"
        tonight.flag("health-overrun", target, entry, f"{state.name} {what} ({track.marks}): held {where} (R-HEALTH-2)")
    tonight.characters[target] = replace(state, wounds=held)
    after = replace(track, marked=held)
    deltas.setdefault(target, {})["health"] = {"wounds": held - track.marked, "track": after.state}
