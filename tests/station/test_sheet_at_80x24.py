"""Issue 28, item 4: at 80×24 a sheet opens at its top (her name on screen), the next sheet
too, and PageDown pages the sheet from the lookup field; a Trait's dots stay with its name
(item 11)."""

from textual.containers import VerticalScroll

from tests.station.conftest import look_up, pilot_test, plain


@pilot_test
async def test_pagedown_from_the_lookup_pages_the_sheet_and_the_next_sheet_opens_at_its_name(app, desk):
    async with app.run_test(size=(80, 24)) as pilot:
        await look_up(pilot, "bryn")
        scroll = app.screen.query_one("#sheet-scroll", VerticalScroll)
        assert scroll.max_scroll_y > 0, "Bryn's sheet is longer than 80×24"
        await pilot.press("pagedown")
        await pilot.pause()
        assert scroll.scroll_y > 0
        await look_up(pilot, "janet")
        assert scroll.scroll_y == 0
        assert "Janet Reyes" in plain(app.screen.view.render(), width=76).splitlines()[0]


@pilot_test
async def test_an_ability_and_its_rating_are_never_parted_by_a_wrap(app, desk):
    async with app.run_test(size=(80, 24)) as pilot:
        await look_up(pilot, "bryn")
        lines = plain(app.screen.view.render(), width=76).replace("\u00a0", " ").splitlines()
        assert any("Athletics 2 of 2" in line for line in lines)
        assert not any(line.rstrip().endswith((" of", "Athletics")) for line in lines)
