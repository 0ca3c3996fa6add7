"""Every screen reads whole in a small terminal and uses the room of a large one."""

from textual.widgets import DataTable, Input, Select

from larp.station.modals import ConfirmScreen
from larp.station.widgets.clock_bar import ClockBar
from larp.station.widgets.key_bar import KeyBar
from tests.station.conftest import SCREEN_SIZES, janet_loses_to_cody, look_up, pilot_test, plain, reconciled, set_up_challenge

SMALL, LARGE = SCREEN_SIZES[0], SCREEN_SIZES[-1]


def fits_across(widget, width: int) -> bool:
    region = widget.region
    return region.width > 0 and region.right <= width


def log_columns(app) -> tuple[int, int, int]:
    """The width of the log's columns side by side, that of its summary column, and the table's."""
    table = app.screen.query_one(DataTable)
    widths = [column.get_render_width(table) for column in table.columns.values()]
    return sum(widths), widths[-1], table.scrollable_content_region.width


async def the_log_after_a_challenge(pilot) -> None:
    await janet_loses_to_cody(pilot)
    await pilot.press("f3")
    await pilot.pause()


@pilot_test
async def test_the_night_log_keeps_its_kind_filter_and_summary_at_80_by_24(app):
    async with app.run_test(size=SMALL) as pilot:
        await the_log_after_a_challenge(pilot)
        assert fits_across(app.screen.query_one("#kind", Select), SMALL[0])
        across, summary, room = log_columns(app)
        assert across <= room and summary >= 30


@pilot_test
async def test_the_night_log_grows_back_when_the_terminal_grows(app):
    async with app.run_test(size=SMALL) as pilot:
        await the_log_after_a_challenge(pilot)
        await pilot.resize_terminal(*LARGE)
        await pilot.pause()
        across, summary, room = log_columns(app)
        assert room - 4 <= across <= room and summary >= 120


@pilot_test
async def test_the_night_log_fits_a_terminal_resized_while_it_was_away(app):
    async with app.run_test(size=LARGE) as pilot:
        await the_log_after_a_challenge(pilot)
        await pilot.press("f2")
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        across, _, room = log_columns(app)
        assert across <= room
        assert fits_across(app.screen.query_one("#kind", Select), SMALL[0])


@pilot_test
async def test_the_effect_field_has_room_at_80_by_24(app):
    async with app.run_test(size=SMALL) as pilot:
        await look_up(pilot, "bryn")
        await pilot.press("ctrl+n")
        await pilot.pause()
        effect = app.screen.query_one("#effect", Input)
        assert fits_across(effect, SMALL[0]) and effect.region.width >= 40


@pilot_test
async def test_the_help_s_widest_line_fits_at_80_by_24(app):
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        help = app.screen.query_one("#help")
        assert fits_across(help, SMALL[0])
        assert help.virtual_size.width <= help.scrollable_content_region.width
        for part in help.children:
            assert part.region.right <= help.scrollable_content_region.right


@pilot_test
async def test_every_key_of_a_challenge_shows_whole_on_the_key_bar_at_80_by_24(app):
    async with app.run_test(size=SMALL) as pilot:
        await set_up_challenge(pilot, "bryn", "janet")
        bar = app.screen.query_one(KeyBar)
        lines = bar.render().plain.splitlines()
        assert bar.region.height == len(lines) >= 2 and bar.region.bottom == SMALL[1]
        assert all(len(line) <= SMALL[0] for line in lines)
        for key in ("r Rock", "esc Abandon", "f5 Hold!", "f6 Advance clock", "^p palette"):
            assert any(key in line for line in lines)

        await pilot.resize_terminal(*LARGE)
        await pilot.pause()
        assert bar.region.height == 1


@pilot_test
async def test_the_clock_bar_names_the_place_and_the_time_whole_at_80_by_24(app):
    async with app.run_test(size=SMALL) as pilot:
        line = plain(app.screen.query_one(ClockBar).render(), width=SMALL[0])
        assert "Ashes of Alder Bay · night 1 · station Bar · Narrator Sam" in line
        assert "0:00 ▶ running" in line and "…" not in line


async def bryn_and_janet_throw(pilot, challenger: str, defender: str) -> None:
    await set_up_challenge(pilot, "bryn", "janet")
    await pilot.press(challenger, defender)
    await pilot.pause()


@pilot_test
async def test_a_challenge_and_its_result_read_whole_at_80_by_24(app):
    async with app.run_test(size=SMALL) as pilot:
        await bryn_and_janet_throw(pilot, "r", "p")
        scroll = app.screen.query_one("#challenge-scroll")
        assert scroll.max_scroll_y == 0
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert scroll.max_scroll_y == 0
        result = app.screen.query_one("#challenge-result")
        assert "Recorded as entry" in plain(result.render(), width=SMALL[0])
        notes = app.screen.query_one("#notes")
        assert notes.region.height >= 4 and notes.region.bottom <= app.screen.query_one(KeyBar).region.y


@pilot_test
async def test_the_notes_of_a_challenge_stand_beside_it_at_200_by_60(app):
    async with app.run_test(size=LARGE) as pilot:
        await set_up_challenge(pilot, "bryn", "janet")
        challenge = app.screen.query_one("#challenge-main").region
        notes = app.screen.query_one("#notes").region
        assert notes.x >= challenge.right and notes.right <= LARGE[0]
        assert notes.y == challenge.y and notes.height >= LARGE[1] - 4


@pilot_test
async def test_the_newest_note_stays_in_sight_when_the_terminal_shrinks(app):
    async with app.run_test(size=LARGE) as pilot:
        await bryn_and_janet_throw(pilot, "r", "r")
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        notes = app.screen.query_one("#notes")
        assert notes.max_scroll_y > 0 and notes.scroll_y == notes.max_scroll_y


@pilot_test
async def test_a_long_question_scrolls_to_its_buttons_at_80_by_24(app):
    async with app.run_test(size=SMALL) as pilot:
        lines = "\n".join(f"joins tonight: Newcomer {number} (newcomer-{number}.toml)" for number in range(30))
        app.push_screen(ConfirmScreen("Take these sheets into tonight's record?", lines, yes="Take them"))
        await pilot.pause()
        question = app.screen.query_one("#question")
        assert question.region.bottom <= SMALL[1]
        no = app.screen.query_one("#no")
        assert question.region.contains_region(no.region)


@pilot_test
async def test_the_reconciliation_is_laid_out_again_at_the_width_of_a_resized_terminal(app):
    async with app.run_test(size=SMALL) as pilot:
        await janet_loses_to_cody(pilot)
        await pilot.press("f4")
        await reconciled(pilot)
        screen = app.screen
        small = screen.view.width_to_lay_out
        assert {line.cell_length for line in screen.view.lines} == {small}
        await pilot.resize_terminal(*LARGE)
        while screen.width == small:
            await pilot.pause(0.02)
        await reconciled(pilot)
        assert screen.width == screen.view.width_to_lay_out > small
        assert {line.cell_length for line in screen.view.lines} == {screen.width}
