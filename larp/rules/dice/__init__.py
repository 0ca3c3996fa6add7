"""The tabletop dice systems of the family (docs/DICE.md): the Storyteller System of seeds
000, 001 and 002 (D-ST-…) and the Storytelling System of seed 004 (D-SG-…, D-HEALTH-…).

Pure like the rest of the engine: the dice are inputs, never drawn here. The options of a
roll are a frozen dataclass, and their type says the system:

    options = StorytellingOptions(again=9, rote=True, willpower=False)
    dice_needed(7, faces, options)     # more dice owed: the pool, then every reroll earned
    result = roll(7, faces, options)   # faces in the order rolled, rerolls included
    result = roll_with(draw, 7, options)  # draw() -> 1..10: `secrets`, a seeded Random
    result.successes, result.outcome   # "exceptional success", "botch", "moderate", …
    result.dice                        # (Die(face=10, effect="success, rolled again (9-again)", rule="D-SG-3"), …)
    result.notes                       # (Note(rule="D-ST-6", text="Willpower: …"), …)
    result.lines()                     # the same, in words

    StorytellerOptions(difficulty=7, willpower=True, botch="more-ones", automatic="exceeds",
                       ability=5, ability_cancels_ones=True)

Pools: `storyteller.pool_of([Trait(...), ...])` (two Traits at most, a 10-point Trait alone);
`storytelling.pool(attribute, skill, category=, specialty=, modifiers=)` -> `Pool(traits,
modifiers)` with each `Modifier(what, dice, rule)`; `combat.attack_pool(kind, …)`.
Several rolls (`actions`): `extended`, `resisted`, `contested`, `extended_resisted`,
`teamwork`, `split_pool`, `multiple_actions`, `try_again`; `storyteller.automatic`,
`storyteller.forgive_botch`, `storyteller.spend_willpower`.
Combat (`combat`): `InitiativeRoll`, `initiative_order`, `Turn` with `start_turn`, `act`,
`hold`, `wait`, `dodge`, `next_turn`; `defense`, `through_cover`, `movement`.
Health (`health`): `Track`, `mark`, `heal`, `regenerate`.
Odds (`odds`), exact: `odds(pool, options, upto=None)` -> `Odds` (`chances`, `more`, `success`,
`mishap`, `expected`, `chance(k)`, `at_least(k)`, `bars()`); `chart(odds)` the bar chart as text.
Many rolls at once from one run of faces: `storytelling.tally(pool, faces, options)`.
"""

from typing import Sequence

from larp.rules.dice import storyteller, storytelling
from larp.rules.dice.result import Die, Draw, Note, Roll
from larp.rules.dice.storyteller import StorytellerOptions
from larp.rules.dice.storytelling import StorytellingOptions

Options = StorytellerOptions | StorytellingOptions


def _system(options: Options):
    if isinstance(options, StorytellerOptions):
        return storyteller
    if isinstance(options, StorytellingOptions):
        return storytelling
    raise TypeError(f"the options of a roll are StorytellerOptions or StorytellingOptions, not {type(options).__name__}")


def roll(pool: int, faces: Sequence[int], options: Options) -> Roll:
    """The roll of `pool` dice showing `faces` (in the order rolled), in the options' system."""
    return _system(options).roll(pool, faces, options)


def dice_needed(pool: int, faces: Sequence[int], options: Options) -> int:
    """How many more dice the roll still needs after `faces` (below 0: too many given)."""
    return _system(options).dice_needed(pool, faces, options)


def roll_with(draw: Draw, pool: int, options: Options) -> Roll:
    """The roll with the station's dice: `draw()` gives one face, 1 to 10."""
    return _system(options).roll_with(draw, pool, options)


__all__ = ["Die", "Draw", "Note", "Options", "Roll", "StorytellerOptions", "StorytellingOptions",
           "dice_needed", "roll", "roll_with"]
