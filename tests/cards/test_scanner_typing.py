"""What a USB scanner types reads back, whatever its keyboard quirks, or is refused: never misread."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from larp.cards import CardError, current_card, issued_payload, read_card

# What a scanner sending US key presses types on a French AZERTY keyboard, key for key.
AZERTY = str.maketrans("A1234567890", "Q&é\"'(-è_çà")
BELGIAN_AZERTY = str.maketrans("A1234567890", "Q&é\"'(§è!çà")


@pytest.fixture
def payload(chronicle) -> str:
    return issued_payload(current_card(chronicle, "Marguerite-Dubois.2"))


@pytest.mark.parametrize(
    "typing",
    [
        pytest.param(lambda text: text + "\n", id="with Enter"),
        pytest.param(lambda text: f"  \t{text}\r\n", id="with stray whitespace"),
        pytest.param(lambda text: text[:20] + " " + text[20:], id="with a space inside"),
        pytest.param(str.lower, id="Caps Lock"),
        pytest.param(lambda text: text.translate(AZERTY), id="French AZERTY"),
        pytest.param(lambda text: text.translate(AZERTY).upper(), id="French AZERTY with Caps Lock"),
        pytest.param(lambda text: text.translate(BELGIAN_AZERTY), id="Belgian AZERTY"),
        pytest.param(lambda text: text.translate(AZERTY).lower() + "\n", id="AZERTY lower case and Enter"),
    ],
)
def test_a_quirk_of_the_keyboard_is_undone(chronicle, payload, typing):
    assert read_card(typing(payload), chronicle).id == "Marguerite-Dubois.2"


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])  # the fixtures are only read
@given(st.integers(min_value=5, max_value=200), st.sampled_from("0123456789 Q&é-xX"))
def test_a_typing_slip_is_refused_never_read_as_another_character(chronicle, payload, where, typed):
    where %= len(payload)
    slipped = payload[:where] + typed + payload[where + 1 :]
    try:
        sheet = read_card(slipped, chronicle)
    except CardError:
        return
    assert sheet.id == "Marguerite-Dubois.2"
