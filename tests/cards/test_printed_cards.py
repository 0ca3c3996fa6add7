"""A printed sheet of cards scans back, card by card, to its characters; and shows only what it may."""

import io
import re

import pytest
from pypdf import PdfReader

from larp.cards import CardError, CardReason, print_cards, read_card, read_image
from larp.cards.fonts import typeset
from larp.cards.layout import PAPERS
from tests.cards.made_chronicle import NOTE_MARKER, TRAIT_MARKER
from tests.cards.printed import pages_as_pictures, photographed, qr_texts


def printed(chronicle, tmp_path, paper="letter") -> bytes:
    out = tmp_path / f"cards-{paper}.pdf"
    print_cards(chronicle, out, paper)
    return out.read_bytes()


def scanned_characters(pictures, chronicle) -> list[str]:
    return [read_card(text, chronicle).id for picture in pictures for text in qr_texts(picture)]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_card_scans_back_to_its_character_at_150_dpi(chronicle, tmp_path, paper):
    pictures = pages_as_pictures(printed(chronicle, tmp_path, paper), dpi=150)
    assert len(pictures) == 2
    assert sorted(scanned_characters(pictures, chronicle)) == sorted(chronicle.characters)


def test_every_card_scans_back_at_100_dpi_blurred_and_turned(chronicle, tmp_path):
    pictures = pages_as_pictures(printed(chronicle, tmp_path), dpi=100)
    hurried = [photographed(picture, blur=0.7, degrees=degrees) for picture, degrees in zip(pictures, (3, -2))]
    assert sorted(scanned_characters(hurried, chronicle)) == sorted(chronicle.characters)


def test_every_demo_chronicle_card_scans_back_to_its_character(demo_chronicle, tmp_path):
    pictures = pages_as_pictures(printed(demo_chronicle, tmp_path), dpi=150)
    assert sorted(scanned_characters(pictures, demo_chronicle)) == sorted(demo_chronicle.characters)


def test_ten_cards_to_a_page_of_the_chosen_paper(chronicle, tmp_path):
    for paper in ("letter", "a4"):
        reader = PdfReader(io.BytesIO(printed(chronicle, tmp_path, paper)))
        box = reader.pages[0].mediabox
        assert (round(float(box.width) / 72 * 25.4, 1), round(float(box.height) / 72 * 25.4, 1)) == (
            PAPERS[paper].width,
            PAPERS[paper].height,
        )
        assert len(reader.pages) == -(-len(chronicle.characters) // 10)


def text_of(pdf: bytes) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.parametrize("which", ["chronicle", "demo_chronicle"])
def test_every_name_and_the_chronicle_are_in_the_text_and_no_notes(which, tmp_path, request):
    chronicle = request.getfixturevalue(which)
    text = text_of(printed(chronicle, tmp_path))
    assert chronicle.name.upper() in text
    for sheet in chronicle.characters.values():
        name = typeset(sheet.display_name)
        assert name in text or name[:30] in text, name
        assert sheet.notes[:25] not in text


def test_no_notes_and_no_traits_are_printed(chronicle, tmp_path):
    text = text_of(printed(chronicle, tmp_path))
    assert NOTE_MARKER not in text
    assert TRAIT_MARKER not in text
    assert "Alluring" not in text


def test_the_qr_codes_are_vector_shapes_not_images(chronicle, tmp_path):
    reader = PdfReader(io.BytesIO(printed(chronicle, tmp_path)))
    assert all(not page.images for page in reader.pages)
    assert re.search(rb" re\s+f\b", reader.pages[0].get_contents().get_data())  # rectangles, filled


def test_the_card_shows_player_creature_lineage_and_public_lines(chronicle, tmp_path):
    text = text_of(printed(chronicle, tmp_path))
    sheet = chronicle.characters["Marguerite-Dubois.2"]
    for shown in ("played by Ana Li", "Vampire · Toreador", *sheet.public):
        assert shown in text


def test_a_photo_of_one_card_reads_as_its_character(chronicle, tmp_path):
    (page, _) = pages_as_pictures(printed(chronicle, tmp_path), dpi=150)
    paper = PAPERS["letter"]
    left, top = (round(mm / 25.4 * 150) for mm in paper.card_origin(1))
    size = (round(paper.card_width / 25.4 * 150), round(paper.card_height / 25.4 * 150))
    photo = tmp_path / "photo.jpg"
    photographed(page.crop((left, top, left + size[0], top + size[1])), blur=0.5, degrees=8).save(photo)
    assert read_image(photo, chronicle) == chronicle.characters["brother_ambrose"]


def test_a_photo_of_a_whole_sheet_is_refused_as_more_than_one_card(chronicle, tmp_path):
    (page, _) = pages_as_pictures(printed(chronicle, tmp_path), dpi=150)
    photo = tmp_path / "sheet.png"
    page.save(photo)
    with pytest.raises(CardError) as refused:
        read_image(photo, chronicle)
    assert refused.value.reason is CardReason.UNREADABLE
    assert "one card at a time" in str(refused.value)
