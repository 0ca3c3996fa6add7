"""The cards a chronicle issues: each character's current card and its payload."""

from larp.cards.errors import CardError, CardReason
from larp.cards.keys import issuing_key
from larp.cards.payload import Card, payload_text
from larp.cards.serials import current_serial, next_serial
from larp.sheet import Chronicle, Sheet


def character_of(chronicle: Chronicle, character_id: str) -> Sheet:
    try:
        return chronicle.characters[character_id]
    except KeyError:
        raise CardError(
            CardReason.UNKNOWN_CHARACTER,
            f"Chronicle {chronicle.name!r} has no character {character_id!r}.",
            character=character_id,
        ) from None


def current_card(chronicle: Chronicle, character_id: str) -> Card:
    character_of(chronicle, character_id)
    return Card(chronicle.id, character_id, current_serial(chronicle.id, character_id))


def issued_payload(card: Card) -> str:
    """The signed text of the card's QR code; the chronicle's key is made on first use."""
    return payload_text(card, issuing_key(card.chronicle))


def reissue(chronicle: Chronicle, character_id: str) -> Card:
    """A new card for the character; her earlier cards are revoked from now on."""
    character_of(chronicle, character_id)
    return Card(chronicle.id, character_id, next_serial(chronicle.id, character_id))
