"""A character's card as the portal shows it: the same signed QR code a printed card carries,
drawn as an SVG in the page (no script, no image file), to be scanned at the door."""

from markupsafe import Markup

from larp.cards import current_card, issued_payload
from larp.cards.errors import CardError
from larp.cards.qr import QUIET_ZONE, qr_code

SCALE = 5
"""Screen pixels a module: a phone held to a scanner reads it at arm's length."""


def card_svg(chronicle, sheet, drawn: dict) -> Markup:
    """Her current card's QR code (drawn once per card: `drawn` keeps them by their text);
    nothing for a character out of play (her card is refused)."""
    if not sheet.plays:
        return Markup("")
    card = current_card(chronicle.model_copy(update={"characters": {sheet.id: sheet}}), sheet.id)
    text = issued_payload(card)
    if text not in drawn:
        drawn[text] = drawing(card, text, sheet.display_name)
    return drawn[text]


def card_or_why(chronicle, sheet, drawn: dict) -> tuple[Markup, str]:
    """Her card's QR code, or why it can't be shown (a card that can't be drawn is told, never a failed page)."""
    try:
        return card_svg(chronicle, sheet, drawn), ""
    except (CardError, ValueError, OSError):
        return Markup(""), (
            f"{sheet.display_name}'s card can't be drawn here: show your printed card at the door, "
            "or ask staff (larp cards print says why)."
        )


def drawing(card, text: str, name: str) -> Markup:
    symbol = qr_code(card, text)
    side = symbol.size + 2 * QUIET_ZONE
    rects = "".join(
        f'<rect x="{column + QUIET_ZONE}" y="{row + QUIET_ZONE}" width="{width}" height="{height}"/>'
        for row, column, width, height in symbol.rectangles
    )
    return Markup(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" width="{size}" height="{size}" role="img" '
        'aria-label="The card of {name}" shape-rendering="crispEdges"><rect width="{side}" height="{side}" fill="#fff"/>'
        '<g fill="#000">{rects}</g></svg>'
    ).format(side=side, size=side * SCALE, name=name, rects=Markup(rects))
