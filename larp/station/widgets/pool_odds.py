"""A pool's exact odds before the roll: the chance of each number of successes as a bar chart
(the odds module's own chart, fitted to the panel), then success, the mishap and the mean."""

from rich.text import Text
from textual.widgets import Static

from larp.rules.dice.odds import Odds, chart

SPARE = 10
"""A chart line's cells beside its bar: a space, the percentage and the margin."""
SHORTEST_BAR = 8


class PoolOdds(Static):
    """Shows the odds it is given; a word instead when there is no pool to give odds for."""

    def show_odds(self, odds: Odds | None, instead: str = "") -> None:
        if odds is None:
            self.update(Text(instead, style="dim"))
            return
        label = max(len(bar.label) for bar in odds.bars())
        width = max(SHORTEST_BAR, self.content_size.width - label - SPARE)
        *bars, summary = chart(odds, width)
        text = Text("\n".join(bars), style="cyan")
        text.append("\n" + summary, style="bold")
        self.update(text)
