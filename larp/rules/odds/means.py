"""What each side still holds that can change who wins, read from the engine's state.

A side's retests come in two kinds (R-RT-1 to R-RT-5):
- *uncancellable*: each power on the sheet not yet used (R-RT-5), Willpower for the
  defender of a control challenge (R-RT-4), and an overbid that would succeed (R-RT-3).
  Each is one more throw that nothing can stop, so only how many are left counts. A
  failed overbid changes nobody's chances (it costs a Trait): it is never counted.
- *the Ability*: a retest the opponent may cancel with an Ability of her own (R-RT-1),
  and the side's own cancel, within `ability_uses_per_challenge` (R-RT-2). Which
  Ability is spent makes no difference to who wins: any Ability with a point left that fits
  the category (`house_rules.abilities`) will do, so only those points count; one that does
  not fit is the Narrator's to allow, and the odds do not count on it.
"""

from typing import NamedTuple

from larp.rules.challenge.retests import ability_points, ability_use_refusal, spare_traits, willpower_left
from larp.rules.challenge.state import ChallengeState, SideState
from larp.rules.signs import Side


class Means(NamedTuple):
    uncancellable: int
    retest: bool
    """The Ability retest is not yet used (R-RT-2)."""
    cancel: bool
    """The Ability cancel is not yet used (R-RT-2)."""
    points: int
    """Ability points left, counted up to 2: no side spends more than two in a challenge."""

    @property
    def can_retest(self) -> bool:
        return self.retest and self.points > 0

    @property
    def can_cancel(self) -> bool:
        return self.cancel and self.points > 0

    def spend_uncancellable(self) -> "Means":
        return self._replace(uncancellable=self.uncancellable - 1)

    def spend_ability(self, for_cancel: bool, one_use: bool) -> "Means":
        """One point spent, to retest or to cancel; under "one" that ends both (R-RT-2)."""
        retest = self.retest and (for_cancel and not one_use)
        cancel = self.cancel and (not for_cancel and not one_use)
        return means(self.uncancellable, retest, cancel, self.points - 1)


def means(uncancellable: int, retest: bool, cancel: bool, points: int) -> Means:
    """The means, told apart only where they differ in what they can do: an Ability no longer
    usable is nothing, whatever its points and uses."""
    retest, cancel = retest and points > 0, cancel and points > 0
    return Means(uncancellable, retest, cancel, points if retest or cancel else 0)


NOTHING = Means(0, False, False, 0)


def means_of(state: ChallengeState, side: SideState) -> Means:
    if side.is_static:
        return NOTHING
    fit = state.rules.abilities
    points = min(2, sum(left for name, left in ability_points(state, side).items() if fit.fits(name, state.category)))
    return means(
        uncancellable=_powers(state, side) + _willpower(state, side) + _overbid(state, side),
        retest=ability_use_refusal(state, side, for_cancel=False) is None,
        cancel=ability_use_refusal(state, side, for_cancel=True) is None,
        points=points,
    )


def _powers(state: ChallengeState, side: SideState) -> int:
    return len(set(state.characters[side.character].sheet.retests) - side.others_used)


def _willpower(state: ChallengeState, side: SideState) -> int:
    usable = state.spec.control and side.side is Side.DEFENDER and not side.willpower_used
    return int(usable and willpower_left(state, side) > 0)


def _overbid(state: ChallengeState, side: SideState) -> int:
    if side.overbid_used or state.kind == "simple":
        return 0
    if not state.category.is_attribute:  # Willpower, Rage, Gnosis: the rating is stated, since rules version 3
        if not state.rules.mended:
            return 0
    elif not spare_traits(state, side):
        return 0
    return int(side.figure >= 2 * state.side(side.side.other).figure)
