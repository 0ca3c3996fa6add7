"""Printing a chronicle's cards: the current card of each character, as a PDF and SVG files."""

from pathlib import Path

from larp.cards.issue import current_card, issued_payload
from larp.cards.layout import PAPERS, CardFace, card_face
from larp.cards.printed import changed_faces, keep_printed
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
    changed: bool = False,
) -> list[CardFace]:
    """Write the PDF of the cards (of `only` these characters, else all who play; with `changed`,
    only those whose face or serial changed since they were last printed) and one SVG per card;
    what was printed is kept. Nothing is written when no card is to be printed."""
    from larp.cards.pdf import cards_pdf
    from larp.cards.svg import card_svg

    wanted = list(only) if only else [cid for cid, sheet in chronicle.characters.items() if sheet.plays]
    faces = card_faces(chronicle, wanted, paper)
    if changed:
        faces = changed_faces(chronicle.id, faces)
    if not faces:
        return []
    document = cards_pdf(faces, PAPERS[paper], f"Character cards of {chronicle.name}")
    pdf_path.parent.mkdir(parents=True, exist_ok=True)
    pdf_path.write_bytes(document)
    if svg_folder is not None:
        svg_folder.mkdir(parents=True, exist_ok=True)
        for face in faces:
            (svg_folder / f"{face.card.character}.svg").write_text(card_svg(face), encoding="utf-8")
    keep_printed(chronicle.id, faces)
    return faces
