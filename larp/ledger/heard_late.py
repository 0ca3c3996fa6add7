"""Between-games operations in the night's fold: an opening never discards.

The first opening of a night starts every character from the operations its station had heard
(it lists them, with which operation set each field). An operation it had not heard, arriving
whenever, is applied on top, at every station alike, with a `came-late` note; one it had heard
and that is reversed since is taken back out. An older record's opening lists nothing: every
between-games entry of its night was in it.
"""

from larp.ledger.effects import Effect
from larp.ledger.entry import Entry
from larp.ledger.operations import Operation
from larp.ledger.registers import Registers
from larp.ledger.sheet_changed import with_sheet
from larp.ledger.starting import starting_state
from larp.rules import CharacterState


def opening_registers(opening: Entry) -> Registers:
    """The starting states an opening carries, and which operation set each field."""
    starts = {data["sheet"]["id"]: data for data in opening.payload["characters"]}
    written = {(cid, path): (tick, station, seq) for cid, path, tick, station, seq in opening.payload.get("written", [])}
    return Registers(starts, written)


def heard_by(opening: Entry, entry: Entry) -> bool:
    heard = opening.payload.get("heard")
    return heard is None or entry.id in heard


def season_opened(tonight, opening: Entry) -> None:
    """At the first opening: its registers, then the operations that sorted before it."""
    tonight.season = opening_registers(opening)
    waiting, tonight.waiting = tonight.waiting, []
    for entry in waiting:
        if entry.id in tonight.reversals:
            between_reversed(tonight, entry)
        else:
            between(tonight, entry)


def between(tonight, entry: Entry) -> list[Effect]:
    """A between-games operation of the night under way: applied if the opening had not heard it."""
    opening = tonight.first_opening
    if opening is None:
        tonight.waiting.append(entry)
        return []
    if heard_by(opening, entry):
        return []
    op = Operation.of(entry)
    if not tonight.season.apply(op):
        return []
    restarted(tonight, op.character)
    tonight.flag(
        "came-late",
        op.character,
        entry,
        f"{tonight.name(op.character)}: entry {entry.short_id} ({entry.summary}) was written at station {entry.station} "
        f"before it heard that station {opening.station} opened night {entry.night}: applied when it arrived",
        opening,
    )
    return [Effect(op.character, entry, {"sheet": "changed"})]


def between_reversed(tonight, entry: Entry) -> None:
    """A between-games operation reversed: taken back out if the opening had folded it in."""
    opening = tonight.first_opening
    if opening is None:
        tonight.waiting.append(entry)
    elif heard_by(opening, entry) and opening.payload.get("heard") is not None:
        op = Operation.of(entry)
        tonight.season.undo(op)
        restarted(tonight, op.character)


def restarted(tonight, cid: str) -> None:
    """Her state after the season's registers changed her start: what she lost and spent tonight stays so."""
    start = tonight.season.starts[cid]
    fresh = starting_state(start)
    known = tonight.characters.get(cid)
    if known is None:
        tonight.start_data[cid] = start
        tonight.starts[cid] = tonight.characters[cid] = fresh
    elif isinstance(known, CharacterState):
        tonight.characters[cid] = with_sheet(known, fresh.sheet)
        tonight.starts[cid] = with_sheet(tonight.starts[cid], fresh.sheet)
    else:
        tonight.characters[cid] = known.with_sheet(fresh.sheet)
        tonight.starts[cid] = tonight.starts[cid].with_sheet(fresh.sheet)
