"""Between-games operations in the night's fold: an opening never discards.

The first opening of a night starts every character from the operations its station had heard
(it lists them, with which operation set each field). An operation it had not heard, arriving
whenever, is applied on top, at every station alike, with a `came-late` note; one it had heard
and that is reversed since is taken back out. Whatever order they arrive in, the night starts
from the same states: they are folded afresh, in the season's order, at each arrival. An older
record's opening lists nothing: every between-games entry of its night was in it.
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


def opened_season(opening: Entry, standing: list[Operation], undone: list[Operation]) -> Registers:
    """The night's starting states: the opening's, less the operations it held that are reversed
    since (among `undone`), plus the operations standing that it had not heard, in the season's order."""
    registers = opening_registers(opening)
    if opening.payload.get("heard") is not None:
        for op in undone:
            if heard_by(opening, op.entry):
                registers.undo(op, standing)
    for op in sorted(standing, key=lambda op: op.key):
        if not heard_by(opening, op.entry):
            registers.apply(op)
    return registers


def between(tonight, entry: Entry) -> list[Effect]:
    """A between-games operation of the night: folded in with the others."""
    op = Operation.of(entry)
    tonight.season_ops[entry.id] = op
    opening = tonight.first_opening
    if opening is None or heard_by(opening, entry):
        if tonight.season_undone:  # what a reversed one's fields go back to may be this one's
            refresh(tonight)
        return []
    refresh(tonight)
    if op.character not in tonight.characters:
        return []
    if not entry.payload.get("settles"):
        flag_late(tonight, opening, entry)
    return [Effect(op.character, entry, {"sheet": "changed"})]


def between_reversed(tonight, entry: Entry) -> None:
    """A between-games operation reversed: taken back out of the night's start."""
    tonight.season_undone[entry.id] = Operation.of(entry)
    refresh(tonight)


def season_opened(tonight, opening: Entry) -> None:
    """At the first opening: the operations that sorted before it, folded in."""
    refresh(tonight)
    for op in tonight.season_ops.values():
        if not heard_by(opening, op.entry) and op.character in tonight.characters and not op.entry.payload.get("settles"):
            flag_late(tonight, opening, op.entry)


def refresh(tonight) -> None:
    """Every character whose starting state the season's operations change, restarted from it."""
    opening = tonight.first_opening
    if opening is None:
        return
    before = tonight.season.starts if tonight.season is not None else opening_registers(opening).starts
    tonight.season = opened_season(opening, list(tonight.season_ops.values()), list(tonight.season_undone.values()))
    for cid, start in tonight.season.starts.items():
        if before.get(cid) is not start:
            restarted(tonight, cid)


def flag_late(tonight, opening: Entry, entry: Entry) -> None:
    cid = entry.character_ids[0] if entry.character_ids else ""
    tonight.flag(
        "came-late",
        cid,
        entry,
        f"{tonight.name(cid)}: entry {entry.short_id} ({entry.summary}) was written at station {entry.station} "
        f"before it heard that station {opening.station} opened night {entry.night}: applied when it arrived",
        opening,
    )


def restarted(tonight, cid: str) -> None:
    """Her state after the season's operations changed her start: what she lost and spent tonight stays so."""
    fresh = starting_state(tonight.season.starts[cid])
    known = tonight.characters.get(cid)
    if known is None:
        tonight.start_data[cid] = tonight.season.starts[cid]
        tonight.starts[cid] = tonight.characters[cid] = fresh
    elif isinstance(known, CharacterState):
        tonight.characters[cid] = with_sheet(known, fresh.sheet)
        tonight.starts[cid] = with_sheet(tonight.starts[cid], fresh.sheet)
    else:
        tonight.characters[cid] = known.with_sheet(fresh.sheet)
        tonight.starts[cid] = tonight.starts[cid].with_sheet(fresh.sheet)
