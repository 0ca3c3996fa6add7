"""A card scanned wherever the cursor is: told from keys by its tag and its speed.

A USB scanner types a card's text (`LARP1` and digits, `LQRP1` on AZERTY, lower case under
Caps Lock) then Enter, in one burst. On a screen of fields, that text must never land in
whichever field has the cursor (the first digits of a card made a difficulty of 11): keys that
could begin a card's text are held back until they are one (Enter ends it) or are not (they are
given back to the field, as typed).
"""

import re

from textual import events
from textual.keys import _character_to_key
from textual.widget import Widget

HOLD_SECONDS = 0.5
"""Keys held as a possible card are given back when no key follows this soon: a scanner types a
card's text and its Enter in one burst, a few milliseconds a key."""

LATE_SECONDS = 0.1
"""How late a hold's timer may come before the keys waiting behind the station's work are read
first (see larp.station.screens.setup)."""

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
    """The keys held back as a card's text, one key at a time. Keys are given back in the order
    they were typed: never one before a key typed earlier (see `typed_into`)."""

    def __init__(self) -> None:
        self.held = ""

    def take(self, key: str, character: str | None) -> tuple[bool, str | None, str]:
        """Whether the key is held back, the card's text once Enter ends it, and the text to give
        back to the field before anything else (keys held that turned out not to be a card, with
        this one if printable and no start of a card itself)."""
        held, self.held = self.held, ""
        if held and key == "enter":
            return (True, held, "") if is_card(held) else (False, None, held)
        printable = character is not None and character.isprintable()
        if printable and may_be_card(held + character):
            self.held = held + character
            return True, None, ""
        if held and printable:
            if may_be_card(character):  # what was held was typing; this key may begin a card
                self.held = character
                return True, None, held
            return True, None, held + character
        return False, None, held

    def flush(self) -> str:
        """The keys held, given up as a card: no key came soon enough after them."""
        held, self.held = self.held, ""
        return held


def typed_into(widget: Widget, text: str) -> None:
    """`text` given to the widget as keys behind those already on their way to it: a key the
    station held back lands after every key typed before it, never in front of them."""
    for character in text:
        key = events.Key(character if character.isalnum() else _character_to_key(character), character)
        key.set_sender(widget.app)
        widget.post_message(key)
