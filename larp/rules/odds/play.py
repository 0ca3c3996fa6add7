"""`challenge_odds(state, policy)`: from the engine's state to the game, and back as Odds."""

from larp.rules.challenge.legal import Move, legal_actions
from larp.rules.challenge.outcome import winner_of
from larp.rules.challenge.play import apply
from larp.rules.challenge.state import ChallengeState, Phase, Result
from larp.rules.challenge.throws import _tie_result as figures_decide
from larp.rules.challenge.throws import settle_tie, signs_for
from larp.rules.odds.chances import Odds
from larp.rules.odds.game import WON, Chances, Game, Table
from larp.rules.odds.means import means_of
from larp.sheet.transcript import Override, OverrideStep

POLICIES = ("best", "always")

_LET_THROUGH = OverrideStep(override=Override(rule="R-NIGHT-2", reason="the odds if the Narrator lets it through"))


def challenge_odds(state: ChallengeState, policy: str = "best") -> Odds:
    """The odds from this state on; a challenge held by the five-minute rule, as if let through."""
    state = ready(state, policy)
    game = Game(table(state, best=policy == "best"))
    challenger, defender = game.chances(_from(game, state))
    return Odds(challenger, defender, 1 - challenger - defender, policy, len(game.memo))


def ready(state: ChallengeState, policy: str) -> ChallengeState:
    """The state the odds start from: let through the five-minute rule, its tie settled on the
    figures as they stand (declaring less never helps, R-TIE-3); the policy checked."""
    if policy not in POLICIES:
        raise ValueError(f"no odds policy {policy!r}: one of {', '.join(POLICIES)}")
    if state.phase is Phase.BLOCKED:
        state = apply(state, _LET_THROUGH)[0]
    return settle_tie(state)[0] if state.tie_open else state


def table(state: ChallengeState, best: bool) -> Table:
    kind = state.kind if state.kind in ("streak", "race") else "single"
    return Table(
        throw=throw_ways(state),
        tie=tie_result(state),
        kind=kind,
        target=state.spec.target or 1,
        one_use=state.rules.ability_uses_per_challenge == "one",
        best=best,
    )


def throw_ways(state: ChallengeState) -> tuple[int, int, int]:
    """Each side's sign uniformly among those it may throw (R-CH-4): of the pairs of signs, how
    many the challenger wins, the defender wins, and tie."""
    first, second = signs_for(state.challenger), signs_for(state.defender)
    won = sum(mine.beats(theirs) for mine in first for theirs in second)
    lost = sum(theirs.beats(mine) for mine in first for theirs in second)
    return won, lost, len(first) * len(second) - won - lost


def tie_result(state: ChallengeState) -> Result:
    """Who wins a tied throw: the figures, fixed for the challenge, decide (R-TIE-4); in a simple
    test the player, unless she must win outright (R-SIMPLE-1)."""
    if state.kind == "simple":
        return Result.DEFENDER if state.spec.win_outright else Result.CHALLENGER
    return figures_decide(state)


def _from(game: Game, state: ChallengeState) -> Chances:
    if state.phase is Phase.OVER:
        winner = winner_of(state)
        return WON[Result.DRAW if winner is None else Result.won_by(winner)]
    if state.kind == "streak" and state.wins[0]:
        return WON[Result.CHALLENGER]  # a round won: the streak is won (R-EXT-1)
    mine, theirs = means_of(state, state.challenger), means_of(state, state.defender)
    if state.phase is Phase.OPEN:
        return game.throw(state.wins, mine, theirs)
    if state.phase is Phase.DECIDED:
        return game.decided(state.result, state.wins, mine, theirs)
    called = state.retest
    if called.source == "ability" and any(offer.move is Move.CANCEL for offer in legal_actions(state)):
        return game.called(called.side.value == "challenger", state.result, state.wins, mine, theirs)
    return game.throw(state.wins, mine, theirs)
