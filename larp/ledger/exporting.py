"""A station's entries of a night as a bundle (`larp export`), from the record alone."""

from pathlib import Path

from larp.ledger.errors import LedgerError
from larp.ledger.store import Ledger, NightRow


def export_night(ledger: Ledger, out: Path, night: NightRow, station: str, own: str, exported: str) -> int:
    """Write `station`'s entries of the night as a bundle (`own`: this record's station, which
    signs and seals its own); how many entries it holds."""
    from larp.ledger.bundle import write_bundle
    from larp.ledger.signing import own_key, signed_lines

    own_key(ledger, own)  # made before the read below, if this station has none yet
    with ledger.reading():
        key, count, signed, seal = signed_lines(ledger, night, station, own)
        if not count:
            raise LedgerError(f"station {station!r} wrote nothing in night {night.number}: there is nothing to export")
        write_bundle(Path(out), night.chronicle, night.number, station, key, signed, exported, seal, count)
    return count


def key_fingerprint(ledger: Ledger, own: str) -> str:
    """This station's public key, as a Narrator reads it to another: four groups of four."""
    from larp.ledger.signing import fingerprint, own_key, public_text

    return fingerprint(public_text(own_key(ledger, own)))
