"""The season's operations in the night's fold: one order for between games and the night.

Every change of a character (an experience line, a purchase, a field changed, a new character) is
an operation (larp.ledger.operations), written between games or in the night alike. The first
opening of a night, first in the season's order (its tick, never a laptop's clock), starts every
character from the operations its station had heard, and lists them, with which operation set
each field. Every other operation of the night, written in it or arriving from between games
whenever, is folded on top in the season's order, at every station alike: what she lost and
spent tonight stays so. One written between games that the opening had not heard is noted
`came-late`; one it had heard and that is reversed since is taken back out. Whatever order they
arrive in, the night holds the same sheets. An older record's opening lists nothing: every
between-games entry of its night was in it.
"""

from dataclasses import replace

from larp.ledger.effects import Effect
from larp.ledger.entry import Entry
from larp.ledger.operations import Operation, heard_entry
from larp.ledger.registers import Registers
from larp.ledger.rows import PAYLOAD_TRIPS
from larp.ledger.season import as_delta, history_line, lines_after
from larp.ledger.sheet_changed import with_sheet
from larp.ledger.starting import starting_state
from larp.rules import CharacterState


def opening_key(opening: Entry) -> tuple:
    """An opening's place among the night's openings: by its tick (the season's order, the same
    at every station); an older record's openings, which have none, by the night's order."""
    tick = opening.payload.get("tick", 0)
    return (tick, () if tick else opening.order, opening.station, opening.seq)


def first_of(openings: list[Entry]) -> Entry | None:
    return min(openings, key=opening_key) if openings else None


def checked_opening(opening: Entry) -> None:
    """An opening whose season (its starting states, what it heard, which operation set each
    field) can't be read raises before it is folded: the fold names it, never a later entry."""
    opening_registers(opening)
    heard_ids(opening)
    short_of_opening(opening)
    sorted([opening_key(opening), (0,)])


def opening_registers(opening: Entry) -> Registers:
    """The starting states an opening carries, and which operation set each field."""
    starts = {data["sheet"]["id"]: data for data in opening.payload["characters"]}
    written = {(cid, path): (tick, station, seq) for cid, path, tick, station, seq in opening.payload.get("written", [])}
    return Registers(starts, written)


def short_of_opening(opening: Entry) -> set[tuple]:
    """The purchases of nothing an opening held: (entry id, field)."""
    return {tuple(said) for said in opening.payload.get("short", [])}


def heard_ids(opening: Entry) -> frozenset[str] | None:
    heard = opening.payload.get("heard")
    return None if heard is None else frozenset(heard)


def opened_season(opening: Entry, standing: list[Operation], undone: list[Operation], heard: frozenset[str] | None = None) -> Registers:
    """The night's starting states: the opening's, less the operations it held that are reversed
    since (among `undone`), plus the operations standing that it had not heard, in the season's order."""
    heard = heard_ids(opening) if heard is None else heard
    registers = opening_registers(opening)
    short = short_of_opening(opening)
    registers.short = [(op, path) for op in [*standing, *undone] for path in op.fields if (op.entry.id, path) in short]
    if heard is not None:
        for op in undone:
            if op.entry.id in heard:
                registers.undo(op, standing)
    for op in sorted(standing, key=lambda op: op.key):
        if heard is None or op.entry.id not in heard:
            registers.apply(op)
    return registers


def between(tonight, entry: Entry) -> list[Effect]:
    """An operation of the night: folded in with the others, on top of what she has tonight."""
    op = Operation.of(entry).held()
    checked(op)
    tonight.season_ops[entry.id] = op
    opening = tonight.first_opening
    if opening is None:
        return []  # folded in when the night's first opening is
    if tonight.heard is None or entry.id in tonight.heard:
        if tonight.season_undone:  # what a reversed one's fields go back to may be this one's
            refresh(tonight)
        return []
    if tonight.season is not None and (tonight.season_last is None or op.key > tonight.season_last):
        before = tonight.season.starts.get(op.character)
        tonight.season.apply(op)
        tonight.season_last = op.key
        if tonight.season.starts.get(op.character) is not before:
            if op.fields or op.joins is not None or op.character not in tonight.characters:
                restarted(tonight, op.character)
            else:  # a line alone: her experience one line longer, her sheet not read again
                lines_on_top(tonight, {op.character: [op.line]})
    else:
        refresh(tonight)
    if op.character not in tonight.characters:
        return []
    if not op.settles and not in_night(tonight, op):
        flag_late(tonight, opening, entry)
    return [Effect(op.character, entry, done_by(op))]


