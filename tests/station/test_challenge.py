"""A contested challenge run by keys, step by step, checked against the night record."""

from larp.desk import Entry
from larp.ledger import Kind
from larp.rules import Phase
from larp.sheet import Category
from larp.station.screens.challenge import ChallengeScreen
from larp.station.screens.sheets import SheetScreen
from tests.station.conftest import SIZE, pilot_test, set_up_challenge


def recorded(desk) -> Entry:
    [entry] = desk.entries(kind=Kind.ADJUDICATION.value)
    return entry


@pilot_test
async def test_a_tie_an_overbid_an_ability_retest_and_a_cancel(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "bryn", "janet", challenger_ability="Brawl")
        screen = app.screen
        assert isinstance(screen, ChallengeScreen)
        assert (screen.state.challenger.true_total, screen.state.defender.true_total) == (14, 5)

        await pilot.press("r", "p")  # rock against paper: Janet wins the throw
        assert screen.state.result.value == "defender"
        assert screen.check_action("relent", ()) is False  # relenting is over once a throw is made

        await pilot.press("o")  # Bryn overbids: 14 is at least twice 5
        await pilot.pause()
        await pilot.press("down", "enter")  # the second Trait risked: Ferocious
        await pilot.pause()
        await pilot.press("enter")  # her total as stated: 14
        await pilot.pause()
        assert screen.state.phase is Phase.RETEST
        assert screen.state.challenger.at_risk == ("Brawny", "Ferocious")

        await pilot.press("r", "r")  # a tie: 14 against 5, Bryn wins it
        await pilot.pause()
        assert screen.state.tie_open

        await pilot.press("a")  # Janet spends an Ability for a retest
        await pilot.pause()
        await pilot.press("enter")  # Expression, a Social Ability: the station asks first (R-RT-1)
        await pilot.pause()
        await pilot.press("y")  # the Narrator allows it
        await pilot.pause()
        assert screen.state.phase is Phase.RETEST
        assert screen.state.steps[-1].retest.narrator_allows is True

        await pilot.press("c")  # Bryn cancels it with an Ability of her own
        await pilot.pause()
        await pilot.press("enter")  # Brawl
        await pilot.pause()
        assert screen.state.phase is Phase.DECIDED
        assert screen.check_action("retest", ("ability",)) is False  # one Ability use each (R-RT-2)

        await pilot.press("enter")  # done: Janet declines to retest
        assert screen.state.phase is Phase.OVER
        assert desk.entries(kind=Kind.ADJUDICATION.value) == []
        await pilot.press("enter")  # recorded
        await pilot.pause()

        result = recorded(desk).result
        assert result.winner == "challenger"
        assert dict(result.lost) == {"janet": ("Graceful",)}
        assert {cid: dict(spent.abilities) for cid, spent in result.spent.items()} == {
            "janet": {"Expression": 1},
            "bryn": {"Brawl": 1},
        }
        rules = [note.rule for note in result.notes]
        assert {"R-TIE-4", "R-RT-3", "R-RT-1", "R-LOSS-1"} <= set(rules)

        await pilot.press("escape")  # back to the sheets; Janet has one Graceful left
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert desk.character("janet").available(Category.PHYSICAL)["Graceful"] == 1
