"""Retests and cancels (R-RT-1 to R-RT-6)."""

from larp.rules.challenge.state import ChallengeState, Phase, SideState
from larp.rules.challenge.state import Retest as Called
from larp.rules.challenge.throws import with_side
from larp.rules.errors import RuleError
from larp.rules.evolve import evolve
from larp.rules.notes import Note
from larp.rules.signs import SIDE_OF, Side
from larp.sheet.transcript import Cancel, Retest

RULE_OF_SOURCE = {"ability": "R-RT-1", "overbid": "R-RT-3", "willpower": "R-RT-4", "other": "R-RT-5"}


def spare_traits(state: ChallengeState, side: SideState) -> dict[str, int]:
    """The Traits of the category a side still has free to put at risk: not lost, not already bid."""
    spare = dict(state.characters[side.character].available(state.category))
    committed = ((side.bid,) if side.bid else ()) + side.at_risk_extra + side.crossed
    for name in committed:
        if spare.get(name, 0) > 0:
            spare[name] -= 1
    return {name: count for name, count in spare.items() if count > 0}


def ability_points(state: ChallengeState, side: SideState) -> dict[str, int]:
    """The Abilities a side can still spend a point of in this challenge (R-TRAIT-3)."""
    current = state.characters[side.character].abilities
    return {
        name: points - side.spent_abilities.get(name, 0)
        for name, points in current.items()
        if points - side.spent_abilities.get(name, 0) > 0
    }


def fitting(state: ChallengeState, names) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """`names` parted into those that fit the challenge's category, as the chronicle lists them,
    and those that do not, which only the Narrator may allow (R-RT-1)."""
    fit = state.rules.abilities
    fits = tuple(name for name in names if fit.fits(name, state.category))
    return fits, tuple(name for name in names if name not in fits)


def check_fits(state: ChallengeState, name: str, allowed: bool) -> str:
    """What a note adds for an Ability the Narrator allows though it does not fit; a refusal
    (R-RT-1) where it does not fit and she has not allowed it."""
    if state.rules.abilities.fits(name, state.category):
        return ""
    title = state.category.value.title()
    if not allowed:
        raise RuleError(
            "R-RT-1",
            f"{name} is not an appropriate Ability for a {title} challenge in this chronicle; "
            "the Narrator may allow it (narrator_allows)",
        )
    return f" (the Narrator allows {name}, which the chronicle does not list for {title})"


def ability_use_refusal(state: ChallengeState, side: SideState, for_cancel: bool) -> str | None:
    """Why R-RT-2 forbids this side another Ability use now, or None."""
    if state.rules.ability_uses_per_challenge == "one":
        if side.ability_retests + side.ability_cancels:
            return f"{side.name} has already used an Ability in this challenge"
        return None
    used = side.ability_cancels if for_cancel else side.ability_retests
    if used:
        return f"{side.name} has already used an Ability to {'cancel' if for_cancel else 'retest'} in this challenge"
    return None


def willpower_left(state: ChallengeState, side: SideState) -> int:
    return state.characters[side.character].willpower - side.spent_willpower


def check_loser(state: ChallengeState, side: SideState, rule: str) -> None:
    if state.phase is not Phase.DECIDED:
        raise RuleError(rule, "a retest follows a throw that has a result")
    if side.is_static:
        raise RuleError(rule, "a static difficulty never retests")
    if not state.result.lost_by(side.side):
        raise RuleError(rule, f"only the side that lost the latest throw may retest, and {side.name} won it")


def retest(state: ChallengeState, step: Retest) -> tuple[ChallengeState, list[Note]]:
    rule = RULE_OF_SOURCE[step.source]
    side = state.side(SIDE_OF[step.side])
    check_loser(state, side, rule)
    return _SOURCES[step.source](state, side, step)


def _called(state: ChallengeState, side: SideState, source: str, name: str | None) -> ChallengeState:
    return with_side(state, side, phase=Phase.RETEST, retest=Called(side.side, source, name))


def _ability(state: ChallengeState, side: SideState, step: Retest) -> tuple[ChallengeState, list[Note]]:
    name = step.name
    if name not in state.characters[side.character].abilities:
        raise RuleError("R-RT-1", f"{side.name} has no Ability {name!r} on the sheet")
    refusal = ability_use_refusal(state, side, for_cancel=False)
    if refusal:
        raise RuleError("R-RT-2", refusal)
    if name not in ability_points(state, side):
        raise RuleError("R-RT-1", f"{side.name} has no point of {name} left to spend")
    allowed = check_fits(state, name, bool(step.narrator_allows))
    side = _spend_ability(side, name, retest=True)
    after = _called(state, side, "ability", name)
    if not state.noting:
        return after, []
    opponent = state.side(side.side.other)
    cancel = "a static difficulty can't cancel it" if opponent.is_static else f"{opponent.name} may cancel it with an Ability"
    return after, [Note("R-RT-1", f"{side.name} spends a point of {name}{allowed} for a retest; {cancel}")]


def _spend_ability(side: SideState, name: str, retest: bool) -> SideState:
    spent = dict(side.spent_abilities)
    spent[name] = spent.get(name, 0) + 1
    if retest:
        return evolve(side, spent_abilities=spent, ability_retests=side.ability_retests + 1)
    return evolve(side, spent_abilities=spent, ability_cancels=side.ability_cancels + 1)


