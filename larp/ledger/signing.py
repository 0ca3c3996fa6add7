"""Each station's signing key, and the keys of the stations this record trusts.

A station signs each of its entries with its own Ed25519 key (the `cryptography` package)
over the entry's chronicle, night and line, so that neither can be changed after signing, nor
the entry moved to another night. The signature is made as the entry is filed, by a desk that
writes (`signing`), and kept with the others: an export or a push sends it as it is. An entry
filed without one (by a larp that signed later, or recovered by `larp doctor`) is signed when
it leaves the record: Ed25519 signs the same bytes the same way every time.

- The private key lives beside the record (`RECORD.key`), readable by its owner only, and is
  never printed; a record in memory holds one for as long as it is open.
- The public keys the record trusts are in its `station_keys` table, each with who vouched
  for it: `self` (this record's own), `event` (registered with the event's hub, brought by a
  sync) or `bundle` (first seen in a bundle merged by a record that joined no event); a station
  the event's owner revoked (`larp hub revoke`) is kept as `revoked`: what the hub holds of it
  came before the revocation and is still taken, its bundles are not.
- Other stations' signatures are kept in its `signatures` table, to pass their entries on.
"""

import base64
import binascii
import hashlib
import os
import sqlite3
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from larp.ledger.errors import LedgerError
from larp.ledger.store import MEMORY, Ledger, NightRow

SELF, EVENT, BUNDLE, REVOKED = "self", "event", "bundle", "revoked"
KEY_SUFFIX = ".key"
_in_memory: "weakref.WeakKeyDictionary[Ledger, Ed25519PrivateKey]" = weakref.WeakKeyDictionary()


def key_path(ledger: Ledger) -> Path:
    return Path(ledger.where + KEY_SUFFIX)


def signing_key(ledger: Ledger) -> Ed25519PrivateKey:
    """This record's private key: read from its file, or made there (0600) the first time."""
    if ledger.where == MEMORY:
        return _in_memory.setdefault(ledger, Ed25519PrivateKey.generate())
    path = key_path(ledger)
    try:
        return read_key(path)
    except FileNotFoundError:
        pass
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return read_key(path)  # made meanwhile by another program on this record
    except OSError as error:
        raise LedgerError(f"this station's signing key can't be written to {path} ({error.strerror or error})") from None
    with os.fdopen(descriptor, "wb") as out:
        out.write(pem)
        out.flush()
        os.fsync(out.fileno())
    return key


def read_key(path: Path) -> Ed25519PrivateKey:
    try:
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    except FileNotFoundError:
        raise
    except (OSError, ValueError, TypeError) as error:
        raise LedgerError(
            f"this station's signing key {path} can't be read ({getattr(error, 'strerror', None) or error}): "
            "restore it from the backup made with the record"
        ) from None
    if not isinstance(key, Ed25519PrivateKey):
        raise LedgerError(f"{path} is not a station's signing key (Ed25519): restore it from the backup made with the record")
    return key


def public_text(key: Ed25519PrivateKey) -> str:
    raw = key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return base64.b64encode(raw).decode()


def fingerprint(public: str) -> str:
    """A short form of a public key, for a Narrator to read aloud: four groups of four."""
    digest = hashlib.sha256(public.encode()).hexdigest()[:16]
    return " ".join(digest[i : i + 4] for i in range(0, 16, 4))


def message(chronicle: str, night: int, line: str) -> bytes:
    """What a station signs of an entry: its chronicle (its length first, so that no two
    chronicles and lines read alike), its night and its line."""
    return f"larp-entry/{len(chronicle)}:{chronicle}/{night}/{line}".encode()


def seal_message(checksum: str, signatures: list[str]) -> bytes:
    """What a station signs of a bundle of its own: its checksum (of every line before the last)
    and the entries' signatures; one check of it stands for all of them."""
    return f"larp-bundle/{checksum}/{','.join(signatures)}".encode()


def sealer(key: Ed25519PrivateKey):
    """The seal of a bundle, made with `key` (for larp.ledger.bundle.write_bundle)."""
    return lambda checksum, signatures: base64.b64encode(key.sign(seal_message(checksum, signatures))).decode()


