"""The one error type of the cards layer, with the reason a card is refused."""

from enum import StrEnum


class CardReason(StrEnum):
    """Why a card can't be read, printed or reissued; the station picks its notification by it."""

    GARBAGE = "garbage"
    """What was scanned is not a larp character card."""
    FORGED = "forged"
    """The signature does not match: the card was forged or altered."""
    FOREIGN = "foreign"
    """A genuine-looking card of another chronicle."""
    REVOKED = "revoked"
    """A card whose character has since been issued a newer card."""
    UNREADABLE = "unreadable"
    """No QR code could be read from the picture."""
    UNKNOWN_CHARACTER = "unknown_character"
    """The chronicle has no character of that id."""
    RETIRED = "retired"
    """The character is retired or dead: her card is not played any more."""
    NO_KEY = "no_key"
    """This station holds no key for the chronicle, so it can't check its cards."""
    BEFORE_JOINING = "before_joining"
    """Signed by the key this station had before it joined an event that holds another: printed
    here before joining, and to be printed again."""
    TOO_LONG = "too_long"
    """The chronicle's and character's ids are too long to fit a card's QR code."""


class CardError(ValueError):
    """A card refused, or one that can't be made; the message says what to do.

    `character` is the character id the card claims, when it could be read.
    """

    def __init__(self, reason: CardReason, message: str, character: str | None = None) -> None:
        self.reason = reason
        self.character = character
        super().__init__(message)
