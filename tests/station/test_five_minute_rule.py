"""The five-minute rule on the station's game clock: a refusal that names the time, and an override."""

from larp.ledger import Kind
from larp.rules import Phase
from larp.sheet import Category
from larp.station.screens.challenge import ChallengeScreen
from larp.station.widgets.sheet_view import SheetView
from tests.station.conftest import PIER, SIZE, janet_loses_to_cody, pilot_test, plain, set_up_challenge, type_in

TERMS = {"category": Category.SOCIAL, "effect": PIER}


@pilot_test
async def test_a_failed_social_challenge_is_refused_until_its_time(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await janet_loses_to_cody(pilot)
        [lock] = app.screen.query_one(SheetView).card.locks
        assert lock.until == 5.0
        sheet_text = plain(app.screen.query_one(SheetView).sheet())
        assert "barred until 0:05" in sheet_text

        await set_up_challenge(pilot, "janet", "cody", **TERMS)
        screen = app.screen
        assert isinstance(screen, ChallengeScreen)
        assert screen.state.phase is Phase.BLOCKED
        assert "until game time 0:05" in screen.prompt()
        assert [note.rule for note in screen.notes][-1] == "R-NIGHT-2"
        assert screen.check_action("throw", ("rock",)) is False
        assert screen.check_action("override", ()) is True

        await pilot.press("r")
        assert screen.pending is None  # no throw while the rule holds


async def overridden(pilot) -> None:
    """Janet lost to Cody, and challenges him again at once: v, and the reason."""
    await janet_loses_to_cody(pilot)
    await set_up_challenge(pilot, "janet", "cody", **TERMS)
    await pilot.press("v")
    await pilot.pause()
    await type_in(pilot, "new evidence came to light")
    await pilot.press("enter")
    await pilot.pause()


@pilot_test
async def test_an_override_asks_for_a_reason_and_records_it(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await overridden(pilot)
        screen = app.screen
        assert screen.state.phase is Phase.OPEN
        await pilot.press("p", "r", "enter", "enter")
        await pilot.pause()
        latest = desk.entries(kind=Kind.ADJUDICATION.value)[-1]
        assert latest.result.override == "new evidence came to light"
        assert latest.result.winner == "challenger"
        assert "five-minute rule overridden" in latest.summary


@pilot_test
async def test_the_rule_lets_go_once_the_clock_has_moved_on(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await janet_loses_to_cody(pilot)
        await pilot.press("f6")
        await pilot.pause()
        await pilot.press("backspace", "6", "enter")
        await pilot.pause()
        assert desk.game_time() == 6.0
        await set_up_challenge(pilot, "janet", "cody", **TERMS)
        assert app.screen.state.phase is Phase.OPEN


@pilot_test
async def test_a_challenge_lost_again_after_an_override_is_listed_once(app, desk):
    """Issue 28, item 11: the five-minute panel lists each challenge barred once, to its later time."""
    async with app.run_test(size=SIZE) as pilot:
        await overridden(pilot)
        await pilot.press("r", "p", "enter", "enter", "escape")  # Janet loses again
        await pilot.pause()
        app.open_sheet("janet")
        await pilot.pause()
        sheet_text = plain(app.screen.query_one(SheetView).sheet())
        assert sheet_text.count("barred until") == 1
