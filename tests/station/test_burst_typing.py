"""Keys that arrive in a burst land in the setup's fields in the order typed: letters held back as
a possible card's start are given back behind the keys before them, a held last letter shows
as soon as no key follows, and every card scanned in between is taken once."""

import asyncio

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.widgets import Input

from larp.station.card_scan import HOLD_SECONDS
from larp.station.screens.setup import ChallengeSetupScreen
from tests.station.conftest import SIZE, card_of, look_up, press_at_once

SENTENCE = "convince him to leave the Elysium"
FIELDS = {"#effect": "text", "#challenger .bonus": "digits", "#defender .bonus": "digits"}
CARDS = ["cody", "bryn", "rowan"]


async def setting_up(pilot) -> ChallengeSetupScreen:
    await look_up(pilot, "janet")
    await pilot.press("ctrl+n")
    await pilot.pause()
    return pilot.app.screen


async def into(pilot, screen, selector: str) -> Input:
    field = screen.query_one(selector, Input)
    field.focus()
    field.value = ""
    await pilot.pause()
    return field


async def held_out(pilot, field: Input, text: str) -> None:
    """The hold's time, and as a busy station gives a late hold a moment more
    (larp.station.card_scan.LATE_SECONDS), up to three seconds more for `text` to show."""
    await pilot.pause(HOLD_SECONDS)
    for _ in range(30):
        if field.value == text:
            return
        await pilot.pause(0.1)


def run(scenario):
    return asyncio.run(scenario)


def test_a_sentence_typed_in_a_burst_lands_in_the_effect_as_typed(app):
    async def scenario():
        async with app.run_test(size=SIZE) as pilot:
            screen = await setting_up(pilot)
            field = await into(pilot, screen, "#effect")
            await press_at_once(pilot, *SENTENCE)
            assert field.value == SENTENCE

    run(scenario())


def test_a_last_letter_that_may_begin_a_card_shows_once_no_key_follows(app):
    async def scenario():
        async with app.run_test(size=SIZE) as pilot:
            screen = await setting_up(pilot)
            field = await into(pilot, screen, "#effect")
            await press_at_once(pilot, *"meet in the hall")
            await held_out(pilot, field, "meet in the hall")
            assert field.value == "meet in the hall"

    run(scenario())


typed_text = st.text(alphabet="abcdeilLprsAR P1234", min_size=0, max_size=24)


@st.composite
def typing_with_cards(draw, kind: str):
    """Typed text for a field of `kind`, and where in it each card is scanned."""
    text = draw(st.text(alphabet="0123456789", max_size=3)) if kind == "digits" else draw(typed_text)
    cards = draw(st.lists(st.sampled_from(CARDS), max_size=2))
    places = sorted(draw(st.lists(st.integers(0, len(text)), min_size=len(cards), max_size=len(cards))))
    return text, list(zip(places, cards))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(example=st.fixed_dictionaries({selector: typing_with_cards(kind) for selector, kind in FIELDS.items()}))
def test_any_interleaving_of_typing_and_cards_gives_the_typed_text_and_every_card_once(desk, example):
    from larp.station import create_app

    app = create_app(desk=desk)

    async def scenario():
        async with app.run_test(size=SIZE) as pilot:
            screen = await setting_up(pilot)
            looked_up = []
            screen_look_up = screen.look_up
            screen.look_up = lambda form, text: (looked_up.append(text), screen_look_up(form, text))
            for selector, (text, scans) in example.items():
                field = await into(pilot, screen, selector)
                keys, at = [], 0
                for place, who in scans:
                    keys += [*text[at:place], *card_of(desk, who), "enter"]
                    at = place
                keys += text[at:]
                await press_at_once(pilot, *keys)
                await held_out(pilot, field, text)
                assert field.value == text, (selector, keys)
                assert looked_up == [card_of(desk, who) for _, who in scans], (selector, keys)
                looked_up.clear()

    run(scenario())
