"""The chronicle's secret key, which signs its cards.

Made the first time a card of the chronicle is issued, kept in the chronicle's
card folder (see `larp.cards.store`) with owner-only permissions, and never
shown. Every station that reads the chronicle's cards needs a copy of it: the
stations of an event get it from the event's hub (`larp.event`).
"""

import secrets
from pathlib import Path

from larp.cards.errors import CardError, CardReason
from larp.cards.store import card_folder, make_card_folder, write_private

KEY_FILE = "key"
BEFORE_FILE = "key-before-joining"
"""The key a station had made itself, kept when joining an event that holds another: what it
printed before joining is then told apart from a forgery."""
KEY_BYTES = 32


def key_path(chronicle_id: str) -> Path:
    return card_folder(chronicle_id) / KEY_FILE


def issuing_key(chronicle_id: str) -> bytes:
    """The chronicle's key, made now if the chronicle has none yet."""
    if not key_path(chronicle_id).exists():
        path = make_card_folder(chronicle_id) / KEY_FILE
        write_private(path, secrets.token_hex(KEY_BYTES).encode("ascii"), replace=False)
    return reading_key(chronicle_id)


def reading_key(chronicle_id: str) -> bytes:
    """The chronicle's key, to check a card; a station without one can't."""
    path = key_path(chronicle_id)
    try:
        text = path.read_bytes().strip()
    except FileNotFoundError:
        raise CardError(
            CardReason.NO_KEY,
            f"This station has no key for chronicle {chronicle_id!r}, so it can't check its cards: "
            f"copy {path} from the station that printed them.",
        ) from None
    try:
        key = bytes.fromhex(text.decode("ascii"))
    except ValueError:
        key = b""
    if len(key) != KEY_BYTES:
        raise CardError(
            CardReason.NO_KEY,
            f"The key file of chronicle {chronicle_id!r} is damaged ({path}): "
            "copy it again from the station that printed the cards.",
        )
    return key


def stored_key(chronicle_id: str) -> str | None:
    """The key file's text, as the event's hub keeps it; None when there is none."""
    try:
        return key_path(chronicle_id).read_text(encoding="ascii").strip() or None
    except (FileNotFoundError, UnicodeDecodeError):
        return None


def keep_key(chronicle_id: str, text: str) -> None:
    """The event's key for the chronicle, kept as this station's (owner-only, written whole); a key
    of the station's own it replaces is kept aside (`key_before_joining`)."""
    folder = make_card_folder(chronicle_id)
    mine = stored_key(chronicle_id)
    if mine is not None and mine != text:
        write_private(folder / BEFORE_FILE, mine.encode("ascii"))
    write_private(folder / KEY_FILE, text.encode("ascii"))


def key_before_joining(chronicle_id: str) -> bytes | None:
    """The station's own key that the event's replaced, if one did."""
    try:
        return bytes.fromhex((card_folder(chronicle_id) / BEFORE_FILE).read_text(encoding="ascii").strip())
    except (FileNotFoundError, UnicodeDecodeError, ValueError):
        return None
