"""Lines laid out beforehand, on any thread, and painted only as they scroll into view.

For a long read-out (the reconciliation of a big night): its Rich renderables are laid out
into lines once, in a worker, and the screen only paints the lines it shows; coming back to
the screen, or a repaint, never lays them out again.
"""

import io
from collections.abc import Iterable

from rich.console import Console, RenderableType
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip


def laid_out(renderables: Iterable[RenderableType], width: int) -> list[Strip]:
    """The renderables as lines `width` cells wide, one under the other. Safe on any thread:
    the console is its own (set as the station's, for the same lines)."""
    console = Console(
        width=width,
        file=io.StringIO(),
        markup=False,
        highlight=False,
        emoji=False,
        legacy_windows=False,
        force_terminal=True,
        safe_box=False,
        soft_wrap=False,
    )
    options = console.options.update_width(width)
    return [Strip(line, width) for renderable in renderables for line in console.render_lines(renderable, options)]


class LaidOutLines(ScrollView, can_focus=True):
    """Scrolls lines laid out elsewhere (`laid_out`): only those on screen are painted."""

    DEFAULT_CSS = """
    LaidOutLines {
        scrollbar-gutter: stable;
        overflow-x: hidden;
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: list[Strip] = []

    @property
    def width_to_lay_out(self) -> int:
        """The width the lines are laid out at to fill the view (its content, past the scroll bar)."""
        return self.scrollable_content_region.width

    def show(self, lines: list[Strip]) -> None:
        """These lines from now on, from where the view is scrolled to."""
        self.lines = lines
        self.virtual_size = Size(max((line.cell_length for line in lines), default=0), len(lines))
        self.refresh()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        index = scroll_y + y
        if index >= len(self.lines):
            return Strip.blank(width, self.rich_style)
        return self.lines[index].crop_extend(scroll_x, scroll_x + width, self.rich_style).apply_style(self.rich_style)
