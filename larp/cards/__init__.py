"""Character cards: signed QR payloads, printable card sheets (PDF, SVG), and reading a scan.

The station and the desk call `read_card` with what a USB scanner typed, or
`read_image` with a photo or scan; both answer the character's Sheet or raise
`CardError`, whose `reason` (a `CardReason`) says why the card was refused.
Printing (`print_cards`) loads fpdf and qrcode only when called.
"""

from larp.cards.errors import CardError, CardReason
from larp.cards.issue import current_card, issued_payload, reissue
from larp.cards.payload import Card
from larp.cards.printing import print_cards
from larp.cards.scan import check_card, check_image, read_card, read_image

__all__ = [
    "Card",
    "CardError",
    "CardReason",
    "check_card",
    "check_image",
    "current_card",
    "issued_payload",
    "print_cards",
    "read_card",
    "read_image",
    "reissue",
]
