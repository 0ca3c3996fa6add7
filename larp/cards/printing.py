"""Printing a chronicle's cards: the current card of each character, as a PDF and SVG files."""

from pathlib import Path

from larp.cards.issue import current_card, issued_payload
from larp.cards.layout import PAPERS, CardFace, card_face
from larp.cards.qr import qr_code
from larp.sheet import Chronicle


def card_faces(chronicle: Chronicle, character_ids: list[str], paper: str) -> list[CardFace]:
    """The faces of the characters' current cards, in the order given.

    Every card is laid out before anything is written: one that can't be made
    (an unknown character, ids too long for the QR code) stops the printing.
    """
    faces = []
    for character_id in character_ids:
        card = current_card(chronicle, character_id)
        code = qr_code(card, issued_payload(card))
        faces.append(card_face(chronicle.characters[character_id], chronicle.name, card, code, PAPERS[paper]))
    return faces


def print_cards(
    chronicle: Chronicle,
    pdf_path: Path,
    paper: str = "letter",
    only: list[str] | None = None,
    svg_folder: Path | None = None,
) -> list[CardFace]:
    """Write the PDF of the cards (of `only` these characters, else all) and one SVG per card."""
    from larp.cards.pdf import cards_pdf
    from larp.cards.svg import card_svg

    faces = card_faces(chronicle, list(only or chronicle.characters), paper)
    document = cards_pdf(faces, PAPERS[paper], f"Character cards of {chronicle.name}")
    pdf_path.parent.mkdir(parents=True, exist_ok=True)
    pdf_path.write_bytes(document)
    if svg_folder is not None:
        svg_folder.mkdir(parents=True, exist_ok=True)
        for face in faces:
            (svg_folder / f"{face.card.character}.svg").write_text(card_svg(face), encoding="utf-8")
    return faces
