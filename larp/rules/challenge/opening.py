"""Steps before and around the throws: declaring, relenting, citing, overriding, naming the
defensive action (R-TIE-3, R-CH-2, R-NEG, R-NIGHT-2, R-TIE-4)."""

from larp.rules.challenge.retests import spare_traits
from larp.rules.challenge.start import defensive_note
from larp.rules.challenge.state import ChallengeState, Phase, Result, SideState
from larp.rules.challenge.throws import with_side
from larp.rules.errors import RuleError
from larp.rules.evolve import evolve
from larp.rules.notes import Note, game_time
from larp.rules.signs import SIDE_OF, Side
from larp.sheet.transcript import Cite, Declare, Override


def declare(state: ChallengeState, step: Declare) -> tuple[ChallengeState, list[Note]]:
    side = state.side(SIDE_OF[step.side])
    if state.kind == "simple":
        raise RuleError("R-SIMPLE-1", "a simple test compares no totals")
    if side.is_static:
        raise RuleError("R-TIE-3", "a static difficulty declares nothing: its figure is its difficulty")
    if state.phase is Phase.DECIDED and not state.tie_open:
        raise RuleError("R-TIE-3", "a total is declared before a throw or on a tie; an overbid states its own")
    if step.total > side.true_total:
        raise RuleError(
            "R-TIE-3", f"{side.name} can't declare {step.total}: a side may declare less than its total, never more"
        )
    if side.declared is not None:
        raise RuleError("R-TIE-3", side.figure_stands)
    after = with_side(state, evolve(side, declared=step.total))
    if not state.noting:
        return after, []
    under = " (less than the true total)" if step.total < side.true_total else ""
    note = f"{side.name} declares {step.total}{under}; the figure stands for the rest of the challenge"
    return after, [Note("R-TIE-3", note)]


def relent(state: ChallengeState, side_name: str) -> tuple[ChallengeState, list[Note]]:
    side = state.side(SIDE_OF[side_name])
    if side.side is not Side.DEFENDER or side.is_static:
        raise RuleError("R-CH-2", "only the character who is challenged may relent")
    if state.phase is not Phase.OPEN:
        raise RuleError("R-CH-2", "a challenge is relented before the first throw, not after")
    after = evolve(state, phase=Phase.OVER, result=Result.CHALLENGER, ended_by="relent")
    if not state.noting:
        return after, []
    note = f"{side.name} relents: {state.challenger.name} wins at once, and nobody loses a Trait"
    return after, [Note("R-CH-2", note)]


def cite(state: ChallengeState, step: Cite) -> tuple[ChallengeState, list[Note]]:
    citer = state.side(SIDE_OF[step.side])
    target = state.side(citer.side.other)
    if state.phase is not Phase.OPEN:
        raise RuleError("R-NEG-1", "Negative Traits are cited before the first throw")
    if not state.contested:
        raise RuleError("R-NEG-1", "Negative Traits are cited only in a contested challenge")
    if not state.category.is_attribute:
        raise RuleError("R-NEG-1", f"there are no Negative Traits of {state.category.value.title()}")
    if citer.side is Side.DEFENDER and state.rules.negative_citers == "initiator":
        raise RuleError("R-NEG-1", "in this chronicle only the initiator cites Negative Traits")
    times = citer.cited.get(step.negative, 0) + 1
    state = with_side(state, evolve(citer, cited={**citer.cited, step.negative: times}))
    hit = state.characters[target.character].sheet.negative.of(state.category).get(step.negative, 0) >= times
    payer = target if hit else citer if state.rules.negative_miss_costs else None
    risked = None
    if payer is not None:
        payer = state.side(payer.side)
        risked = _risk(state, payer, step.risk)
        if risked is not None:
            payer = evolve(payer, at_risk_extra=payer.at_risk_extra + (risked,))
            state = with_side(state, payer)
    if not state.noting:
        return state, []
    cited = f"{citer.name} cites {step.negative}"
    if payer is None:
        return state, [Note("R-NEG-1", f"{cited}, which {target.name} does not have")]
    rule, said = ("R-NEG-1", f"{target.name} has {step.negative}") if hit else (
        "R-NEG-2", f"{target.name} does not have {step.negative}: the citation misses"
    )
    if risked is None:
        return state, [Note(rule, f"{cited}: {said}, but {payer.name} has no Trait left to risk")]
    return state, [Note(rule, f"{cited}: {said}, and {payer.name} puts {risked} at risk too")]


def _risk(state: ChallengeState, payer: SideState, wanted: str | None) -> str | None:
    """The Trait a side puts at risk for a citation: the one named, else the most plentiful."""
    spare = spare_traits(state, payer)
    if wanted is not None:
        if wanted not in spare:
            raise RuleError("R-NEG-1", f"{payer.name} has no spare {wanted!r} to put at risk")
        return wanted
    if not spare:
        return None
    return max(spare, key=lambda name: spare[name])


def override(state: ChallengeState, step: Override) -> tuple[ChallengeState, list[Note]]:
    if state.phase is not Phase.BLOCKED:
        raise RuleError("R-NIGHT-2", "the five-minute rule does not hold this challenge: there is nothing to override")
    phase = Phase.OVER if state.ended_by else Phase.OPEN
    after = evolve(state, phase=phase, override=step.reason)
    if not state.noting:
        return after, []
    note = (
        f"The Narrator lets the challenge through the five-minute rule (held until game time "
        f"{game_time(state.lock.until)}): {step.reason}"
    )
    return after, [Note("R-NIGHT-2", note)]


def can_name_defensive(state: ChallengeState) -> bool:
    """Whether the Narrator may still name the more defensive action (R-TIE-4): before the
    first throw of a challenge between two characters (a static difficulty always defends)."""
    return state.phase is Phase.OPEN and not state.defender.is_static and state.kind != "simple"


def name_defensive(state: ChallengeState, side_name: str) -> tuple[ChallengeState, list[Note]]:
    """The Narrator names whose action is the more defensive, which wins an equal tie (R-TIE-4):
    before the first throw, and never the initiator's against a static difficulty."""
    side = SIDE_OF[side_name]
    if state.phase is not Phase.OPEN:
        raise RuleError("R-TIE-4", "the more defensive action is named before the first throw")
    if side is Side.CHALLENGER and state.defender.is_static:
        raise RuleError("R-TIE-4", "a static difficulty always counts as the defender")
    spec = state.spec.model_copy(update={"defensive": "challenger" if side is Side.CHALLENGER else None})
    after = evolve(state, spec=spec)
    if not state.noting:
        return after, []
    if side is Side.CHALLENGER:
        return after, [Note("R-TIE-4", defensive_note(state.challenger.name))]
    name = state.defender.name
    return after, [Note("R-TIE-4", f"{name}'s response is the more defensive action, as by default: {name} wins an equal tie")]
