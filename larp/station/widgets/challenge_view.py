"""A challenge under way: both sides, what each bid, risked, declared and spent, and the latest throw."""

from collections.abc import Mapping

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from larp.rules import ChallengeState, Outcome, Phase, Result, Side, SideState, game_time
from larp.rules.challenge.throws import round_result

PHASES = {
    Phase.BLOCKED: "held by the five-minute rule",
    Phase.OPEN: "before the first throw",
    Phase.DECIDED: "the throw has a result",
    Phase.RETEST: "a retest was called: throw again",
    Phase.OVER: "over",
}


RETEST_SOURCES = {"ability": "an Ability", "overbid": "an overbid", "willpower": "Willpower", "other": "a power"}


def spent_text(abilities: Mapping[str, int], willpower: int) -> str:
    parts = [f"{name} {points}" for name, points in abilities.items()]
    if willpower:
        parts.append(f"Willpower {willpower}")
    return ", ".join(parts) or "nothing"


def used_text(side: SideState) -> str:
    used = []
    if side.ability_retests:
        used.append("Ability retest")
    if side.ability_cancels:
        used.append("Ability cancel")
    if side.overbid_used:
        used.append("overbid")
    if side.willpower_used:
        used.append("Willpower")
    used += sorted(side.others_used)
    return ", ".join(used) or "none"


def total_text(side: SideState) -> str:
    if side.declared is None or side.declared == side.true_total:
        return str(side.true_total)
    return f"{side.declared} declared (true {side.true_total})"


class ChallengeView(Widget):
    """Shows the state it is given; the screen holds it and asks the desk for the next one.

    Its attributes are set together after each step, and it draws once for all of them.
    """

    DEFAULT_CSS = """
    ChallengeView {
        height: auto;
    }
    """

    state: reactive[ChallengeState | None] = reactive(None, layout=True)
    pending: reactive[str | None] = reactive(None, layout=True)
    """The challenger's sign, typed, while the defender's is awaited."""
    decided: reactive[Outcome | None] = reactive(None, layout=True)
    """What the challenge decided, once it is over."""
    recorded_as: reactive[str | None] = reactive(None)

    def render(self) -> RenderableType:
        return self.challenge() if self.state is not None else ""

    def challenge(self) -> RenderableType:
        state = self.state
        spec = state.spec
        title = Text()
        title.append(f"{spec.kind.title()} {state.category.value.title()} challenge", style="bold")
        if spec.effect:
            title.append(f": {spec.effect}")
        if spec.control:
            title.append("  (controls the will)", style="italic")
        title.append(f"\nThrows {state.throws} · {PHASES[state.phase]} · opened at game time {game_time(state.clock)}", style="dim")
        parts: list[RenderableType] = [title, Text(), self.sides(state), Text(), self.throw_line(state)]
        if self.decided is not None:
            parts += [Text(), self.result(state, self.decided)]
        return Group(*parts)

    def sides(self, state: ChallengeState) -> Table:
        table = Table(expand=True, show_edge=False, box=None, padding=(0, 2))
        table.add_column("", style="bold", no_wrap=True)
        table.add_column(f"Challenger: {state.challenger.name}", ratio=1)
        table.add_column(f"Defender: {state.defender.name}", ratio=1)
        first, second = state.challenger, state.defender
        rows = [
            ("Bid Trait", lambda s: s.bid or "—"),
            ("At risk", lambda s: ", ".join(s.at_risk) or "—"),
            ("Crossed off now", lambda s: ", ".join(s.crossed) or "—"),
            ("Ability named", lambda s: s.ability or "—"),
            ("Total", total_text),
            ("Spent", lambda s: spent_text(s.spent_abilities, s.spent_willpower)),
            ("Retests used", used_text),
        ]
        for label, value in rows:
            table.add_row(label, value(first), value(second))
        return table

    def throw_line(self, state: ChallengeState) -> Text:
        line = Text()
        if state.signs is None:
            line.append("No throw yet.", style="dim")
        else:
            first, second = state.signs
            line.append(f"Latest throw: {state.challenger.name} {first}, {state.defender.name} {second}", style="bold")
            result = round_result(state)
            if state.tie_open:
                line.append(f" · a tie: totals {state.challenger.figure} against {state.defender.figure}")
            if result is Result.DRAW:
                line.append(" · a draw: both lose the throw")
            elif result is not None:
                line.append(f" · {state.side(Side(result.value)).name} wins the throw")
        if state.retest is not None:
            called = state.retest
            source = RETEST_SOURCES[called.source] + (f" ({called.name})" if called.name else "")
            line.append(f"\n{state.side(called.side).name} calls a retest: {source}. Both throw again.", style="bold")
        if self.pending is not None:
            line.append(f"\n{state.challenger.name} throws {self.pending}; now {state.defender.name}'s sign.", style="bold yellow")
        return line

    def result(self, state: ChallengeState, decided: Outcome) -> Text:
        names = {side.character: side.name for side in (state.challenger, state.defender) if side.character}
        text = Text()
        if self.recorded_as is None:
            text.append("Not recorded yet. ", style="bold yellow")
        else:
            text.append(f"Recorded as entry {self.recorded_as}. ", style="bold green")
        if decided.winner is None:
            text.append("Nobody wins.", style="bold")
        else:
            text.append(f"{state.side(decided.winner).name} wins.", style="bold")
        if decided.successes is not None:
            text.append(f" Throws won: {decided.successes}.")
        for character, lost in decided.lost.items():
            text.append(f"\n{names[character]} crosses off {', '.join(lost)}.")
        for character, spent in decided.spent.items():
            text.append(f"\n{names[character]} spent {spent_text(spent.abilities, spent.willpower)}.")
        if not decided.lost and not decided.spent:
            text.append("\nNobody lost or spent anything.")
        return text
