"""Which Ability a retest or a cancel spends: the one named for the challenge first, then those
that fit the challenge's category, each with the points she has left (R-RT-1, R-TRAIT-3)."""

from dataclasses import dataclass

from larp.rules import ChallengeState, Offer
from larp.rules.challenge.retests import ability_points
from larp.sheet import Category


@dataclass(frozen=True)
class AbilityPick:
    """An Ability a side may spend now, as the Narrator picks it."""

    name: str
    left: int
    """Points she has left to spend in this challenge."""
    named: bool
    """The Ability she named for the challenge (R-TIE-2)."""
    fits: bool
    """It fits a challenge of this category, as the chronicle lists them (`house_rules.abilities`);
    one that does not is refused unless the Narrator allows it (R-RT-1)."""
    serves: Category | None = None
    """The category the chronicle lists it for (an Ability in no list: None)."""


def ability_picks(state: ChallengeState, offer: Offer) -> list[AbilityPick]:
    """The Abilities `offer` (an Ability retest or a cancel) may spend, best first: the one the
    side named for the challenge, then those that fit its category, then the rest, each in the
    sheet's order."""
    side = state.side(offer.side)
    left = ability_points(state, side)
    fit = state.rules.abilities
    offered = {*offer.choices, *offer.unfit}
    picks = [
        AbilityPick(name, left.get(name, 0), name == side.ability, fit.fits(name, state.category), fit.serves(name))
        for name in left
        if name in offered
    ]
    return sorted(picks, key=lambda pick: (not pick.named, not pick.fits))
