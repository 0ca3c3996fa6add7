"""The reconciliation of a long night: made and laid out in a worker, shown a page at a time."""

from larp.sheet.transcript import ChallengeEvent
from larp.station.screens.reconcile import ReconcileScreen
from tests.station.conftest import SIZE, pilot_test, reconciled

CHALLENGERS = ["aldous", "anselm", "bryn", "cody", "dez"]


def static_challenge(desk, cid: str) -> ChallengeEvent:
    trait = next(iter(desk.character(cid).sheet.traits.physical))
    return ChallengeEvent.model_validate(
        {"challenge": {"kind": "static", "category": "physical", "challenger": {"character": cid, "trait": trait},
                       "defender": {"static": 0}, "effect": "a climb", "steps": [{"throw": {"challenger": "rock", "defender": "paper"}}]}}
    )


async def to_the_foot(pilot) -> str:
    """The Narrator scrolls down to the last line: the next page comes in."""
    pilot.app.screen.view.scroll_end(animate=False)
    await pilot.pause()
    return await reconciled(pilot)


@pilot_test
async def test_the_characters_come_a_page_at_a_time_as_the_narrator_scrolls_down(app, desk, monkeypatch):
    monkeypatch.setattr("larp.station.widgets.reconciliation.CHARACTERS_PAGE", 2)
    for cid in CHALLENGERS:
        desk.record(static_challenge(desk, cid))
    async with app.run_test(size=(SIZE[0], 16)) as pilot:  # the first page fills the screen
        await pilot.press("f4")
        shown = await reconciled(pilot)
        assert isinstance(app.screen, ReconcileScreen)
        assert "Aldous" in shown and "3 more characters changed: scroll down" in shown
        assert "Dez" not in shown
        await to_the_foot(pilot)
        shown = await to_the_foot(pilot)
        assert "Dez" in shown and "more characters changed" not in shown
        assert "No change tonight:" in shown


@pilot_test
async def test_the_anomalies_come_a_page_at_a_time_before_the_characters(app, desk, monkeypatch):
    monkeypatch.setattr("larp.station.widgets.reconciliation.ANOMALIES_PAGE", 1)
    mistaken = desk.record(static_challenge(desk, "cody"))
    desk.record(static_challenge(desk, "cody"))  # relies on the first, which is reversed after it
    desk.record(static_challenge(desk, "cody"))
    desk.reverse(mistaken.id, "the climb was never called")
    async with app.run_test(size=(SIZE[0], 10)) as pilot:  # the first page fills the screen
        await pilot.press("f4")
        shown = await reconciled(pilot)
        assert shown.count("Reversed, yet relied on") == 1 and "1 more anomaly: scroll down" in shown
        assert "Cody Harlan\n" not in shown  # her changes come after the anomalies
        shown = await to_the_foot(pilot)
        assert shown.count("Reversed, yet relied on") == 2 and "more anomal" not in shown
        assert "Cody Harlan\n" in shown


@pilot_test
async def test_back_on_the_reconciliation_it_stands_as_it_was_unless_the_record_changed(app, desk):
    desk.record(static_challenge(desk, "cody"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f4")
        await reconciled(pilot)
        screen = app.screen
        made = screen.printout
        await pilot.press("f2", "f4")
        await pilot.pause()
        assert screen.printout is made  # not reconciled again
        await pilot.press("f2")
        desk.record(static_challenge(desk, "bryn"))
        await pilot.press("f4")
        assert "Bryn Halvorsen" in await reconciled(pilot)
        assert screen.printout is not made


def test_a_page_holds_about_a_hundred_changes_so_a_big_nights_first_page_comes_at_once(desk, monkeypatch):
    """On a big night each character has tens of changes: a page stops at about CHANGES_PAGE
    of them (one character's at least), not at twenty characters' thousand."""
    from larp.station.widgets.reconciliation import Printout

    monkeypatch.setattr("larp.station.widgets.reconciliation.CHANGES_PAGE", 3)
    for _ in range(2):
        for cid in CHALLENGERS:
            desk.record(static_challenge(desk, cid))
        desk.advance(6)
    printout = Printout(desk.reconcile(), "Alder Bay")
    assert [[night.id for night in page] for page in printout.character_pages] == [["aldous"], ["anselm"], ["bryn"], ["cody"], ["dez"]]
    assert printout.pages == 5 and "4 more characters changed: scroll down" in printout.after(1).plain
