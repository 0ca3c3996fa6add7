"""A challenge under way: both sides, what each bid, risked, declared and spent, and the latest throw."""

from collections.abc import Mapping

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.reactive import reactive

from larp.rules import (
    ChallengeState,
    Outcome,
    Phase,
    Result,
    Side,
    SideState,
    game_time,
    round_result,
)
from larp.rules.challenge.throws import close_round
from larp.station.widgets.fitted import Fitted
from larp.words import capitalised

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


def running_score(state: ChallengeState) -> str:
    """An extended test's score so far: a race's wins each, against the wins needed (R-EXT-2);
    a streak's throws won in a row, against its cap if it has one (R-EXT-1)."""
    mine, theirs = close_round(state.wins, round_result(state)) if state.phase is Phase.DECIDED else state.wins
    target = state.spec.target
    if state.kind == "race":
        return f"Wins so far: {state.challenger.name} {mine}, {state.defender.name} {theirs}, of {target} needed"
    cap = f", of a cap of {target}" if target else ""
    return f"Throws won in a row so far: {mine}{cap}"


def at_risk_text(state: ChallengeState):
    """What a side crosses off if she loses: her bid Traits in a contested Physical, Social or
    Mental challenge (R-LOSS-1); nothing elsewhere (R-LOSS-2, R-LOSS-3)."""
    if state.contested and state.category.is_attribute:
        return lambda side: ", ".join(side.at_risk) or "—"
    rule = "R-LOSS-2" if state.category.is_attribute else "R-LOSS-3"
    return lambda side: f"nothing ({rule})" if side.character else "—"


class ChallengeView(Vertical):
    """Shows the state it is given; the screen holds it and asks the desk for the next one.

    In parts, so that a key redraws only what it changed: a sign typed, the throw's lines.
    """

    DEFAULT_CSS = """
    ChallengeView {
        height: auto;
    }
    ChallengeView .gap {
        margin-top: 1;
    }
    """

    state: reactive[ChallengeState | None] = reactive(None)
    pending: reactive[str | None] = reactive(None)
    """The challenger's sign, typed, while the defender's is awaited."""
    decided: reactive[Outcome | None] = reactive(None)
    """What the challenge decided, once it is over."""
    recorded_as: reactive[str | None] = reactive(None)

    def compose(self) -> ComposeResult:
        yield Fitted(id="challenge-title")
        yield Fitted(id="challenge-sides", classes="gap")
        yield Fitted(id="challenge-throw", classes="gap")
        yield Fitted(id="challenge-result", classes="gap")

    def part(self, name: str) -> Fitted:
        return self.query_one(f"#challenge-{name}", Fitted)

    def watch_state(self, state: ChallengeState | None) -> None:
        if state is not None:
            self.part("title").show(self.title(state))
            self.part("sides").show(self.sides(state))
            self.part("throw").show(self.throw_line(state))

    def watch_pending(self) -> None:
        if self.state is not None:
            self.part("throw").show(self.throw_line(self.state))

    def watch_decided(self) -> None:
        self.show_result()

    def watch_recorded_as(self) -> None:
        self.show_result()

    def show_result(self) -> None:
        result = self.part("result")
        if result.display != (self.decided is not None):
            result.display = self.decided is not None
        if self.decided is not None:
            result.show(self.result(self.state, self.decided))

    def title(self, state: ChallengeState) -> Text:
        spec = state.spec
        title = Text()
        title.append(f"{spec.kind.title()} {state.category.value.title()} challenge", style="bold")
        if spec.effect:
            title.append(f": {spec.effect}")
        if spec.control:
            title.append("  (controls the will)", style="italic")
        title.append(f"\nThrows {state.throws} · {PHASES[state.phase]} · opened at game time {game_time(state.clock)}", style="dim")
        if state.kind in ("streak", "race"):
            title.append("\n" + running_score(state), style="bold")
        return title

    def sides(self, state: ChallengeState) -> Table:
        table = Table(expand=True, show_edge=False, box=None, padding=(0, 1))
        table.add_column("", style="bold", no_wrap=True)
        table.add_column(f"Challenger: {state.challenger.name}", ratio=1)
        table.add_column(f"Defender: {state.defender.name}", ratio=1)
        first, second = state.challenger, state.defender
        rows = [
            ("Bid Trait", lambda s: s.bid or "—"),
            ("At risk", at_risk_text(state)),
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
        """Always three lines (the throw and its result, a retest called, a sign typed), so that a key
        changes what they say, not how many they are."""
        lines = [Text("No throw yet.", style="dim"), Text(), Text()]
        if state.signs is not None:
            first, second = state.signs
            lines[0] = Text(f"Latest throw: {state.challenger.name} {first}, {state.defender.name} {second}", style="bold")
            result = round_result(state)
            if state.tie_open:
                lines[0].append(f" · a tie: totals {state.challenger.figure} against {state.defender.figure}")
            if result is Result.DRAW:
                lines[0].append(" · a draw: both lose the throw")
            elif result is not None:
                lines[0].append(f" · {state.side(Side(result.value)).name} wins the throw")
        if state.retest is not None:
            called = state.retest
            source = RETEST_SOURCES[called.source] + (f" ({called.name})" if called.name else "")
            lines[1] = Text(f"{state.side(called.side).name} calls a retest: {source}. Both throw again.", style="bold")
        if self.pending is not None:
            lines[2] = Text(f"{state.challenger.name} throws {self.pending}; now {state.defender.name}'s sign.", style="bold yellow")
        return Text("\n").join(lines)

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
            text.append(capitalised(f"{state.side(decided.winner).name} wins."), style="bold")
        if decided.successes is not None:
            text.append(f" Throws won: {decided.successes}.")
        for character, lost in decided.lost.items():
            text.append(f"\n{names[character]} crosses off {', '.join(lost)}.")
        for character, spent in decided.spent.items():
            text.append(f"\n{names[character]} spent {spent_text(spent.abilities, spent.willpower)}.")
        if not decided.lost and not decided.spent:
            text.append("\nNobody lost or spent anything.")
        return text
