"""Items in a row that wraps only between them: a Trait keeps its dots, an Ability its rating.

Rich wraps text at any whitespace, a no-break space included; a sheet's row of Traits must
never end at `Athletics 2 of` with the `2` on the next line.
"""

from collections.abc import Sequence

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text


class ItemsRow:
    def __init__(self, items: Sequence[Text | str], separator: str = "  ") -> None:
        self.items = [item if isinstance(item, Text) else Text(item) for item in items]
        self.separator = separator

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        line = Text()
        for item in self.items:
            if line and line.cell_len + len(self.separator) + item.cell_len > options.max_width:
                yield line
                line = Text()
            if line:
                line.append(self.separator)
            line.append_text(item)
        yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [item.cell_len for item in self.items]
        return Measurement(max(widths, default=0), sum(widths) + len(self.separator) * max(0, len(widths) - 1))
