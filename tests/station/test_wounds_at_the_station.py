"""Wounds on a Mind's Eye Theatre sheet at the station (R-HEALTH-1 to R-HEALTH-4): Ctrl+T marks
or heals by keyboard, the sheet shows where she stands, her Health Levels once, at 80×24 too,
and a character out of play is refused a challenge with the rule's word."""

from larp.ledger import Kind
from tests.station.conftest import SIZE, look_up, pilot_test, plain


async def wounded_at_setup(pilot, character: str, boxes: int) -> None:
    """Her sheet looked up, `boxes` wounds marked, then Ctrl+N: the challenge's setup, hers."""
    await look_up(pilot, character)
    await wound(pilot, "wound", boxes)
    await pilot.press("ctrl+n")
    await pilot.pause()


async def wound(pilot, choice: str, boxes: int) -> None:
    """Ctrl+T, the choice (a wound is first, a heal below it), then how many boxes."""
    await pilot.press("ctrl+t")
    await pilot.pause()
    await pilot.press(*(["down"] if choice == "heal" else []), "enter")
    await pilot.pause()
    await pilot.press(*str(boxes), "enter")
    await pilot.pause()


@pilot_test
async def test_r_health_2_ctrl_t_marks_wounds_and_the_sheet_shows_her_level_and_penalty(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, "aldous")
        await wound(pilot, "wound", 3)
        [entry] = desk.entries(kind=Kind.HEALTH.value)
        assert entry.payload["wound"] == {"target": "aldous", "boxes": 3}
        assert entry.summary == "Aldous Whitcombe takes 3 wounds: Bruised (-1 Traits)"
        shown = plain(app.screen.view.render())
        assert "Health     Bruised (-1 Traits)  Healthy ■■" in shown
        assert all(level in shown for level in ("Bruised ■□□", "Wounded □□", "Incapacitated □", "Torpor □"))
        assert shown.count("Incapacitated") == 1, "her Health Levels shown once, not again among her lists"

        await wound(pilot, "heal", 2)
        assert desk.character("aldous").wounds == 1
        assert "Health     Healthy  Healthy ■□  Bruised □□□" in plain(app.screen.view.render())


@pilot_test
async def test_r_health_3_an_incapacitated_character_is_refused_a_challenge_at_the_station(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await look_up(pilot, "aldous")
        await wound(pilot, "wound", 8)
        assert "Incapacitated, out of challenges" in plain(app.screen.view.render())
        assert "Aldous Whitcombe takes 8 wounds: Incapacitated, out of challenges" in list(app._notifications)[-1].message
        await wound(pilot, "wound", 5)  # one box left: five are asked for and refused by the field
        assert desk.character("aldous").wounds == 8


@pilot_test
async def test_r_health_1_the_health_row_fits_80_columns(app, desk):
    async with app.run_test(size=(80, 24)) as pilot:
        await look_up(pilot, "aldous")
        await wound(pilot, "wound", 6)
        lines = plain(app.screen.view.render(), width=76).splitlines()
        row = next(n for n, line in enumerate(lines) if line.startswith("Health"))
        assert "Wounded (-2 Traits)" in lines[row] and all(len(line) <= 76 for line in lines[row:row + 2])
        assert "Torpor □" in " ".join(lines[row:row + 2])


@pilot_test
async def test_r_health_4_the_challenge_setup_says_her_wounds_beside_her_total(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await wounded_at_setup(pilot, "aldous", 3)
        who = app.screen.query_one("#challenger .who").render()
        assert "Aldous Whitcombe: Physical 7 · Bruised -1" in plain(who)


@pilot_test
async def test_r_health_3_the_setup_says_why_an_incapacitated_challenger_cannot_start_and_how_to_heal(app, desk):
    async with app.run_test(size=SIZE) as pilot:
        await wounded_at_setup(pilot, "janet", 8)
        await look_up(pilot, "cody")
        await pilot.press("ctrl+s")
        await pilot.pause()
        said = list(app._notifications)[-1].message
        assert "Janet Reyes is Incapacitated: she can start no challenge (R-HEALTH-3). Ctrl+T on her sheet heals her wounds." == said
        assert desk.entries(kind=Kind.ADJUDICATION.value) == []
