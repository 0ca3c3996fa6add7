"""Reading a card: what a scanner typed, or a photo or scan of the card.

The checks run in this order, and the first that fails is the reason given:
garbage (not a card), foreign (another chronicle's card), no key (this station
can't check the chronicle's cards), forged (the signature doesn't match),
unknown character, revoked (a newer card was issued since), retired (the character is retired
or dead, with the reason her sheet gives).
"""

from pathlib import Path

from larp.cards.errors import CardError, CardReason
from larp.cards.keys import key_before_joining, reading_key
from larp.cards.payload import Card, is_signed, parse_payload
from larp.cards.serials import current_serial
from larp.cards.typed import untyped
from larp.sheet import Chronicle, Sheet
from larp.sheet.regular import open_regular


def check_card(typed: str, chronicle: Chronicle) -> Card:
    """The card a scanner typed, if it is a current card of this chronicle; else CardError."""
    try:
        card, signed = parse_payload(untyped(typed))
    except CardError as error:
        raise CardError(error.reason, f"{str(error).rstrip('.')} ({shown(typed)}).") from None
    if card.chronicle != chronicle.id:
        raise CardError(
            CardReason.FOREIGN,
            f"This card belongs to chronicle {card.chronicle!r}, not {chronicle.id!r} "
            f"({chronicle.name}): load that chronicle to read it.",
            character=card.character,
        )
    if not is_signed(card, signed, reading_key(chronicle.id)):
        before = key_before_joining(chronicle.id)
        if before is not None and is_signed(card, signed, before):
            raise CardError(
                CardReason.BEFORE_JOINING,
                f"This card of {card.character!r} was printed at this station before it joined the event, whose card "
                "key is another: print it again (larp cards print --only ID) and take this one back.",
                character=card.character,
            )
        raise CardError(
            CardReason.FORGED,
            f"The signature on this card for {card.character!r} is wrong: it was not printed for "
            "this chronicle (forged or altered). Keep the card and tell the head Narrator.",
            character=card.character,
        )
    if card.character not in chronicle.characters:
        raise CardError(
            CardReason.UNKNOWN_CHARACTER,
            f"This card is genuine, but chronicle {chronicle.name!r} has no character "
            f"{card.character!r} any more: is the sheet missing from the chronicle folder?",
            character=card.character,
        )
    current = current_serial(chronicle.id, card.character)
    if card.serial != current:
        name = chronicle.characters[card.character].display_name
        raise CardError(
            CardReason.REVOKED,
            f"This is card {card.serial} of {name}, but card {current} replaced it: "
            "take this one back.",
            character=card.character,
        )
    sheet = chronicle.characters[card.character]
    if not sheet.plays:
        raise CardError(
            CardReason.RETIRED,
            f"{sheet.display_name} is {sheet.status} ({sheet.status_reason or 'no reason given'}): "
            "this card is not played any more; take it back.",
            character=card.character,
        )
    return card


def read_card(typed: str, chronicle: Chronicle) -> Sheet:
    """The character whose card a scanner typed; CardError says why a card is refused."""
    return chronicle.characters[check_card(typed, chronicle).character]


def check_image(path: Path | str, chronicle: Chronicle) -> Card:
    """The one current card of this chronicle in a photo or scan; else CardError."""
    cards: dict[Card, None] = {}
    refusals = []
    for text in qr_texts(Path(path)):
        try:
            cards[check_card(text, chronicle)] = None
        except CardError as error:
            refusals.append(error)
    if len(cards) > 1:
        raise CardError(
            CardReason.UNREADABLE,
            f"{Path(path).name} shows {len(cards)} cards: take a picture of one card at a time.",
        )
    if not cards:
        raise refusals[0]
    return next(iter(cards))


def read_image(path: Path | str, chronicle: Chronicle) -> Sheet:
    """The character whose card is in a photo or scan; CardError says why it is refused."""
    return chronicle.characters[check_image(path, chronicle).character]


def qr_texts(path: Path) -> list[str]:
    """The texts of the QR codes found in a picture, each once; at least one, else CardError."""
    import zxingcpp
    from PIL import Image

    try:
        with open_regular(path) as stream, Image.open(stream) as picture:
            grey = picture.convert("L")
    except (OSError, ValueError, Image.DecompressionBombError) as error:
        raise CardError(
            CardReason.UNREADABLE, f"{path} can't be opened as a picture ({error})."
        ) from None
    found = zxingcpp.read_barcodes(grey, formats=zxingcpp.BarcodeFormat.QRCode)
    texts = list(dict.fromkeys(code.text for code in found))
    if not texts:
        raise CardError(
            CardReason.UNREADABLE,
            f"No QR code could be read in {path.name}: take the picture again, "
            "closer, flat and well lit.",
        )
    return texts


def shown(text: str) -> str:
    """What was read, short enough for a notification."""
    if not text.strip():
        return "nothing was read"
    return f"read {text[:40]!r}{'…' if len(text) > 40 else ''}"
