"""The reconciliation of a long night: made in a worker, its characters shown a page at a time."""

from textual.containers import VerticalScroll
from textual.widgets import Static

from larp.sheet.transcript import ChallengeEvent
from larp.station.screens.reconcile import ReconcileScreen
from tests.station.conftest import SIZE, pilot_test, plain

CHALLENGERS = ["aldous", "anselm", "bryn", "cody", "dez"]


def static_challenge(desk, cid: str) -> ChallengeEvent:
    trait = next(iter(desk.character(cid).sheet.traits.physical))
    return ChallengeEvent.model_validate(
        {"challenge": {"kind": "static", "category": "physical", "challenger": {"character": cid, "trait": trait},
                       "defender": {"static": 0}, "effect": "a climb", "steps": [{"throw": {"challenger": "rock", "defender": "paper"}}]}}
    )


@pilot_test
async def test_the_characters_come_a_page_at_a_time_as_the_narrator_scrolls_down(app, desk, monkeypatch):
    monkeypatch.setattr("larp.station.screens.reconcile.PAGE", 2)
    for cid in CHALLENGERS:
        desk.record(static_challenge(desk, cid))
    async with app.run_test(size=(SIZE[0], 16)) as pilot:  # the first page fills the screen
        await pilot.press("f4")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReconcileScreen)
        shown = plain(screen.query_one("#characters", Static).content)
        assert "Aldous" in shown and "3 more characters changed: scroll down" in shown
        assert "Dez" not in shown
        for _ in range(2):
            view = screen.query_one("#reconciliation", VerticalScroll)
            view.scroll_end(animate=False)
            await pilot.pause()
        shown = plain(screen.query_one("#characters", Static).content)
        assert "Dez" in shown and "more characters changed" not in shown
