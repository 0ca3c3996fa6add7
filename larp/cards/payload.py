"""What a card's QR code says: whose card it is, and a signature. Never the sheet itself.

The text is `LARP1` followed by decimal digits: the identity number, then a
12-digit signature. `LARP` is the tag, `1` the format. The identity number packs
the card's serial, the chronicle id and the character id (each id with its
length, and the smaller of two alphabets that holds it), so the ids come back
exactly, case and all.

Why digits: a USB scanner types the QR text as key presses, and digits are the
same keys on QWERTY, QWERTZ and AZERTY keyboards (AZERTY types them unshifted as
`&é"'(-è_çà`, which can be undone), with Caps Lock on or off; the tag's letters
avoid the keys that move between layouts except the A of AZERTY, typed as Q.
Digits also fill a QR code densely (numeric mode), which leaves room for long ids.

The signature is HMAC-SHA256 with the chronicle's key over the format, both ids
and the serial, its first 64 bits reduced to 12 decimal digits (about 40 bits).
"""

import hashlib
import hmac
from dataclasses import dataclass

from larp.cards.errors import CardError, CardReason

TAG = "LARP"
FORMAT = "1"
SIGNATURE_DIGITS = 12

# The characters of ids (^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$), in the order that numbers them.
LOWER_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz-._"
MIXED_ALPHABET = LOWER_ALPHABET + "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LONGEST_ID = 64
ID_HEADERS = LONGEST_ID * 2  # a length of 1 to 64, times the alphabet used

# No genuine card has more digits than fit a QR code; longer text is refused before arithmetic.
MOST_DIGITS = 200


@dataclass(frozen=True)
class Card:
    """The identity a card carries: its chronicle, its character and its serial."""

    chronicle: str
    character: str
    serial: int


def identity_number(card: Card) -> int:
    """The serial, then each id's characters and header, packed as one number."""
    number = card.serial
    for ident in (card.chronicle, card.character):
        alphabet = LOWER_ALPHABET if all(c in LOWER_ALPHABET for c in ident) else MIXED_ALPHABET
        for char in ident:
            number = number * len(alphabet) + alphabet.index(char)
        number = number * ID_HEADERS + (len(ident) - 1) * 2 + (alphabet is MIXED_ALPHABET)
    return number


def card_of_number(number: int) -> Card:
    """The card an identity number packs (unpacked from its last field to its first)."""
    idents = []
    for _ in range(2):
        number, header = divmod(number, ID_HEADERS)
        alphabet = MIXED_ALPHABET if header % 2 else LOWER_ALPHABET
        chars = []
        for _ in range(header // 2 + 1):
            number, index = divmod(number, len(alphabet))
            chars.append(alphabet[index])
        idents.append("".join(reversed(chars)))
    character, chronicle = idents
    return Card(chronicle=chronicle, character=character, serial=number)


def signature(card: Card, key: bytes) -> str:
    message = "\n".join((TAG + FORMAT, card.chronicle, card.character, str(card.serial)))
    digest = hmac.new(key, message.encode("ascii"), hashlib.sha256).digest()
    return str(int.from_bytes(digest[:8], "big") % 10**SIGNATURE_DIGITS).zfill(SIGNATURE_DIGITS)


def payload_text(card: Card, key: bytes) -> str:
    """The text the card's QR code holds."""
    return f"{TAG}{FORMAT}{identity_number(card)}{signature(card, key)}"


def parse_payload(text: str) -> tuple[Card, str]:
    """The card a payload names and the signature it carries, unchecked.

    `text` is exactly a payload (`larp.cards.typed` undoes what a scanner's
    keyboard did to it); anything else is refused as garbage.
    """
    digits = text.removeprefix(TAG)
    if digits == text or not digits.isascii() or not digits.isdigit():
        raise CardError(CardReason.GARBAGE, "That is not a larp character card.")
    if not digits.startswith(FORMAT):
        raise CardError(
            CardReason.GARBAGE,
            f"This card was printed in card format {digits[0]}, which this version of larp "
            "doesn't know: update larp on this station.",
        )
    body, signed = digits[1:-SIGNATURE_DIGITS], digits[-SIGNATURE_DIGITS:]
    card = None
    if body and not body.startswith("0") and len(digits) <= MOST_DIGITS:
        card = card_of_number(int(body))
    if card is None or card.serial < 1 or identity_number(card) != int(body):
        raise CardError(CardReason.GARBAGE, "That card's code is damaged or incomplete.")
    return card, signed


def is_signed(card: Card, signed: str, key: bytes) -> bool:
    return hmac.compare_digest(signature(card, key), signed)