def _overbid(state: ChallengeState, side: SideState, step: Retest) -> tuple[ChallengeState, list[Note]]:
    if state.kind == "simple":
        raise RuleError("R-SIMPLE-1", "a simple test has no totals to overbid")
    if side.overbid_used:
        raise RuleError("R-RT-3", f"{side.name} has already overbid in this challenge")
    title = state.category.value.title()
    name = step.name
    if not state.category.is_attribute:
        if not state.rules.mended:
            raise RuleError("R-RT-3", f"no Trait is bid in a {title} challenge, so none can be overbid")
        if name is not None:
            raise RuleError("R-RT-3", f"no Trait is named in a {title} challenge: the overbid states {side.name}'s current {title}")
    else:
        spare = spare_traits(state, side)
        if not spare:
            raise RuleError("R-RT-3", f"{side.name} has no second {title} Trait left to risk")
        if name is None:
            raise RuleError("R-RT-3", f"{side.name} names the second Trait to risk: one of {', '.join(spare)}")
        if name not in spare:
            raise RuleError("R-RT-3", f"{side.name} has no spare {name!r} to risk; spare: {', '.join(spare)}")
    figure = side.figure if step.total is None else step.total
    if figure > side.true_total:
        raise RuleError("R-TIE-3", f"{side.name} can't state {figure}: the true total is {side.true_total}")
    if side.declared is not None and figure != side.declared:
        raise RuleError("R-TIE-3", f"{side.name} can't state {figure}: {side.figure_stands}")
    opponent = state.side(side.side.other)
    side = evolve(side, declared=figure, overbid_used=True)
    target = 2 * opponent.figure
    if figure >= target:
        if name is not None:
            side = evolve(side, at_risk_extra=side.at_risk_extra + (name,))
        after = _called(state, side, "overbid", name)
        if not state.noting:
            return after, []
        risked = f", {name} at risk too" if name else ""
        note = f"{side.name} overbids: {figure} is at least twice {opponent.name}'s {opponent.figure}; throw again{risked}"
        return after, [Note("R-RT-3", note)]
    if name is not None:
        side = evolve(side, crossed=side.crossed + (name,))
    after = with_side(state, side)
    if not state.noting:
        return after, []
    lost = f"{name} is crossed off at once" if name else f"nothing is crossed off in a {title} challenge (R-LOSS-3)"
    note = f"{side.name} overbids with {figure}, less than twice {opponent.name}'s {opponent.figure}; the gamble fails: {lost}"
    return after, [Note("R-RT-3", note)]


def _willpower(state: ChallengeState, side: SideState, step: Retest) -> tuple[ChallengeState, list[Note]]:
    if not state.spec.control:
        raise RuleError("R-RT-4", "Willpower buys a retest only against an effect that would control the will")
    if side.side is not Side.DEFENDER:
        raise RuleError("R-RT-4", "only the side whose will is at stake may spend Willpower to retest")
    if side.willpower_used:
        raise RuleError("R-RT-4", f"{side.name} has already spent Willpower to retest in this challenge")
    if willpower_left(state, side) < 1:
        raise RuleError("R-RT-4", f"{side.name} has no Willpower left to spend")
    side = evolve(side, willpower_used=True, spent_willpower=side.spent_willpower + 1)
    after = _called(state, side, "willpower", None)
    if not state.noting:
        return after, []
    return after, [Note("R-RT-4", f"{side.name} spends a Willpower to resist control: a retest no Ability can cancel")]


def _other(state: ChallengeState, side: SideState, step: Retest) -> tuple[ChallengeState, list[Note]]:
    name = step.name
    if name not in state.characters[side.character].sheet.retests:
        raise RuleError("R-RT-5", f"{name!r} is not a retest source on {side.name}'s sheet")
    if name in side.others_used:
        raise RuleError("R-RT-5", f"{side.name} has already used {name} in this challenge")
    side = evolve(side, others_used=side.others_used | {name})
    after = _called(state, side, "other", name)
    if not state.noting:
        return after, []
    return after, [Note("R-RT-5", f"{side.name} calls on {name} for a retest; no Ability can cancel it")]


def _came_from(called: Called) -> str:
    """Where a retest came from, as a refusal says it: an overbid, Willpower, or the source's name."""
    if called.source == "overbid":
        return "an overbid" + (f" risking {called.name}" if called.name else "")
    if called.source == "willpower":
        return "Willpower"
    return called.name


_SOURCES = {"ability": _ability, "overbid": _overbid, "willpower": _willpower, "other": _other}


def cancel(state: ChallengeState, step: Cancel) -> tuple[ChallengeState, list[Note]]:
    side = state.side(SIDE_OF[step.side])
    called = state.retest
    if state.phase is not Phase.RETEST or called is None:
        raise RuleError("R-RT-1", "there is no retest to cancel")
    if called.source != "ability":
        raise RuleError("R-RT-5", f"only an Ability retest can be cancelled, and this one came from {_came_from(called)}")
    if side.side is called.side:
        raise RuleError("R-RT-1", f"{side.name} can't cancel their own retest")
    if side.is_static:
        raise RuleError("R-RT-1", "a static difficulty never cancels")
    if step.ability not in state.characters[side.character].abilities:
        raise RuleError("R-RT-1", f"{side.name} has no Ability {step.ability!r} on the sheet")
    refusal = ability_use_refusal(state, side, for_cancel=True)
    if refusal:
        raise RuleError("R-RT-2", refusal)
    if step.ability not in ability_points(state, side):
        raise RuleError("R-RT-1", f"{side.name} has no point of {step.ability} left to spend")
    allowed = check_fits(state, step.ability, bool(step.narrator_allows))
    side = _spend_ability(side, step.ability, retest=False)
    after = with_side(state, side, phase=Phase.DECIDED, retest=None)
    if not state.noting:
        return after, []
    return after, [Note("R-RT-1", f"{side.name} spends a point of {step.ability}{allowed} to cancel the retest: the result stands")]
