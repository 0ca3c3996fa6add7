"""Entries pulled from the event's hub, taken one by one, each checked as strictly as a bundle's.

An entry is taken only if its line is strict JSON (no `NaN`, `Infinity`, number out of range or
key given twice) of at most the longest line a bundle holds, its payload fits its kind, it is
signed by the key its station registered with the event, it is of this record's chronicle and of
a night that follows a closed one (never a jump), and it contradicts nothing the record holds.
One that is not is **set aside**: kept apart with its reason, said at every pull, and tried again
at each (an entry of night N waits for night N - 1's close); the others are taken. Nothing pulled
ever turns the record read-only, moves its night, or stops the sync.
"""

from typing import NamedTuple

from pydantic import ValidationError

from larp.ledger.bulk import bulk
from larp.ledger.entry import Kind
from larp.ledger.exchange import PULLED, SENT, Arrival, known_lines, meta, set_meta
from larp.ledger.signing import event_verifier, keep_signatures
from larp.ledger.store import Ledger, insert_rows
from larp.sheet.ids import is_id
from larp.sheet.strict_json import LONGEST_LINE, BadJson, loads, sized


class Taken(NamedTuple):
    new: int
    aside: list[str]
    """Each entry set aside, said for the Narrator."""


class Aside(Exception):
    """An arrival not taken, and why."""


def held_aside(ledger: Ledger) -> list[Arrival]:
    with ledger.failures("read"):
        rows = ledger.db.execute(
            "SELECT arrived, chronicle, night, station, seq, line, signature FROM set_aside ORDER BY arrived"
        ).fetchall()
    return [Arrival(*row) for row in rows]


def take_in(ledger: Ledger, arrivals: list[Arrival], hub: str) -> Taken:
    """Take the arrivals (and those set aside before) this record does not hold yet, in one
    transaction, and move the pulled mark past them; the others set aside, said."""
    candidates = held_aside(ledger) + list(arrivals)
    if not candidates:
        return Taken(0, [])
    with bulk():
        rows = [checked_or_why(arrival) for arrival in candidates]
    verifier = event_verifier(ledger)
    aside: dict[Arrival, str] = {}
    groups: dict = {}
    nights: dict = {}
    signatures: list = []
    placed: set = set()
    with ledger.writing(f"the entries pulled from {hub}") as db:
        present = set(db.execute("SELECT chronicle, number FROM nights").fetchall())
        closed = set(db.execute(
            "SELECT n.chronicle, n.number FROM entries e JOIN nights n ON n.id = e.night WHERE e.kind = ?", (Kind.ENDED.value,)
        ).fetchall())
        chronicles = {chronicle for chronicle, _ in present}
        known = known_lines(db, [row[0] for row in rows if not isinstance(row, str)])
        was_sent = int(meta(db, SENT) or 0) == db.execute("SELECT COALESCE(MAX(seq), 0) FROM entries").fetchone()[0]
        for arrival, row in zip(candidates, rows):
            try:
                if isinstance(row, str):
                    raise Aside(row)
                held = known.get(row[0])
                if held is not None:
                    if held != arrival.line:
                        raise Aside("differs from the entry of the same id this record holds")
                    continue
                check_place(arrival, chronicles, present, closed)
                if not verifier.signed(arrival.station, arrival.signature, arrival.chronicle, arrival.night, arrival.line):
                    raise Aside(f"is not signed by the key station {arrival.station!r} registered with the event")
                night = nights.get(place := (arrival.chronicle, arrival.night)) or ledger.add_night(db, *place)
                nights[place] = night
                taken_by = db.execute(
                    "SELECT id FROM entries WHERE night = ? AND station = ? AND station_seq = ?", (night.id, arrival.station, arrival.seq)
                ).fetchone()
                if taken_by or (night.id, arrival.station, arrival.seq) in placed:
                    who = taken_by[0][:8] if taken_by else "pulled with it"
                    raise Aside(f"takes the place of entry {who} of this record (two stations call themselves {arrival.station!r})")
            except Aside as why:
                aside[arrival] = str(why)
                continue
            groups.setdefault(night, []).append(row)
            signatures.append((row[0], arrival.signature))
            placed.add((night.id, arrival.station, arrival.seq))
            known[row[0]] = arrival.line
            present.add(place)
            chronicles.add(arrival.chronicle)
            if row[3] == Kind.ENDED:
                closed.add(place)
        for night, group in groups.items():
            insert_rows(db, night, group)
        keep_signatures(db, signatures)
        db.execute("DELETE FROM set_aside")
        db.executemany("INSERT INTO set_aside VALUES (?, ?, ?, ?, ?, ?, ?, ?)", [(*arrival, why) for arrival, why in aside.items()])
        if arrivals:
            set_meta(db, PULLED, str(arrivals[-1].arrived))
        if was_sent:
            set_meta(db, SENT, str(db.execute("SELECT COALESCE(MAX(seq), 0) FROM entries").fetchone()[0]))
    return Taken(len(signatures), [said(arrival, why) for arrival, why in aside.items()])


def check_place(arrival: Arrival, chronicles: set[str], present: set, closed: set) -> None:
    """Of this record's chronicle, and of a night it holds, or the first, or one whose night
    before is closed: never a jump that would move every station to a night someone picked."""
    if not is_id(arrival.chronicle):
        raise Aside(f"names a chronicle {arrival.chronicle[:40]!r} that is no chronicle's id")
    if chronicles and arrival.chronicle not in chronicles:
        raise Aside(f"is of chronicle {arrival.chronicle!r}, which this record does not hold")
    place = (arrival.chronicle, arrival.night)
    if place not in present and arrival.night != 1 and (arrival.chronicle, arrival.night - 1) not in closed:
        raise Aside(f"is of night {arrival.night}, and night {arrival.night - 1} is not closed here: kept apart until it is")


def checked_or_why(arrival: Arrival) -> tuple[str, str, int, str, str | None, str] | str:
    """The arrival as the record files it (id, station, number, kind, reverses, line), checked
    whole and its payload by its kind; else why it is set aside."""
    if not isinstance(arrival.line, str) or len(arrival.line.encode("utf-8", "replace")) > LONGEST_LINE:
        return f"is larger than {sized(LONGEST_LINE)}, the most an entry holds"
    try:
        entry = entry_line(arrival.line)
    except BadJson as error:
        return f"is not strict JSON ({error.what})"
    except ValidationError as error:
        detail = error.errors(include_url=False)[0]
        place = ".".join(str(part) for part in detail["loc"])
        return f"is malformed ({place + ': ' if place else ''}{detail['msg']})"
    if (entry.kind == Kind.REVERSAL) != (entry.reverses is not None):
        return "is malformed (only a reversal names an entry it reverses, and it must)"
    if (entry.station, entry.seq) != (arrival.station, arrival.seq):
        return f"says it is entry {entry.seq} of station {entry.station!r}, and the hub files it otherwise"
    return (entry.id, entry.station, entry.seq, entry.kind, entry.reverses, arrival.line)


def entry_line(line: str):
    """The entry a line pulled holds, its JSON parsed once: strictly (BadJson), then the model of
    its kind checks the values (ValidationError)."""
    from larp.ledger.payloads import ENTRY_LINE  # the checks of every kind: built only when an entry arrives

    return ENTRY_LINE.validate_python(loads(line))


def said(arrival: Arrival, why: str) -> str:
    short = arrival.line[7:15] if isinstance(arrival.line, str) and arrival.line.startswith('{"id":"') else f"number {arrival.arrived}"
    return f"entry {short} of station {arrival.station!r} (night {arrival.night}) {why}: set aside, the rest taken"
