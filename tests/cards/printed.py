"""Reading printed cards back the way a station would: rasterized, then decoded."""

import pypdfium2
import zxingcpp
from PIL import Image, ImageFilter


def pages_as_pictures(pdf: bytes, dpi: int) -> list[Image.Image]:
    document = pypdfium2.PdfDocument(pdf)
    return [page.render(scale=dpi / 72, grayscale=True).to_pil() for page in document]


def photographed(picture: Image.Image, blur: float, degrees: float) -> Image.Image:
    """A slightly blurred, slightly turned copy, like a hurried photo of the sheet."""
    blurred = picture.filter(ImageFilter.GaussianBlur(blur))
    return blurred.rotate(degrees, resample=Image.BICUBIC, expand=True, fillcolor=255)


def qr_texts(picture: Image.Image) -> list[str]:
    return [code.text for code in decoded(picture)]


def drawn(rectangles, size: int, scale: int = 4) -> Image.Image:
    """A QR symbol's rectangles of dark modules painted as pixels, inside a quiet zone of 4 modules."""
    from PIL import ImageDraw

    side = (size + 8) * scale
    picture = Image.new("L", (side, side), 255)
    pen = ImageDraw.Draw(picture)
    for row, column, width, height in rectangles:
        left, top = (column + 4) * scale, (row + 4) * scale
        pen.rectangle([left, top, left + width * scale - 1, top + height * scale - 1], fill=0)
    return picture


def decoded(picture: Image.Image) -> list[zxingcpp.Barcode]:
    return zxingcpp.read_barcodes(picture, formats=zxingcpp.BarcodeFormat.QRCode)
