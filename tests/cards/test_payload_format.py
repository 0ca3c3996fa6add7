"""The payload: identity only, every id back exactly, and always a QR code of version 4 or less at Q."""

import re

import pytest
import zxingcpp
from hypothesis import given
from hypothesis import strategies as st

from larp.cards import CardError, CardReason
from larp.cards.payload import Card, parse_payload, payload_text
from larp.cards.qr import LARGEST_VERSION, qr_code
from tests.cards.printed import decoded, drawn

KEY = bytes(range(32))
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
ANY = LOWER + "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def ids(first: str, rest: str, longest: int):
    return st.builds(lambda a, b: a + b, st.sampled_from(first), st.text(rest, max_size=longest - 1))


any_id = ids(ANY, ANY + "_.-", 64)
serials = st.integers(min_value=1, max_value=999)


@given(any_id, any_id, st.integers(min_value=1, max_value=10**6))
def test_a_payload_gives_back_exactly_the_card_it_was_made_for(chronicle, character, serial):
    card = Card(chronicle, character, serial)
    assert parse_payload(payload_text(card, KEY)) == (card, payload_text(card, KEY)[-12:])


@given(any_id, any_id, serials)
def test_a_payload_is_the_tag_then_digits_only(chronicle, character, serial):
    assert re.fullmatch(r"LARP1[0-9]+", payload_text(Card(chronicle, character, serial), KEY))


def fits(card: Card) -> int:
    return qr_code(card, payload_text(card, KEY)).version


@given(st.data(), st.integers(min_value=2, max_value=44), serials)
def test_ids_of_44_characters_together_fit_version_4_at_q(data, together, serial):
    chronicle = data.draw(ids(ANY, ANY + "_.-", together - 1))
    character = data.draw(ids(ANY, ANY + "_.-", together - len(chronicle)))
    assert fits(Card(chronicle, character, serial)) <= LARGEST_VERSION


@given(st.data(), st.integers(min_value=2, max_value=50), serials)
def test_lower_case_ids_of_50_characters_together_fit_version_4_at_q(data, together, serial):
    chronicle = data.draw(ids(LOWER, LOWER + "_.-", together - 1))
    character = data.draw(ids(LOWER, LOWER + "_.-", together - len(chronicle)))
    assert fits(Card(chronicle, character, serial)) <= LARGEST_VERSION


def test_the_longest_ids_that_fit_make_a_full_qr_code_of_version_4_at_q():
    for card in (Card("A" * 22, "Z" * 22, 999), Card("a" * 25, "_" * 25, 999)):
        payload = payload_text(card, KEY)
        symbol = qr_code(card, payload)
        assert symbol.version == 4 and symbol.size == 4 * 4 + 17
        (read,) = decoded(drawn(symbol.rectangles, symbol.size))
        assert (read.format, read.ec_level, read.text) == (zxingcpp.BarcodeFormat.QRCode, "Q", payload)


def test_ids_too_long_for_the_qr_code_are_refused_naming_the_character():
    card = Card("chronicle-of-the-long-night-in-alder-bay", "brother-ambrose-of-the-ninth-ember", 1)
    with pytest.raises(CardError) as refused:
        fits(card)
    assert refused.value.reason is CardReason.TOO_LONG
    assert "brother-ambrose-of-the-ninth-ember" in str(refused.value)


@given(st.text(max_size=300))
def test_any_text_is_a_card_or_refused_as_garbage_never_a_crash(text):
    try:
        parse_payload(text)
    except CardError as error:
        assert error.reason is CardReason.GARBAGE


@given(st.text("0123456789", min_size=1, max_size=90))
def test_a_cards_symbol_has_the_very_modules_qrcode_makes_of_the_same_data(digits):
    """The data laid along each version's kept places and masks (`card_symbol`) is qrcode's own
    symbol: the same mask chosen, the same modules."""
    import qrcode
    from qrcode.constants import ERROR_CORRECT_Q
    from qrcode.util import MODE_ALPHA_NUM, MODE_NUMBER, QRData

    from larp.cards.payload import TAG
    from larp.cards.qr import card_symbol

    modules = []
    for symbol in (qrcode.QRCode(error_correction=ERROR_CORRECT_Q, border=0), card_symbol()(error_correction=ERROR_CORRECT_Q, border=0)):
        symbol.add_data(QRData(TAG, MODE_ALPHA_NUM))
        symbol.add_data(QRData(digits, MODE_NUMBER))
        symbol.make(fit=True)
        modules.append(symbol.modules)
    assert modules[0] == modules[1]
