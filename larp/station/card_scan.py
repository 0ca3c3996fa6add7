"""A card scanned wherever the cursor is: told from keys by its tag and its speed.

A USB scanner types a card's text (`LARP1` and digits, `LQRP1` on AZERTY, lower case under
Caps Lock) then Enter, in one burst. On a screen of fields, that text must never land in
whichever field has the cursor (the first digits of a card made a difficulty of 11): keys that
could begin a card's text are held back until they are one (Enter ends it) or are not (they are
given back to the field, as typed).
"""

import re
import time

from larp.station.scan_catcher import GIVE_UP_SECONDS

CARD_START = re.compile(r"L(?:[AQ](?:R(?:P\d*)?)?)?", re.IGNORECASE)
"""What a card's text can be so far: the tag (its A typed as Q on AZERTY) and digits."""
AZERTY_DIGITS = "&éÉ\"'(-§èÈ_!çÇàÀ"
"""The digits as an AZERTY keyboard types them unshifted (larp.cards.typed undoes them)."""


def may_be_card(text: str) -> bool:
    """Whether `text` can be the start of a card's text, as a scanner types it."""
    return CARD_START.fullmatch(text.translate(str.maketrans(AZERTY_DIGITS, "0" * len(AZERTY_DIGITS)))) is not None


def is_card(text: str) -> bool:
    """A whole tag and at least one digit: a card's text, to be looked up (a bad one is refused)."""
    return may_be_card(text) and len(text) > len("LARP")


class CardScan:
    """The keys held back as a card's text, one key at a time."""

    def __init__(self) -> None:
        self.held = ""
        self.last = 0.0

    def take(self, key: str, character: str | None) -> tuple[bool, str | None, str]:
        """Whether the key is held back, the card's text once Enter ends it, and the text to give
        back to the field (keys held that turned out not to be a card, with this one if printable)."""
        now = time.monotonic()
        stale = self.held and now - self.last > GIVE_UP_SECONDS
        held, self.held, self.last = self.held, "", now
        if stale:
            return self.take_fresh(held, key, character)
        if held and key == "enter":
            return (True, held, "") if is_card(held) else (False, None, held)
        if character is not None and character.isprintable() and may_be_card(held + character):
            self.held = held + character
            return True, None, ""
        if held and character is not None and character.isprintable():
            return True, None, held + character
        return False, None, held

    def take_fresh(self, given_back: str, key: str, character: str | None) -> tuple[bool, str | None, str]:
        """After a pause: what was held is given back, and the key starts afresh."""
        taken, scanned, more = self.take(key, character)
        return taken, scanned, given_back + more
