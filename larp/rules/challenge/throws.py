"""Throws and ties (R-CH-4, R-TIE-1 to R-TIE-4, R-SIMPLE-1, R-EXT-1, R-EXT-2)."""

from larp.rules.challenge.state import ChallengeState, Phase, Result, SideState
from larp.rules.errors import RuleError
from larp.rules.evolve import evolve
from larp.rules.notes import Note
from larp.rules.signs import PLAIN_SIGNS, SIGN_OF, Side, Sign
from larp.sheet.transcript import Throw


def with_side(state: ChallengeState, side: SideState, **changes) -> ChallengeState:
    """The state with one side replaced (and other fields changed)."""
    key = "challenger" if side.side is Side.CHALLENGER else "defender"
    return evolve(state, **{key: side}, **changes)


def signs_for(side: SideState) -> tuple[Sign, ...]:
    """The signs a side may throw: the bomb only where the chronicle and the sheet allow it (R-CH-4)."""
    return (*PLAIN_SIGNS, Sign.BOMB) if side.bomb else PLAIN_SIGNS


def round_result(state: ChallengeState) -> Result | None:
    """The result of the latest throw as it stands, settling a tie on the figures (R-TIE-4)."""
    if not state.tie_open:
        return state.result
    return _tie_result(state)


def _tie_result(state: ChallengeState) -> Result:
    mine, theirs = state.challenger.figure, state.defender.figure
    if mine > theirs:
        return Result.CHALLENGER
    if theirs > mine:
        return Result.DEFENDER
    if state.rules.equal_tie == "defender":
        return Result.won_by(defensive_side(state))
    return Result.DRAW


def defensive_side(state: ChallengeState) -> Side:
    """The side whose action is the more defensive, which wins an equal tie (R-TIE-4): the
    responder, unless the Narrator named the initiator's."""
    return Side.CHALLENGER if state.spec.defensive == "challenger" else Side.DEFENDER


def _fixed(side: SideState) -> SideState:
    """A side's figure fixed by a settled tie: its declaration, else its true total (R-TIE-3)."""
    if side.declared is not None:
        return side
    return evolve(side, declared=side.true_total, fixed_by_tie=True)


def settle_tie(state: ChallengeState) -> tuple[ChallengeState, list[Note]]:
    """Fix both figures for the rest of the challenge (R-TIE-3) and decide the tie (R-TIE-4)."""
    if not state.tie_open:
        return state, []
    result = _tie_result(state)
    challenger = _fixed(state.challenger)
    defender = state.defender
    if not defender.is_static:
        defender = _fixed(defender)
    settled = evolve(state, challenger=challenger, defender=defender, tie_open=False, result=result)
    return settled, [_settled(challenger, defender, result)] if state.noting else []


def _settled(challenger: SideState, defender: SideState, result: Result) -> Note:
    mine, theirs = challenger.figure, defender.figure
    totals = f"Totals {challenger.said_figure} against {defender.said_figure}"
    if any(len(side.made_of) > 1 and (side.declared is None or side.fixed_by_tie) for side in (challenger, defender)):
        totals += " (R-TIE-2)"
    if result is Result.DRAW:
        text = f"{totals}: an equal tie is a draw, and both sides lose the throw"
    else:
        winner = challenger if result is Result.CHALLENGER else defender
        why = "the higher total wins"
        if mine == theirs:
            why = "on equal totals the defender wins" if winner is defender else (
                f"on equal totals the more defensive action wins, and the Narrator named {winner.name}'s"
            )
        text = f"{totals}: {why}; {winner.name} wins the tie"
    return Note("R-TIE-4", text)


def can_throw_on(state: ChallengeState) -> bool:
    """Whether an extended challenge goes on to another throw after the latest result."""
    result = round_result(state)
    if state.kind == "streak":
        cap = state.spec.target
        return result is Result.CHALLENGER and (cap is None or state.wins[0] + 1 < cap)
    if state.kind == "race":
        wins = close_round(state.wins, result)
        return max(wins) < (state.spec.target or 1)
    return False


def close_round(wins: tuple[int, int], result: Result | None) -> tuple[int, int]:
    if result is Result.CHALLENGER:
        return wins[0] + 1, wins[1]
    if result is Result.DEFENDER:
        return wins[0], wins[1] + 1
    return wins


def throw(state: ChallengeState, step: Throw) -> tuple[ChallengeState, list[Note]]:
    wins = state.wins
    if state.phase is Phase.DECIDED:
        if not can_throw_on(state):
            raise RuleError(
                "R-RT-6", "the latest throw stands: only a retest by the side that lost it brings another throw"
            )
        wins = close_round(wins, state.result)
    elif state.phase is not Phase.OPEN and state.phase is not Phase.RETEST:
        raise RuleError("R-CH-4", "no throw is due now")
    first, second = SIGN_OF[step.challenger], SIGN_OF[step.defender]
    if first is Sign.BOMB or second is Sign.BOMB:
        for side, sign in ((state.challenger, first), (state.defender, second)):
            if sign not in signs_for(side):
                raise RuleError("R-CH-4", f"{side.name} may not throw the bomb: the chronicle or the sheet does not allow it")
    tie_open = False
    if first.beats(second):
        result = Result.CHALLENGER
    elif second.beats(first):
        result = Result.DEFENDER
    elif state.kind == "simple":
        result = Result.DEFENDER if state.spec.win_outright else Result.CHALLENGER
    else:
        result, tie_open = None, True
    after = evolve(
        state,
        wins=wins,
        signs=(first, second),
        throws=state.throws + 1,
        retest=None,
        phase=Phase.DECIDED,
        result=result,
        tie_open=tie_open,
    )
    return after, [_thrown(state, first, second)] if state.noting else []


def _thrown(state: ChallengeState, first: Sign, second: Sign) -> Note:
    said = f"{state.challenger.name} throws {first}, {state.defender.name} throws {second}"
    if first.beats(second) or second.beats(first):
        winner = state.challenger if first.beats(second) else state.defender
        return Note("R-CH-4", f"{said}: {winner.name} wins the throw")
    if state.kind == "simple":
        how = "fails: the Narrator asked for a win outright" if state.spec.win_outright else "succeeds on a tie"
        return Note("R-SIMPLE-1", f"{said}: a tie; {state.challenger.name} {how}")
    return Note("R-TIE-1", f"{said}: a tie, the totals in the category decide")
