"""One card as an SVG file, drawn like its place on the PDF sheet, without cut marks."""

from xml.sax.saxutils import escape, quoteattr

from larp.cards.fonts import POINT, Font, width
from larp.cards.layout import CardFace

FAMILIES = {
    "helvetica": "Helvetica, Arial, 'Liberation Sans', sans-serif",
    "times": "'Times New Roman', Times, 'Liberation Serif', serif",
}


def card_svg(face: CardFace) -> str:
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{face.width:g}mm" height="{face.height:g}mm" '
        f'viewBox="0 0 {face.width:g} {face.height:g}">',
        f'<rect width="{face.width:g}" height="{face.height:g}" fill="#fff"/>',
    ]
    for text in face.texts:
        # The width the PDF fonts give, so that a wider fallback font is squeezed to fit.
        parts.append(
            f'<text x="{text.x:.2f}" y="{text.y:.2f}" textLength="{width(text.text, text.font):.2f}" '
            f'lengthAdjust="spacingAndGlyphs" {font_attributes(text.font)}>{escape(text.text)}</text>'
        )
    for rule in face.rules:
        parts.append(
            f'<line x1="{rule.x1:.2f}" y1="{rule.y:.2f}" x2="{rule.x2:.2f}" y2="{rule.y:.2f}" '
            f'stroke="#000" stroke-width="{rule.thickness:g}"/>'
        )
    modules = "".join(
        f"M{column} {row}h{width}v{height}h-{width}z" for row, column, width, height in face.code.rectangles
    )
    parts.append(
        f'<path transform="translate({face.qr_x:.3f} {face.qr_y:.3f}) scale({face.module:.5f})" '
        f'd="{modules}" fill="#000" shape-rendering="crispEdges"/>'
    )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def font_attributes(font: Font) -> str:
    attributes = [
        f"font-family={quoteattr(FAMILIES[font.family])}",
        f'font-size="{font.size * POINT:.3f}"',
        f'fill="{grey(font.grey)}"',
    ]
    if "B" in font.style:
        attributes.append('font-weight="bold"')
    if "I" in font.style:
        attributes.append('font-style="italic"')
    return " ".join(attributes)


def grey(level: float) -> str:
    return "#" + f"{round(level * 255):02x}" * 3
