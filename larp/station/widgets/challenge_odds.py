"""One line under a challenge: each side's exact chance to win from here, as the throws and retests go."""

from rich.text import Text

from larp.rules import ChallengeState, Phase
from larp.rules.odds import Odds, percent
from larp.station.widgets.fitted import Fitted

BAR = 20


class ChallengeOdds(Fitted):
    """Shows the odds it is given for the state it is given; hidden once the challenge is over."""

    DEFAULT_CSS = """
    ChallengeOdds {
        padding: 0 2;
    }
    """

    def on_mount(self) -> None:
        self.tooltip = (
            "Each side's exact chance to win from here, each sign equally likely on every throw, "
            "if both play to win: each side retests, or cancels, where that gives it the better margin."
        )

    def show_odds(self, state: ChallengeState, odds: Odds | None) -> None:
        shown = odds is not None and state.phase is not Phase.OVER
        if self.display != shown:
            self.display = shown
        if shown:
            self.show(self.line(state, odds))

    @staticmethod
    def line(state: ChallengeState, odds: Odds) -> Text:
        text = Text()
        held = state.phase is Phase.BLOCKED
        text.append("Chances if let through: " if held else "Chances: ", style="bold")
        won = round(BAR * odds.challenger)
        drawn = round(BAR * odds.draw)
        text.append(f"{state.challenger.name} {percent(odds.challenger)} ")
        text.append("█" * won, style="green")
        text.append("▒" * drawn, style="yellow")
        text.append("░" * (BAR - won - drawn), style="red")
        text.append(f" {percent(odds.defender)} {state.defender.name}")
        if odds.draw:
            text.append(f" · draw {percent(odds.draw)}", style="yellow")
        return text
