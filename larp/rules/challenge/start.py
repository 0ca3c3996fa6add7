"""Opening a challenge: who, in what, bidding what (R-CH-1 to R-CH-3, R-TIE-1, R-NIGHT-2)."""

from typing import Mapping

from larp.rules.challenge.state import ChallengeState, Phase, Result, SideState
from larp.rules.character import CharacterState
from larp.rules.errors import RuleError
from larp.rules.evolve import evolve, made
from larp.rules.night import Night
from larp.rules.notes import Note, game_times
from larp.rules.signs import Side
from larp.rules.wounds import Wounds, hurt
from larp.sheet import Category, HouseRules
from larp.sheet.transcript import ChallengeSpec, Party, Static
COUNTED = {category: f"{category.value.title()} Traits" if category.is_attribute else category.value.title() for category in Category}
"""What a side's true total counts first, by category (`SideState.made_of`)."""


def start_challenge(night: Night, spec: ChallengeSpec) -> tuple[ChallengeState, list[Note]]:
    """A challenge ready for its first step, or a RuleError saying why it can't be made."""
    category = spec.category
    noting = night.noting
    challenger = _character(night, spec.challenger.character)
    wounded = {challenger.id: hurt(challenger, night.rules)}
    if wounded[challenger.id] and wounded[challenger.id].out_of_play:
        raise RuleError("R-HEALTH-3", f"{challenger.name} is {wounded[challenger.id].state}: she can start no challenge")
    left, total = challenger.standing(category)
    if spec.kind != "simple" and total <= 0:
        raise RuleError(
            "R-CH-3",
            f"{challenger.name} has no {category.value.title()} Traits left: exhausted, no such challenge can be started",
        )
    _check_bid(challenger, spec.challenger.trait, category, left, "R-CH-1")
    first = _party(Side.CHALLENGER, challenger, spec.challenger, category, total, night.rules, wounded[challenger.id])
    characters = {first.character: challenger}
    ended_by = None
    notes = []
    if isinstance(spec.defender, Static):
        if spec.defensive == "challenger":
            raise RuleError("R-TIE-4", "a static difficulty always counts as the defender: the initiator's action can't be the defensive one")
        second = made(
            SideState,
            side=Side.DEFENDER,
            character=None,
            name=f"static {spec.defender.static}" if spec.kind != "simple" else "the difficulty",
            true_total=spec.defender.static,
        )
    else:
        if spec.defender.character == first.character:
            raise RuleError("R-CH-1", f"{challenger.name} can't challenge themself")
        defender = characters[spec.defender.character] = _character(night, spec.defender.character)
        left, total = defender.standing(category)
        wounds = wounded[defender.id] = hurt(defender, night.rules)
        if wounds and wounds.out_of_play:
            ended_by = "out of play"
            if noting:
                notes.append(Note("R-HEALTH-3", f"{defender.name} is {wounds.state}: she can't answer and loses at once"))
        elif total <= 0:
            ended_by = "exhausted"
            if noting:
                notes.append(
                    Note("R-CH-3", f"{defender.name} has no {category.value.title()} Traits left and loses at once")
                )
        else:
            if category.is_attribute and spec.defender.trait is None:
                raise RuleError(
                    "R-CH-2", f"{defender.name} names a {category.value.title()} Trait to respond, or relents"
                )
            _check_bid(defender, spec.defender.trait, category, left, "R-CH-2")
        second = _party(Side.DEFENDER, defender, spec.defender, category, total, night.rules, wounds)
    if noting:
        notes.insert(0, Note("R-CH-1", _opening(first, second, spec)))
        notes[1:1] = [Note("R-HEALTH-4", _wound_note(characters[cid].name, w)) for cid, w in wounded.items() if w and w.penalty]
        if spec.defensive == "challenger":
            notes.insert(1, Note("R-TIE-4", defensive_note(first.name)))
    state = made(
        ChallengeState,
        spec=spec,
        rules=night.rules,
        category=category,
        kind=spec.kind,
        challenger=first,
        defender=second,
        characters=characters,
        clock=night.clock,
        noting=noting,
    )
    if ended_by:
        state = evolve(state, phase=Phase.OVER, result=Result.CHALLENGER, ended_by=ended_by)
    lock = night.locks.holding(state.lock_until(0.0), night.clock) if state.five_minute else None
    if lock is not None:
        if noting:
            until, now = game_times(lock.until, night.clock)
            notes.append(
                Note(
                    "R-NIGHT-2",
                    f"{first.name} failed this same challenge against {second.name}; the five-minute rule "
                    f"holds it until game time {until} (now {now})",
                )
            )
        state = evolve(state, phase=Phase.BLOCKED, lock=lock)
    return state, notes


def _wound_note(name: str, wounds: Wounds) -> str:
    """`Aldous Whitcombe is Bruised: 1 Trait less in each total`."""
    return f"{name} is {wounds.state}: {-wounds.penalty} Trait{'' if wounds.penalty == -1 else 's'} less in each total"


def defensive_note(name: str) -> str:
    return f"The Narrator names {name}'s action the more defensive: {name} wins an equal tie"


def _character(night: Night, character_id: str) -> CharacterState:
    try:
        return night.characters[character_id]
    except KeyError:
        raise RuleError("R-CH-1", f"no character {character_id!r} is known tonight") from None


def _check_bid(character: CharacterState, trait: str | None, category: Category, left: Mapping[str, int], rule: str) -> None:
    if trait is None or trait in left:
        return
    if trait not in character.sheet.traits.of(category):
        raise RuleError(rule, f"{character.name} has no {category.value.title()} Trait {trait!r} on the sheet")
    raise RuleError(rule, f"{character.name} has lost every {trait!r} tonight and can't bid it")


def _party(
    side: Side, character: CharacterState, party: Party, category: Category, standing: int, rules: HouseRules, wounds: Wounds | None
) -> SideState:
    """A character's side, `standing` her current total of the category, `wounds` her track where she is hurt."""
    bonus_ability = 0
    if party.ability is not None:
        if party.ability not in character.sheet.abilities:
            raise RuleError("R-TIE-2", f"{character.name} has no Ability {party.ability!r} on the sheet")
        if category.is_attribute and rules.ability_adds_to_total:
            bonus_ability = character.sheet.abilities[party.ability]
    made_of = ((COUNTED[category], standing),)
    if bonus_ability:
        made_of += ((party.ability, bonus_ability),)
    if party.bonus:
        made_of += (("bonus" if party.bonus > 0 else "penalty", party.bonus),)
    penalty = wounds.penalty if wounds else 0
    if penalty:
        made_of += ((f"wounds ({wounds.level})", penalty),)
    return made(
        SideState,
        made_of=made_of,
        side=side,
        character=party.character,
        name=character.name,
        bid=party.trait,
        ability=party.ability,
        true_total=max(0, standing + party.bonus + bonus_ability + penalty),
        bomb=rules.bomb and character.sheet.bomb,
    )


def _opening(first: SideState, second: SideState, spec: ChallengeSpec) -> str:
    bid = f", bidding {first.bid}" if first.bid else ""
    against = f", against {second.name}" + (f" bidding {second.bid}" if second.bid else "")
    if second.is_static:
        against = f", against a difficulty of {second.true_total}" if spec.kind != "simple" else ""
    effect = f": {spec.effect}" if spec.effect else ""
    return f"{first.name} opens a {spec.kind} {spec.category.value.title()} challenge{bid}{against}{effect}"

