"""A sheet of cards as a PDF: ten cards to a page, cut marks in the margins, QR codes as vectors."""

from larp.cards.fonts import ENCODING, Font
from larp.cards.layout import CardFace, Paper

CUT_MARK_GAP = 2.0
"""Between the cards' edge and a cut mark, so that no mark shows on a card cut a little wide."""
CUT_MARK_LENGTH = 4.0


def cards_pdf(faces: list[CardFace], paper: Paper, title: str) -> bytes:
    from fpdf import FPDF

    pdf = FPDF(unit="mm", format=(paper.width, paper.height))
    pdf.core_fonts_encoding = ENCODING
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0, 0)
    pdf.set_title(title)
    pdf.set_creator("larp")
    for first in range(0, len(faces), paper.cards_per_page):
        pdf.add_page()
        draw_cut_marks(pdf, paper)
        for place, face in enumerate(faces[first : first + paper.cards_per_page]):
            draw_face(pdf, face, *paper.card_origin(place))
    return bytes(pdf.output())


def draw_cut_marks(pdf, paper: Paper) -> None:
    pdf.set_draw_color(0)
    pdf.set_line_width(0.15)
    right = paper.left + paper.columns * paper.card_width
    bottom = paper.top + paper.rows * paper.card_height
    near, far = CUT_MARK_GAP, CUT_MARK_GAP + CUT_MARK_LENGTH
    for column in range(paper.columns + 1):
        x = paper.left + column * paper.card_width
        pdf.line(x, paper.top - far, x, paper.top - near)
        pdf.line(x, bottom + near, x, bottom + far)
    for row in range(paper.rows + 1):
        y = paper.top + row * paper.card_height
        pdf.line(paper.left - far, y, paper.left - near, y)
        pdf.line(right + near, y, right + far, y)


def draw_face(pdf, face: CardFace, left: float, top: float) -> None:
    font: Font | None = None
    for text in face.texts:
        if text.font != font:
            font = text.font
            pdf.set_font(font.family, font.style, font.size)
            pdf.set_text_color(round(font.grey * 255))
        pdf.text(left + text.x, top + text.y, text.text)
    for rule in face.rules:
        pdf.set_line_width(rule.thickness)
        pdf.line(left + rule.x1, top + rule.y, left + rule.x2, top + rule.y)
    pdf.set_fill_color(0)
    draw_qr(pdf, face, left + face.qr_x, top + face.qr_y)


def draw_qr(pdf, face: CardFace, x: float, y: float) -> None:
    """The QR code's dark rectangles as one path, filled once: what `pdf.rect(..., style="F")`
    writes for each (`re f`, in points from the page's foot), with a single `f` (a card's code
    is a hundred and seventy rectangles, and fpdf2's `rect` took a fifth of the print)."""
    scale, module, height = pdf.k, face.module * pdf.k, pdf.h * pdf.k
    x, y = x * scale, y * scale
    path = [
        f"{x + column * module:.2f} {height - y - row * module:.2f} {width * module:.2f} {-rows * module:.2f} re"
        for row, column, width, rows in face.code.rectangles
    ]
    pdf._out("\n".join([*path, "f"]))
