"""Lookup: a scanned card, a name or an id, then Enter, and the sheet is on screen."""

from larp.cards import reissue
from larp.station.widgets.sheet_view import SheetView
from tests.station.conftest import SIZE, card_of, look_up, pilot_test, type_in, typed_during_a_challenge


@pilot_test
async def test_a_scanned_card_pulls_up_the_sheet(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, card_of(desk, "janet"))
        card = app.screen.query_one(SheetView).card
        assert card.character.id == "janet"
        assert app.screen.query_one("#lookup Input").value == ""


@pilot_test
async def test_a_name_is_matched_loosely_and_the_others_offered(app):
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, "jen")
        assert app.screen.query_one(SheetView).card.character.id == "jen"
        await look_up(pilot, "Janet Reyez")
        assert app.screen.query_one(SheetView).card.character.id == "janet"


@pilot_test
async def test_a_forged_card_is_refused_in_a_notification(app, desk):
    payload = card_of(desk, "cody")
    forged = payload[:-1] + str((int(payload[-1]) + 1) % 10)
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, forged)
        assert app.screen.query_one(SheetView).card is None
        [notice] = app._notifications
        assert notice.title == "Card refused: forged or altered"


@pilot_test
async def test_a_replaced_card_is_refused(app, desk):
    old = card_of(desk, "cody")
    reissue(desk.chronicle, "cody")
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, old)
        [notice] = app._notifications
        assert notice.title == "Card refused: replaced by a newer card"


@pilot_test
async def test_nobody_found_says_so(app):
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, "zzzzqq")
        [notice] = app._notifications
        assert "No character matches" in notice.message


@pilot_test
async def test_a_card_scanned_during_a_challenge_is_not_taken_for_steps(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        message = await typed_during_a_challenge(pilot, type_in(pilot, card_of(desk, "bryn")))
        assert "Bryn Halvorsen's card" in message
