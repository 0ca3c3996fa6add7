"""A card's QR code: a full QR symbol (never Micro QR) of version 4 or less at error correction Q.

The symbol is kept as rectangles of dark modules: runs along each row, a run
merged with the same run in the rows below it. They draw as few rectangles in a
PDF or an SVG path.
"""

from dataclasses import dataclass
from functools import cache

from larp.cards.errors import CardError, CardReason
from larp.cards.payload import TAG, Card

LARGEST_VERSION = 4
QUIET_ZONE = 4
"""Modules of blank margin a reader needs around the symbol."""


@dataclass(frozen=True)
class QrCode:
    version: int
    size: int
    """Modules per side, without the quiet zone."""
    rectangles: tuple[tuple[int, int, int, int], ...]
    """(row, column, width, height) of each rectangle of dark modules."""


def qr_code(card: Card, payload: str) -> QrCode:
    """The symbol of a card's payload: the tag in alphanumeric mode, the digits in numeric mode."""
    from qrcode.constants import ERROR_CORRECT_Q
    from qrcode.util import MODE_ALPHA_NUM, MODE_NUMBER, QRData

    symbol = card_symbol()(error_correction=ERROR_CORRECT_Q, border=0)
    symbol.add_data(QRData(TAG, MODE_ALPHA_NUM))
    symbol.add_data(QRData(payload.removeprefix(TAG), MODE_NUMBER))
    version = symbol.best_fit()
    if version > LARGEST_VERSION:
        raise CardError(
            CardReason.TOO_LONG,
            f"The card of {card.character!r} can't be printed: its id and the chronicle's id "
            f"({card.chronicle!r}) are too long together for a card's QR code. "
            "Shorten one of them (44 characters together always fit, 50 in lower case).",
            character=card.character,
        )
    symbol.make(fit=False)
    return QrCode(version=version, size=symbol.modules_count, rectangles=dark_rectangles(symbol.modules))


@cache
def card_symbol() -> type:
    """qrcode's symbol, its data laid in the modules along the places and mask each version
    keeps (`map_data`): the same modules as qrcode's own, which walks the symbol bit by bit for
    each of the eight masks it tries (three fifths of a card's QR code)."""
    import qrcode

    class CardSymbol(qrcode.QRCode):
        def map_data(self, data, mask_pattern):
            places, flips = data_places(self.modules, mask_pattern)
            bits = [byte >> shift & 1 for byte in data for shift in range(7, -1, -1)]
            bits += [0] * (len(places) - len(bits))
            modules = self.modules
            for (row, column), bit, flip in zip(places, bits, flips):
                modules[row][column] = bit != flip

    return CardSymbol


PLACES: dict[tuple[int, int], tuple[tuple[tuple[int, int], ...], tuple[int, ...]]] = {}
"""`data_places` of each size of symbol and mask, once made."""


def data_places(blank: list[list[bool | None]], mask_pattern: int) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The modules a symbol's data goes in (those still None in `blank`), in qrcode's order (two
    columns at a time from the right, up then down, skipping the timing column), and whether the
    mask darkens each; the same for every symbol of a size."""
    from qrcode.util import mask_func

    size = len(blank)
    if (size, mask_pattern) in PLACES:
        return PLACES[size, mask_pattern]
    places = []
    upward = True
    for right in range(size - 1, 0, -2):
        right -= right <= 6
        for row in range(size - 1, -1, -1) if upward else range(size):
            places += [(row, column) for column in (right, right - 1) if blank[row][column] is None]
        upward = not upward
    masked = mask_func(mask_pattern)
    PLACES[size, mask_pattern] = tuple(places), tuple(int(masked(row, column)) for row, column in places)
    return PLACES[size, mask_pattern]


def dark_rectangles(modules: list[list[bool]]) -> tuple[tuple[int, int, int, int], ...]:
    done: list[list[int]] = []
    growing: dict[tuple[int, int], list[int]] = {}
    for row, line in enumerate(modules):
        below: dict[tuple[int, int], list[int]] = {}
        for column, length in dark_runs(line):
            rectangle = growing.pop((column, length), None)
            if rectangle is None:
                rectangle = [row, column, length, 0]
            rectangle[3] += 1
            below[(column, length)] = rectangle
        done.extend(growing.values())
        growing = below
    done.extend(growing.values())
    return tuple(tuple(rectangle) for rectangle in done)


def dark_runs(line: list[bool]) -> list[tuple[int, int]]:
    """(column, length) of each run of dark modules in a row."""
    runs = []
    start = None
    for column, dark in enumerate([*line, False]):
        if dark and start is None:
            start = column
        elif not dark and start is not None:
            runs.append((start, column - start))
            start = None
    return runs
