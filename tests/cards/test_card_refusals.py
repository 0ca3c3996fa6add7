"""A card that isn't good is refused, and the reason says which way it isn't."""

import pytest

from larp.cards import CardError, CardReason, current_card, issued_payload, read_card, read_image, reissue
from larp.cards.payload import Card, card_of_number, identity_number, payload_text


def payload_of(chronicle, character_id: str) -> str:
    return issued_payload(current_card(chronicle, character_id))


def refusal(typed: str, chronicle) -> CardError:
    with pytest.raises(CardError) as refused:
        read_card(typed, chronicle)
    return refused.value


def test_a_current_card_reads_as_its_character(chronicle):
    assert read_card(payload_of(chronicle, "zoe"), chronicle) == chronicle.characters["zoe"]


def test_a_card_with_an_altered_signature_is_refused_as_forged(chronicle):
    payload = payload_of(chronicle, "zoe")
    altered = payload[:-1] + str((int(payload[-1]) + 1) % 10)
    error = refusal(altered, chronicle)
    assert (error.reason, error.character) == (CardReason.FORGED, "zoe")


def test_a_card_made_with_another_key_is_refused_as_forged(chronicle):
    payload_of(chronicle, "zoe")  # the chronicle's key exists
    forged = payload_text(Card(chronicle.id, "zoe", 1), b"guessed key".ljust(32, b"!"))
    assert refusal(forged, chronicle).reason is CardReason.FORGED


def test_a_card_whose_identity_was_tampered_with_is_refused_as_forged(chronicle):
    genuine = payload_of(chronicle, "zoe")
    other = Card(chronicle.id, "character-3", 1)
    tampered = f"LARP1{identity_number(other)}{genuine[-12:]}"
    assert refusal(tampered, chronicle).reason is CardReason.FORGED


def test_a_card_with_a_raised_serial_is_refused_as_forged(chronicle):
    genuine = payload_of(chronicle, "zoe")
    card = card_of_number(int(genuine[5:-12]))
    raised = f"LARP1{identity_number(Card(card.chronicle, card.character, 2))}{genuine[-12:]}"
    assert refusal(raised, chronicle).reason is CardReason.FORGED


def test_a_card_of_another_chronicle_is_refused_as_foreign(chronicle, other_chronicle):
    error = refusal(payload_of(other_chronicle, "zoe"), chronicle)
    assert error.reason is CardReason.FOREIGN
    assert other_chronicle.id in str(error)


def test_a_reissued_characters_old_card_is_refused_as_revoked(chronicle):
    old = payload_of(chronicle, "zoe")
    assert reissue(chronicle, "zoe").serial == 2
    error = refusal(old, chronicle)
    assert error.reason is CardReason.REVOKED
    assert "card 2" in str(error)
    assert read_card(payload_of(chronicle, "zoe"), chronicle).id == "zoe"


def test_a_genuine_card_of_a_character_gone_from_the_chronicle_is_refused_as_unknown(chronicle):
    payload = payload_of(chronicle, "zoe")
    without = chronicle.model_copy(
        update={"characters": {k: v for k, v in chronicle.characters.items() if k != "zoe"}}
    )
    assert refusal(payload, without).reason is CardReason.UNKNOWN_CHARACTER


def test_a_station_without_the_chronicles_key_says_so(chronicle, monkeypatch, tmp_path):
    payload = payload_of(chronicle, "zoe")
    monkeypatch.setenv("LARP_HOME", str(tmp_path / "another-station"))
    error = refusal(payload, chronicle)
    assert error.reason is CardReason.NO_KEY
    assert "copy" in str(error)


@pytest.mark.parametrize(
    "typed",
    ["", "   \n", "https://example.org/card/1", "LARP", "LARP1", "LARP1" + "7" * 12, "LARP10" + "1" * 30, "4006381333931"],
)
def test_what_is_not_a_card_is_refused_as_garbage(chronicle, typed):
    payload_of(chronicle, "zoe")
    assert refusal(typed, chronicle).reason is CardReason.GARBAGE


def test_a_card_of_a_later_format_is_refused_asking_for_an_update(chronicle):
    later = "LARP2" + payload_of(chronicle, "zoe")[5:]
    error = refusal(later, chronicle)
    assert error.reason is CardReason.GARBAGE
    assert "update larp" in str(error)


def test_the_signature_is_compared_with_compare_digest(chronicle, monkeypatch):
    import hmac

    compared = []
    real = hmac.compare_digest
    monkeypatch.setattr(hmac, "compare_digest", lambda a, b: compared.append(b) or real(a, b))
    payload = payload_of(chronicle, "zoe")
    read_card(payload, chronicle)
    assert compared == [payload[-12:]]


def test_a_picture_without_a_qr_code_is_refused_as_unreadable(chronicle, tmp_path):
    from PIL import Image

    blank = tmp_path / "blank.png"
    Image.new("L", (400, 300), 255).save(blank)
    with pytest.raises(CardError) as refused:
        read_image(blank, chronicle)
    assert refused.value.reason is CardReason.UNREADABLE


@pytest.mark.parametrize("content", [None, b"", b"not a picture at all"])
def test_a_file_that_is_no_picture_is_refused_as_unreadable(chronicle, tmp_path, content):
    path = tmp_path / "card.jpg"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(CardError) as refused:
        read_image(path, chronicle)
    assert refused.value.reason is CardReason.UNREADABLE