def checked(op: Operation) -> None:
    """An operation whose line or new character can't be read (damaged in the record) raises
    before it is folded: the fold names it and leaves it out, the others stand."""
    if op.line is not None:
        history_line(op.line)
    if op.joins is not None:
        starting_state(op.joins)


def done_by(op: Operation) -> dict:
    """What an operation did to her, as the night's account shows it."""
    delta = as_delta(op.line) if op.line is not None else {}
    return {**delta, "sheet": "changed"} if op.fields or op.joins is not None else delta


def in_night(tonight, op: Operation) -> bool:
    """Written at a station that had heard the night open (its own opening, or another's)."""
    return any(heard_entry(op, opening) for opening in tonight.openings)


def between_reversed(tonight, entry: Entry) -> None:
    """An operation reversed: taken back out of the night."""
    tonight.season_undone[entry.id] = Operation.of(entry).held()
    refresh(tonight)


def season_opened(tonight, opening: Entry) -> None:
    """At the first opening: the operations that sorted before it, folded in."""
    tonight.heard = heard_ids(opening)
    refresh(tonight)
    for op in tonight.season_ops.values():
        if tonight.heard is not None and op.entry.id not in tonight.heard and op.character in tonight.characters:
            if not op.settles and not in_night(tonight, op):
                flag_late(tonight, opening, op.entry)


def refresh(tonight) -> None:
    """Every character whose starting state the season's operations change, restarted from it."""
    opening = tonight.first_opening
    if opening is None:
        return
    before = tonight.season.starts if tonight.season is not None else opening_registers(opening).starts
    standing = list(tonight.season_ops.values())
    tonight.season = opened_season(opening, standing, list(tonight.season_undone.values()), tonight.heard)
    unheard = [op.key for op in standing if tonight.heard is not None and op.entry.id not in tonight.heard]
    tonight.season_last = max(unheard, default=None)
    for cid, start in tonight.season.starts.items():
        if before.get(cid) is not start:
            restarted(tonight, cid)
    unjoined = {op.character for op in tonight.season_undone.values() if op.joins is not None}
    for cid in [cid for cid in tonight.characters if cid not in tonight.season.starts and (cid in before or cid in unjoined)]:
        for held in (tonight.characters, tonight.starts, tonight.start_data):  # her joining reversed: she is gone
            held.pop(cid, None)


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


def line_alone(tonight, entry: Entry) -> Operation | None:
    """The operation, where it is an experience line alone that `between` would fold on top of
    the night as it stands, its line readable; else None (fold it by `between`)."""
    op = Operation.of(entry).held()
    if op.fields or op.joins is not None or op.line is None or tonight.season is None or tonight.heard is None:
        return None
    if entry.id in tonight.heard or op.character not in tonight.characters or tonight.season_last is not None and op.key <= tonight.season_last:
        return None
    try:
        checked(op)
    except PAYLOAD_TRIPS:
        return None  # `between` names it
    return op


def folded_alone(tonight, op: Operation) -> None:
    """A line alone (`line_alone`) folded into the season, her sheet left to `lines_on_top`."""
    tonight.season_ops[op.entry.id] = op
    tonight.season.apply(op)
    tonight.season_last = op.key
    if not op.settles and not in_night(tonight, op):
        flag_late(tonight, tonight.first_opening, op.entry)


def lines_on_top(tonight, lines: dict[str, list[dict]]) -> None:
    """Each character's sheet tonight (and as she started it) with these experience lines more,
    made once however many lines."""
    for cid, more in lines.items():
        state, start = tonight.characters[cid], tonight.starts.get(cid)
        sheet = state.sheet.model_copy(update={"experience": lines_after(state.sheet.experience, more)})
        tonight.characters[cid] = replace(state, sheet=sheet)
        if start is not None:  # mostly the very sheet she has now: made once
            same = start.sheet is state.sheet
            tonight.starts[cid] = replace(start, sheet=sheet if same else start.sheet.model_copy(update={"experience": lines_after(start.sheet.experience, more)}))


def restarted(tonight, cid: str) -> None:
    """Her state after the season's operations changed her sheet: what she lost and spent tonight stays so."""
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