def sign(key: Ed25519PrivateKey, chronicle: str, night: int, line: str) -> str:
    return base64.b64encode(key.sign(message(chronicle, night, line))).decode()


def public_key(text: str) -> Ed25519PublicKey | None:
    try:
        return Ed25519PublicKey.from_public_bytes(base64.b64decode(text, validate=True))
    except (ValueError, binascii.Error, TypeError):
        return None


def is_signed_by(key: Ed25519PublicKey, signature: str | None, chronicle: str, night: int, line: str) -> bool:
    return is_sealed_by(key, signature, message(chronicle, night, line))


def is_sealed_by(key: Ed25519PublicKey, signature: str | None, what: bytes) -> bool:
    try:
        key.verify(base64.b64decode(signature or "", validate=True), what)
    except (InvalidSignature, ValueError, binascii.Error):
        return False
    return True


def own_key(ledger: Ledger, station: str) -> Ed25519PrivateKey:
    """This record's key, trusted under the station's name (refused if another key is); a record
    that can't be written signs all the same, and trusts its key once it can be."""
    key = signing_key(ledger)
    mine = public_text(key)
    held = trusted(ledger).get(station)
    if held is None or held[1] != SELF:
        if held is not None and held[0] != mine:
            raise LedgerError(
                f"this record trusts another key than its own for station {station!r} ({held[1]}): "
                "another station goes by that name; give this one another (--station NAME)"
            )
        if not ledger.read_only:
            with ledger.writing("this station's key") as db:
                db.execute("INSERT OR REPLACE INTO station_keys (station, public_key, vouched) VALUES (?, ?, ?)", (station, mine, SELF))
    return key


_filing_keys: "weakref.WeakKeyDictionary[Ledger, Ed25519PrivateKey]" = weakref.WeakKeyDictionary()


def sign_as_filed(ledger: Ledger, chronicle: str, night: int, line: str) -> str:
    """The signature of an entry this record files of its own (`Ledger.signer`), under its key
    (read once, or made the first time)."""
    key = _filing_keys.get(ledger)
    if key is None:
        key = _filing_keys[ledger] = signing_key(ledger)
    return sign(key, chronicle, night, line)


def trusted(ledger: Ledger) -> dict[str, tuple[str, str]]:
    """station → (public key, who vouched for it)."""
    with ledger.failures("read"):
        return {station: (key, vouched) for station, key, vouched in ledger.db.execute("SELECT * FROM station_keys")}


def trust(db: sqlite3.Connection, station: str, key: str, vouched: str) -> None:
    db.execute("INSERT OR REPLACE INTO station_keys (station, public_key, vouched) VALUES (?, ?, ?)", (station, key, vouched))


def keep_signatures(db: sqlite3.Connection, signed: list[tuple[str, str]]) -> None:
    """(entry id, signature) of entries just filed, kept to pass them on."""
    db.executemany("INSERT OR IGNORE INTO signatures (id, signature) VALUES (?, ?)", signed)


class Verifier:
    """The keys a record trusts, loaded once, to check many entries."""

    def __init__(self, keys: dict[str, str]) -> None:
        self.texts = keys
        self.keys = {station: public_key(text) for station, text in keys.items()}

    def signed(self, station: str, signature: str | None, chronicle: str, night: int, line: str) -> bool:
        key = self.keys.get(station)
        return key is not None and is_signed_by(key, signature, chronicle, night, line)

    def sealed(self, station: str, seal: str | None, checksum: str, signatures: list[str]) -> bool:
        """Whether the station sealed a bundle of this checksum and these signatures."""
        key = self.keys.get(station)
        return seal is not None and key is not None and is_sealed_by(key, seal, seal_message(checksum, signatures))


