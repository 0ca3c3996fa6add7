"""The portal's secrets: one key of its own (0600, in the larp data folder, never in the
chronicle folder), fresh tokens and codes, and the keyed hashes kept in their place."""

import hashlib
import hmac
import secrets
from pathlib import Path

from larp.cards.store import write_private

KEY_BYTES = 32
CODE_DIGITS = 8


def portal_key(folder: Path) -> bytes:
    """The portal's key, made the first time (readable by its owner only)."""
    path = folder / "portal.key"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        write_private(path, secrets.token_hex(KEY_BYTES).encode("ascii"), replace=False)
    return bytes.fromhex(path.read_text(encoding="ascii").strip())


def new_token() -> str:
    """A sign-in link's or a session's secret: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(KEY_BYTES)


def new_code() -> str:
    """A short code a player types: eight digits, in two groups."""
    return f"{secrets.randbelow(10 ** CODE_DIGITS):0{CODE_DIGITS}d}"


def shown_code(code: str) -> str:
    return f"{code[:4]}-{code[4:]}"


def keyed(key: bytes, secret: str) -> str:
    """What is kept of a token or a code: its HMAC-SHA-256 under the portal's key."""
    return hmac.new(key, secret.encode("utf-8"), hashlib.sha256).hexdigest()


def typed_code(text: str) -> str:
    """A code as a player types it, spaces and dashes aside."""
    return "".join(ch for ch in text if ch.isdigit())[: CODE_DIGITS + 1]


def same(one: str, other: str) -> bool:
    return hmac.compare_digest(one, other)
