"""The challenge screen's odds line: each side's exact chance to win, as throws are made and retests spent."""

from larp.rules import Phase
from larp.rules.odds import percent
from larp.station.widgets.challenge_odds import ChallengeOdds
from tests.station.conftest import SIZE, pilot_test, plain, set_up_challenge


def shown(app) -> str:
    widget = app.screen.query_one(ChallengeOdds)
    return plain(widget.content).strip() if widget.display else ""


def chance(line: str) -> str:
    """Bryn's chance, as the line shows it."""
    return line.split("Bryn Halvorsen ")[1].split(" ")[0]


def exact(app, desk) -> str:
    return percent(desk.odds(app.screen.state).challenger)


async def retest(pilot, key: str, allowed: bool = False) -> None:
    await pilot.press(key)
    await pilot.pause()
    await pilot.press("enter")  # the one Ability or power offered
    await pilot.pause()
    if allowed:  # an Ability that does not fit the category: the Narrator allows it (R-RT-1)
        await pilot.press("y")
        await pilot.pause()


@pilot_test
async def test_the_odds_follow_each_throw_and_each_retest_spent(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "bryn", "janet")
        screen = app.screen
        seen = [shown(app)]
        assert seen[0] == "Chances: Bryn Halvorsen 98.0% ████████████████████ 2.0% Janet Reyes"

        await pilot.press("r", "p")  # Janet wins the throw; Bryn may retest
        seen.append(shown(app))
        await retest(pilot, "a")  # he spends an Ability point; Janet may cancel it
        assert screen.state.phase is Phase.RETEST
        seen.append(shown(app))
        await retest(pilot, "c", allowed=True)  # she cancels it with a Social Ability: the result stands
        seen.append(shown(app))
        await retest(pilot, "g")  # his power: a retest no Ability cancels
        seen.append(shown(app))
        await pilot.press("s", "r")  # and he loses that throw too: one retest fewer
        seen.append(shown(app))
        assert screen.state.phase is Phase.DECIDED
        assert chance(seen[-1]) == exact(app, desk)

        # Each side's best play keeps the odds where they were: the throws lost lower them. Janet's
        # Abilities are Social: the odds do not count on them in a Physical challenge (R-RT-1), so
        # her cancel, which the Narrator allowed, lowers Bryn's chance.
        assert [chance(line) for line in seen] == ["98.0%", "95.5%", "95.5%", "90.0%", "90.0%", "79.0%"]

        await pilot.press("o")  # the overbid: a new throw with Ferocious at risk
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("r", "s")  # and Bryn wins it: now Janet must retest
        assert shown(app) == "Chances: Bryn Halvorsen 88.9% ██████████████████░░ 11.1% Janet Reyes"
        assert chance(shown(app)) == exact(app, desk)

        await pilot.press("enter")  # over: the line gives way to the outcome
        assert screen.state.phase is Phase.OVER
        assert shown(app) == ""


@pilot_test
async def test_a_draw_shows_under_both_lose(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await set_up_challenge(pilot, "bryn", "janet")
        state = app.screen.state
        both_lose = state.rules.model_copy(update={"equal_tie": "both-lose"})
        even = state.defender.true_total
        from larp.rules.evolve import evolve

        app.screen.state = evolve(state, rules=both_lose, challenger=evolve(state.challenger, declared=even))
        app.screen.show()
        line = shown(app)
        assert "draw" in line and line.endswith(percent(desk.odds(app.screen.state).draw))


async def bryn_loses_a_throw(pilot) -> None:
    await set_up_challenge(pilot, "bryn", "janet")
    await pilot.press("r", "p")
    await pilot.pause()


def test_challenge_odds_after_a_throw_lost(app, snap_compare, screen_size):
    assert snap_compare(app, terminal_size=screen_size, run_before=bryn_loses_a_throw)
