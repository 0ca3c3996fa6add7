"""Which Ability a retest or a cancel spends: the one named for the challenge first, then those
that fit the challenge's category, each with the points she has left (R-RT-1, R-TRAIT-3)."""

from dataclasses import dataclass

from larp.rules import ChallengeState, Offer
from larp.rules.challenge.retests import ability_points
from larp.sheet import Category

PHYSICAL, SOCIAL, MENTAL = Category.PHYSICAL, Category.SOCIAL, Category.MENTAL
ABILITY_CATEGORIES: dict[str, Category] = {
    **dict.fromkeys(
        (
            "Archery", "Athletics", "Brawl", "Dodge", "Drive", "Firearms", "Melee", "Primal-Urge", "Ride", "Security",
            "Stealth", "Survival",
        ),
        PHYSICAL,
    ),
    **dict.fromkeys(
        (
            "Animal Ken", "Empathy", "Etiquette", "Expression", "Intimidation", "Leadership",
            "Performance", "Persuasion", "Streetwise", "Subterfuge",
        ),
        SOCIAL,
    ),
    **dict.fromkeys(
        (
            "Academics", "Awareness", "Computer", "Enigmas", "Finance", "Investigation", "Kenning", "Law",
            "Linguistics", "Medicine", "Occult", "Politics", "Rituals", "Science",
        ),
        MENTAL,
    ),
}  # fmt: skip
"""The category each Ability of Mind's Eye Theatre serves in a challenge; an Ability not named
here fits none and is listed after those that fit."""


@dataclass(frozen=True)
class AbilityPick:
    """An Ability a side may spend now, as the Narrator picks it."""

    name: str
    left: int
    """Points she has left to spend in this challenge."""
    named: bool
    """The Ability she named for the challenge (R-TIE-2)."""
    fits: bool
    """It serves in a challenge of this category."""
    serves: Category | None = None
    """The category it serves in, where Mind's Eye Theatre says (an Ability of the chronicle's own: None)."""


def ability_picks(state: ChallengeState, offer: Offer) -> list[AbilityPick]:
    """The Abilities `offer` (an Ability retest or a cancel) may spend, best first: the one the
    side named for the challenge, then those that fit its category, then the rest, each in the
    sheet's order."""
    side = state.side(offer.side)
    left = ability_points(state, side)
    picks = [
        AbilityPick(name, left.get(name, 0), name == side.ability, ABILITY_CATEGORIES.get(name) == state.category, ABILITY_CATEGORIES.get(name))
        for name in offer.choices
    ]
    return sorted(picks, key=lambda pick: (not pick.named, not pick.fits))