def signed_lines(ledger: Ledger, night: NightRow, station: str, own: str) -> tuple[str, int, Iterator[tuple[str, str]], Callable | None]:
    """The station's entries of the night, each with its signature, one at a time as the record
    holds them (with how many there are, the station's public key and the bundle's sealer): this
    record signs and seals its own; another station's must have come with their signatures, and
    go unsealed. Read inside one transaction of the caller's, so that the count holds."""
    with ledger.failures("read"):
        count = ledger.db.execute("SELECT COUNT(*) FROM entries WHERE night = ? AND station = ?", (night.id, station)).fetchone()[0]
        rows = ledger.db.execute(
            "SELECT e.id, e.line, s.signature FROM entries e LEFT JOIN signatures s ON s.id = e.id "
            "WHERE e.night = ? AND e.station = ? ORDER BY e.seq",
            (night.id, station),
        )
    if station == own:
        key = own_key(ledger, own)
        signed = ((line, signature or sign(key, night.chronicle, night.number, line)) for _, line, signature in rows)
        return public_text(key), count, signed, sealer(key)
    held = trusted(ledger).get(station)
    if held is None:
        if not count:
            return "", 0, iter(()), None
        raise unsigned_here(station, None)
    return held[0], count, (with_signature(station, row) for row in rows), None


def with_signature(station: str, row: tuple[str, str, str | None]) -> tuple[str, str]:
    entry_id, line, signature = row
    if signature is None:
        raise unsigned_here(station, entry_id)
    return line, signature


def unsigned_here(station: str, entry_id: str | None) -> LedgerError:
    which = f"entry {entry_id[:8]} of station {station!r}" if entry_id else f"station {station!r}'s entries"
    return LedgerError(
        f"{which} came into this record without its signature (before larp signed entries): only station {station!r} can export it"
    )


def signed_outgoing(ledger: Ledger, batch: list, own: str) -> list[tuple]:
    """This station's entries going to the event's hub (larp.ledger.exchange.Outgoing), each
    with the signature kept as it was filed, or made now. Another station's entries (merged from its bundle) stay in this record: the hub
    takes a station's entries from its own login only (larp.event.logins)."""
    key = own_key(ledger, own)
    mine = [entry for entry in batch if entry.station == own]
    kept = kept_signatures(ledger, [entry.id for entry in mine])
    return [(entry, kept.get(entry.id) or sign(key, entry.chronicle, entry.night, entry.line)) for entry in mine]


def kept_signatures(ledger: Ledger, ids: list[str]) -> dict[str, str]:
    """The signatures the record keeps of these entries."""
    kept: dict[str, str] = {}
    with ledger.failures("read"):
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            query = f"SELECT id, signature FROM signatures WHERE id IN ({','.join('?' * len(chunk))})"
            kept.update(ledger.db.execute(query, chunk))
    return kept


def trust_event_keys(ledger: Ledger, registered: list[tuple[str, str, bool]]) -> None:
    """The keys the event's stations registered (with whether the owner revoked each), trusted by
    this record from now on. Refused (LedgerError) when the record trusted another key under
    one of their names."""
    held = trusted(ledger)
    fresh = []
    for station, key, revoked in registered:
        known = held.get(station)
        if known is not None and known[0] != key and known[1] != SELF:
            raise LedgerError(
                f"the event registered another key for station {station!r} ({fingerprint(key)}) than the one this "
                f"record trusted ({fingerprint(known[0])}, from {'a bundle' if known[1] == BUNDLE else 'the event'}): "
                "two stations go by that name; nothing was pulled"
            )
        if known is None or known[1] == BUNDLE or (known[1] == EVENT and revoked):  # a revocation is never undone
            fresh.append((station, key, REVOKED if revoked else EVENT))
    if fresh:
        with ledger.writing("the keys of the event's stations") as db:
            db.executemany("INSERT OR REPLACE INTO station_keys (station, public_key, vouched) VALUES (?, ?, ?)", fresh)


def event_verifier(ledger: Ledger) -> Verifier:
    """The keys of this record's station and the event's, to check what the hub brings (a revoked
    station's too: the hub took its entries only before the revocation)."""
    return Verifier({station: key for station, (key, vouched) in trusted(ledger).items() if vouched in (SELF, EVENT, REVOKED)})
