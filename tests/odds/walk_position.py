"""What a challenge state holds that can still change who wins: the key the odds are memoised on.

Everything a state holds counts, save what the steps never change (the spec, the house
rules, the characters as they stood at the start, who each side is, the clock, the lock,
whether the steps are noted) and the
history (the steps, the latest signs, the count of throws), which no ruling reads. A
field added to the state later counts by default: the key errs towards telling
positions apart.
"""

from collections.abc import Mapping
from dataclasses import fields
from operator import attrgetter
from typing import get_origin, get_type_hints

from larp.rules.challenge.state import ChallengeState, SideState

UNCHANGING = frozenset(
    {"spec", "rules", "category", "kind", "characters", "clock", "noting", "lock", "override"}
)
SIDE_UNCHANGING = frozenset({"side", "character", "name", "bid", "ability", "true_total", "bomb"})
HISTORY = frozenset({"steps", "signs", "throws"})
SIDES = frozenset({"challenger", "defender"})



def _getters(cls: type, left_out: frozenset[str]) -> tuple[attrgetter, tuple[str, ...]]:
    """Two readers of the fields that count: the plain ones at once, and the mappings (sorted)."""
    hints = get_type_hints(cls)
    names = [field.name for field in fields(cls) if field.name not in left_out]
    mappings = tuple(name for name in names if get_origin(hints[name]) in (Mapping, dict))
    plain = [name for name in names if name not in mappings]
    return attrgetter(*plain), mappings


_STATE_PLAIN, _STATE_MAPPINGS = _getters(ChallengeState, UNCHANGING | HISTORY | SIDES)
_SIDE_PLAIN, _SIDE_MAPPINGS = _getters(SideState, SIDE_UNCHANGING)


def _side(side: SideState) -> tuple:
    return (*_SIDE_PLAIN(side), *[tuple(sorted(getattr(side, name).items())) for name in _SIDE_MAPPINGS])


def position(state: ChallengeState) -> tuple:
    return (
        *_STATE_PLAIN(state),
        *[tuple(sorted(getattr(state, name).items())) for name in _STATE_MAPPINGS],
        *_side(state.challenger),
        *_side(state.defender),
    )
