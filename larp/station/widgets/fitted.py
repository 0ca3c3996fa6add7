"""A Static that lays the screen out again only when its content needs more or fewer lines.

With a height set in CSS it never does: its content is only painted.
"""

from rich.console import RenderableType
from rich.text import Text
from textual.widgets import Static

from larp.station.plain import plain


class Fitted(Static):
    """For parts of a screen redrawn at every key: a new content of the same height is only painted."""

    DEFAULT_CSS = """
    Fitted {
        height: auto;
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines = -1

    def show(self, content: RenderableType) -> None:
        """Show `content`; a string as it stands (it may quote a name: never markup)."""
        content = plain(content) if isinstance(content, str) else content
        if not self.styles.height.is_auto:
            self.update(content, layout=False)
            return
        lines = self.lines_for(content)
        self.update(content, layout=lines != self.lines or lines < 0)
        self.lines = lines

    def lines_for(self, content: RenderableType) -> int:
        width = self.size.width
        if not width:
            return -1
        console = self.app.console
        renderable = Text(content) if isinstance(content, str) else content
        return len(console.render_lines(renderable, console.options.update_width(width)))
