"""Where everything goes on a card and on a sheet of cards, in millimetres.

A card is business-card size: 3.5 × 2 in on letter paper, 85 × 55 mm on A4, ten
to a page in two columns, edge to edge, with cut marks in the margins. On the
card: the chronicle's name over a rule; the character's name, player, creature
and lineage, and the sheet's public lines on the left; the QR code on the right
with its quiet zone, and under it the character's id and the card's serial.
Never the sheet's notes or Traits.
"""

from dataclasses import dataclass

from larp.cards.fonts import Font, shortened, typeset, width, wrap
from larp.cards.payload import Card
from larp.cards.qr import QUIET_ZONE, QrCode
from larp.sheet import Sheet
from larp.sheet.storyteller import players_lines


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float
    card_width: float
    card_height: float
    columns: int = 2
    rows: int = 5

    @property
    def cards_per_page(self) -> int:
        return self.columns * self.rows

    @property
    def left(self) -> float:
        return (self.width - self.columns * self.card_width) / 2

    @property
    def top(self) -> float:
        return (self.height - self.rows * self.card_height) / 2

    def card_origin(self, place: int) -> tuple[float, float]:
        """The top left corner of the card in this place on the page (0 to 9, by rows)."""
        row, column = divmod(place, self.columns)
        return self.left + column * self.card_width, self.top + row * self.card_height


PAPERS = {
    "letter": Paper("letter", 215.9, 279.4, 88.9, 50.8),
    "a4": Paper("a4", 210.0, 297.0, 85.0, 55.0),
}

PADDING = 4.0
"""Blank margin inside the card's edge, where a cut may stray."""
QR_SIDE = 26.0
"""The QR symbol's side, whatever its version; its quiet zone is added around it."""

CHRONICLE = Font("helvetica", "B", 6.2, grey=0.45)
NAME = Font("times", "B", 15)
SMALLEST_NAME = 11.5
PLAYER = Font("helvetica", "I", 7.2, grey=0.3)
KIND = Font("helvetica", "B", 7.2, grey=0.15)
PUBLIC = Font("helvetica", "", 6.6, grey=0.1)
CAPTION = Font("helvetica", "", 5.4, grey=0.45)
CAP_HEIGHT = 0.72
"""Capital height as a share of the font size (Helvetica 0.72, Times 0.66)."""


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    """The baseline."""
    text: str
    font: Font


@dataclass(frozen=True)
class Rule:
    x1: float
    x2: float
    y: float
    thickness: float


@dataclass(frozen=True)
class CardFace:
    """One card, drawn from its top left corner."""

    card: Card
    width: float
    height: float
    texts: tuple[Text, ...]
    rules: tuple[Rule, ...]
    code: QrCode
    qr_x: float
    qr_y: float
    left_out: int
    """Public lines of the sheet that didn't fit on the card, wholly or in part."""

    @property
    def module(self) -> float:
        return QR_SIDE / self.code.size


def card_face(sheet: Sheet, chronicle_name: str, card: Card, code: QrCode, paper: Paper) -> CardFace:
    card_width, card_height = paper.card_width, paper.card_height
    quiet = QUIET_ZONE * QR_SIDE / code.size
    texts: list[Text] = []

    baseline = PADDING + CHRONICLE.height * CAP_HEIGHT
    heading = shortened(typeset(chronicle_name.upper()), CHRONICLE, card_width - 2 * PADDING)
    texts.append(Text(PADDING, baseline, heading, CHRONICLE))
    rule = Rule(PADDING, card_width - PADDING, baseline + 1.6, 0.3)

    caption_height = 1.2 + CAPTION.height * CAP_HEIGHT
    spare = card_height - PADDING - rule.y - 2 * quiet - QR_SIDE - caption_height
    qr_x = card_width - PADDING - 0.5 - QR_SIDE
    qr_y = rule.y + quiet + max(spare, 0) / 2
    caption = shortened(f"{card.character} · card {card.serial}", CAPTION, QR_SIDE + quiet)
    texts.append(
        Text(
            qr_x + (QR_SIDE - width(caption, CAPTION)) / 2,
            qr_y + QR_SIDE + quiet + caption_height - 0.9,
            caption,
            CAPTION,
        )
    )

    room = qr_x - quiet - 1.0 - PADDING
    bottom = card_height - PADDING
    column = Column(PADDING, rule.y + 2.4, room)
    name, lines = name_lines(typeset(sheet.display_name), room)
    column.first(lines, name, CAP_HEIGHT * 0.92)
    column.next(typeset(f"played by {sheet.player}") if sheet.player.strip() else "", PLAYER, gap=1.4)
    kind = " · ".join(capitalised(typeset(part)) for part in (sheet.creature, sheet.lineage) if part.strip())
    column.next(kind, KIND, gap=0.5)
    column.gap(1.8)
    public = players_lines(sheet.public)  # a card is read by anyone: no Storyteller-only text
    left_out = column.paragraphs([typeset(line) for line in public if line.strip()], PUBLIC, bottom)
    texts.extend(column.texts)
    return CardFace(card, card_width, card_height, tuple(texts), (rule,), code, qr_x, qr_y, left_out)


class Column:
    """Lines set one under another from a top edge, each on its baseline."""

    def __init__(self, x: float, top: float, room: float) -> None:
        self.x = x
        self.baseline = top
        self.room = room
        self.texts: list[Text] = []

    def first(self, lines: list[str], font: Font, cap_height: float) -> None:
        self.baseline += font.height * cap_height
        for index, line in enumerate(lines):
            if index:
                self.baseline += font.height * 1.05
            self.texts.append(Text(self.x, self.baseline, line, font))

    def next(self, line: str, font: Font, gap: float) -> None:
        if line:
            self.baseline += gap + font.height
            self.texts.append(Text(self.x, self.baseline, shortened(line, font, self.room), font))

    def gap(self, space: float) -> None:
        self.baseline += space

    def paragraphs(self, paragraphs: list[str], font: Font, bottom: float) -> int:
        """Set each paragraph, wrapped, down to `bottom`; answers how many didn't fit whole."""
        leading = font.height * 1.25
        for index, paragraph in enumerate(paragraphs):
            for line in wrap(paragraph, font, self.room):
                if self.baseline + leading > bottom:
                    self._end_with_ellipsis(font)
                    return len(paragraphs) - index
                self.baseline += leading
                self.texts.append(Text(self.x, self.baseline, line, font))
            self.baseline += font.height * 0.35
        return 0

    def _end_with_ellipsis(self, font: Font) -> None:
        last = self.texts[-1]
        if last.font == font:
            self.texts[-1] = Text(last.x, last.y, shortened(last.text + " …", font, self.room), font)


def name_lines(name: str, room: float) -> tuple[Font, list[str]]:
    """The character's name on one line, in the largest size that fits, else on two."""
    size = NAME.size
    while size >= SMALLEST_NAME:
        if width(name, NAME.sized(size)) <= room:
            return NAME.sized(size), [name]
        size -= 0.5
    font = NAME.sized(SMALLEST_NAME)
    lines = wrap(name, font, room)
    if len(lines) > 2:
        lines = [lines[0], shortened(" ".join(lines[1:]), font, room)]
    return font, lines


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]
