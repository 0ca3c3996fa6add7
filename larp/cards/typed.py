"""What a USB scanner types, back to the payload it read.

A scanner types the QR text as key presses of a US keyboard, then Enter. What
reaches larp may have stray whitespace, letters in lower case (Caps Lock), or,
on a French or Belgian AZERTY keyboard, the tag's A typed as Q and the digits
typed unshifted as `&é"'(-è_çà` (Belgian: `§` and `!` for 6 and 8). Each of these
is undone here; anything it gets wrong fails the signature, never names the
wrong character.
"""

from larp.cards.payload import TAG

AZERTY_TAG = TAG.replace("A", "Q")
AZERTY_DIGITS = str.maketrans("&É\"'(-§È_!ÇÀ", "123456678890")


def untyped(typed: str) -> str:
    text = "".join(typed.split()).upper()
    if text.startswith(AZERTY_TAG):
        text = TAG + text.removeprefix(AZERTY_TAG).translate(AZERTY_DIGITS)
    return text
