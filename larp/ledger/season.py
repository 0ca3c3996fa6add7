"""The season's entries folded into the night: experience lines and check-ins at the door.

An experience line moves the sheet's `experience` (its history one line longer, its totals with
it), so that `close-night` carries it to the next game with the sheet. A purchase is a sheet
change carrying its line: the new sheet takes the experience as it stands when the change is
folded, plus that line, whatever another station wrote meanwhile.
"""

from dataclasses import replace
from typing import Any

from larp.ledger.effects import Effect
from larp.ledger.entry import Entry
from larp.ledger.rows import PAYLOAD_TRIPS
from larp.rules.experience import Totals, with_entry
from larp.sheet.experience import Experience, ExperienceEntry


def history_line(line: dict[str, Any]) -> ExperienceEntry:
    """The line as the sheet's history holds it; built without validating again what the record
    checked when the entry was written or merged (a night of 10,000 lines folds fast)."""
    return ExperienceEntry.model_construct(date=line["date"], change=float(line["change"]), type=line["type"], reason=line["reason"])


def experience_after(experience: Experience, line: dict[str, Any]) -> Experience:
    return with_entry(experience, history_line(line))


def lines_after(experience: Experience, lines: list[dict[str, Any]]) -> Experience:
    """Many lines at once: what `experience_after` one line at a time gives, built once."""
    entries = [history_line(line) for line in lines]
    totals = Totals(experience.earned, experience.unspent)
    for entry in entries:
        totals = totals.after(entry)
    return Experience.model_construct(earned=totals.earned, unspent=totals.unspent, history=[*experience.history, *entries])


def experienced_together(tonight, runs: dict[str, list[Entry]]) -> None:
    """Experience entries in a run, per character, folded together (no other entry among them
    concerns her): her sheet as folding them one by one leaves it, her state replaced once. A
    run holding a damaged line is folded one by one instead, so that the fold names the entry."""
    for cid, entries in runs.items():
        state = tonight.characters.get(cid)
        if state is None:
            continue
        try:
            experience = lines_after(state.sheet.experience, [entry.payload["line"] for entry in entries])
        except PAYLOAD_TRIPS:
            for entry in entries:
                tonight.apply(entry)
            continue
        tonight.characters[cid] = replace(state, sheet=state.sheet.model_copy(update={"experience": experience}))


def experienced(tonight, entry: Entry) -> list[Effect]:
    """An experience entry: her sheet's experience, one line more."""
    cid, line = entry.payload["character"], entry.payload["line"]
    state = tonight.characters.get(cid)
    if state is None:
        return []
    sheet = state.sheet.model_copy(update={"experience": experience_after(state.sheet.experience, line)})
    tonight.characters[cid] = replace(state, sheet=sheet)
    return [Effect(cid, entry, as_delta(line))]


def purchased(tonight, entry: Entry, sheet):
    """A sheet change that is a purchase: the new sheet with her experience as it stands, plus its line."""
    line = entry.payload.get("experience")
    state = tonight.characters.get(sheet.id)
    if line is None or state is None:
        return sheet
    return sheet.model_copy(update={"experience": experience_after(state.sheet.experience, line)})


def checked_in(tonight, entry: Entry) -> list[Effect]:
    """A card read at the door: she is present for this game (the first check-in counts)."""
    cid = entry.payload["character"]
    tonight.present.setdefault(cid, entry)
    return [Effect(cid, entry, {"present": True})]


def as_delta(line: dict[str, Any]) -> dict[str, Any]:
    return {"experience": {line["type"]: line["change"]}}
