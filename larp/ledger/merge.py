"""Bringing another station's bundle into this record: whole, or not at all; twice is once."""

from larp.ledger.bundle import Bundle, refused
from larp.ledger.store import Ledger, insert_rows


def merge_bundle(ledger: Ledger, bundle: Bundle) -> int:
    """Add the bundle's entries this record does not hold yet; how many were added."""
    chronicles = {night.chronicle for night in ledger.nights()}
    if chronicles and bundle.chronicle not in chronicles:
        names = ", ".join(repr(c) for c in sorted(chronicles))
        raise refused(bundle.where, f"is a bundle of chronicle {bundle.chronicle!r}, and this record holds chronicle {names}")
    night = ledger.night(bundle.chronicle, bundle.night)
    filed = ledger.filed(night, bundle.station) if night else {}
    places = {seq for seq, _ in filed.values()}
    new = []
    for number, entry in enumerate(bundle.entries, start=2):
        known = filed.get(entry.id)
        if known is None and entry.seq in places:
            raise refused(
                bundle.where,
                f"line {number}: this record holds another entry {entry.seq} of station {entry.station!r} "
                "(two records call themselves by that station's name)",
            )
        if known is None:
            new.append(entry)
        elif known[1] != entry.line:
            raise refused(bundle.where, f"line {number}: entry {entry.short_id} differs from the one this record holds")
    if not new:
        return 0
    with ledger.writing(f"the bundle {bundle.where}") as db:
        night = ledger.add_night(db, bundle.chronicle, bundle.night)
        insert_rows(db, night, new)
    return len(new)
