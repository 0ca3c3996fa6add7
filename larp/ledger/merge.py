"""Bringing another station's bundle into this record: whole, or not at all; twice is once.

Every entry must be signed by its station's key as this record trusts it (larp.ledger.signing),
each one, or all at once by the station's seal on a bundle of its own:
- a record that joined an event trusts the keys registered with it (brought by each sync) and
  its own: a bundle of a station the event does not know, or of another event, is refused;
- a record that joined no event trusts its own key and, for any other station, the key its
  first bundle carried (said when merged): a later bundle under that name signed by another
  key is refused.
"""

from larp.ledger.bundle import Bundle, Bundled, refused
from larp.ledger.bundle_reading import each_line
from larp.ledger.signing import BUNDLE, REVOKED, Verifier, fingerprint, keep_signatures, own_key, trust, trusted
from larp.ledger.store import HUB_SETTING, Ledger, insert_rows


def merge_bundle(ledger: Ledger, bundle: Bundle, station: str) -> tuple[int, str | None]:
    """Add the bundle's entries this record does not hold yet; how many were added, and what
    to tell about a station's key seen for the first time. `station` is this record's own.
    What is held is found by each entry's id and its line's digest, without reading the bundle
    again; the new entries are read again from it and filed in one transaction."""
    chronicles = {night.chronicle for night in ledger.nights()}
    if chronicles and bundle.chronicle not in chronicles:
        names = ", ".join(repr(c) for c in sorted(chronicles))
        raise refused(bundle.where, f"is a bundle of chronicle {bundle.chronicle!r}, and this record holds chronicle {names}")
    key, first_seen = key_of(ledger, bundle, station)
    verifier = Verifier({bundle.station: key})
    sealed = verifier.sealed(bundle.station, bundle.seal, bundle.checksum, list(bundle.signatures))
    fresh = not_held(ledger, bundle)
    if not fresh:
        return 0, None
    with ledger.writing(f"the bundle {bundle.where}") as db:
        night = ledger.add_night(db, bundle.chronicle, bundle.night)
        batch: list[tuple[Bundled, str]] = []
        for number, entry, signature in each_line(bundle):
            if entry.id not in fresh:
                continue
            if not sealed and not verifier.signed(bundle.station, signature, bundle.chronicle, bundle.night, entry.line):
                raise refused(
                    bundle.where,
                    f"line {number}: entry {entry.short_id} is not signed by station {bundle.station!r} "
                    "(changed after it was signed, or made by hand)",
                )
            batch.append((entry, signature))
            if len(batch) == BATCH:
                file(db, night, batch)
                batch = []
        file(db, night, batch)
        if first_seen:
            trust(db, bundle.station, key, BUNDLE)
    if not first_seen:
        return len(fresh), None
    return len(fresh), (
        f"station {bundle.station!r} is new to this record: its key {fingerprint(key)} is trusted from now on "
        "(check it with that station's Narrator: larp export shows it)"
    )


BATCH = 500
"""Entries filed at a time, as the bundle is read again."""


def not_held(ledger: Ledger, bundle: Bundle) -> set[str]:
    """The ids of the bundle's entries this record does not hold; refused if one it holds
    differs, or a new one takes a number the record holds for another."""
    night = ledger.night(bundle.chronicle, bundle.night)
    filed = ledger.filed(night, bundle.station) if night else {}
    places = {seq for seq, _ in filed.values()}
    fresh = set()
    for number, entry in enumerate(bundle.entries, start=2):
        known = filed.get(entry.id)
        if known is None and entry.seq in places:
            raise refused(
                bundle.where,
                f"line {number}: this record holds another entry {entry.seq} of station {entry.station!r} "
                "(two records call themselves by that station's name)",
            )
        if known is None:
            fresh.add(entry.id)
        elif known[1] != entry.digest:
            raise refused(bundle.where, f"line {number}: entry {entry.short_id} differs from the one this record holds")
    return fresh


def file(db, night, batch: list[tuple[Bundled, str]]) -> None:
    insert_rows(db, night, [entry[:6] for entry, _ in batch])
    keep_signatures(db, [(entry.id, signature) for entry, signature in batch])


def key_of(ledger: Ledger, bundle: Bundle, station: str) -> tuple[str, bool]:
    """The key the bundle's entries must be signed by, and whether it is seen for the first time."""
    own_key(ledger, station)
    held = trusted(ledger).get(bundle.station)
    joined = ledger.setting(HUB_SETTING) is not None
    if held is not None and held[1] == REVOKED:
        raise refused(
            bundle.where,
            f"is a bundle of station {bundle.station!r}, which the event's owner revoked (larp hub revoke): its bundles "
            "are refused; what it wrote before the revocation comes through the hub (larp sync)",
        )
    if held is not None and not (joined and held[1] == BUNDLE):
        if held[0] != bundle.key:
            raise refused(
                bundle.where,
                f"is signed by another key ({fingerprint(bundle.key)}) than the one this record trusts for station "
                f"{bundle.station!r} ({fingerprint(held[0])}): a bundle made elsewhere, or by a station of another event",
            )
        return held[0], False
    if joined:
        raise refused(
            bundle.where,
            f"is signed by station {bundle.station!r}, which is not a station of the event this record joined "
            "(as of its last sync): if it joined since, sync (larp sync) and merge again",
        )
    return bundle.key, True

