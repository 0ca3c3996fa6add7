"""R-NIGHT: regaining Traits, the five-minute rule, the record kept whole."""

import pytest

from larp.rules import Phase, RuleError, advance, apply_event, legal_actions, regain
from larp.sheet import Category
from larp.sheet.transcript import Clock, ClockEvent
from tests.rules.helpers import begin, night, play, side, spec, step, throw

OVERRIDE = {"override": {"rule": "R-NIGHT-2", "reason": "new evidence changes the scene"}}


def lost_social():
    """Cody has lost the social challenge he started against Janet (effect: "sway")."""
    return play(night(), spec(side("cody", "Impressive"), side("janet", "Witty"), throw("rock", "paper"), effect="sway"))


def test_r_night_1_one_willpower_regains_every_trait_lost_in_the_category():
    after, _ = lost_social()
    after, result = regain(after, "cody", Category.SOCIAL)
    cody = after.characters["cody"]
    assert cody.total(Category.SOCIAL) == 10 and cody.willpower == 3
    assert result.regained == {"cody": ("Impressive",)} and result.spent["cody"].willpower == 1


def test_r_night_1_once_per_night_per_category():
    after, _ = lost_social()
    after, _ = regain(after, "cody", Category.SOCIAL)
    with pytest.raises(RuleError) as refused:
        regain(after, "cody", Category.SOCIAL)
    assert refused.value.rule == "R-NIGHT-1"
    after, _ = regain(after, "cody", Category.MENTAL)  # another category is still open
    assert after.characters["cody"].regained == frozenset({"social", "mental"})


def test_r_night_1_no_willpower_no_regain():
    the_night = night()
    for _ in range(2):
        the_night, _ = regain(the_night, "jen", [Category.MENTAL, Category.SOCIAL][_])
    with pytest.raises(RuleError) as refused:
        regain(the_night, "jen", Category.PHYSICAL)
    assert refused.value.rule == "R-NIGHT-1" and "no Willpower" in refused.value.message


def test_r_night_2_the_failed_initiator_may_not_repeat_the_challenge_for_five_minutes():
    after, _ = lost_social()
    state = begin(after, spec(side("cody", "Commanding"), side("janet", "Witty"), effect="sway"))
    assert state.phase is Phase.BLOCKED
    with pytest.raises(RuleError) as refused:
        step(state, throw("rock", "paper"))
    assert refused.value.rule == "R-NIGHT-2" and "0:05" in refused.value.message
    later, _ = advance(after, 5)
    assert begin(later, spec(side("cody", "Commanding"), side("janet", "Witty"), effect="sway")).phase is Phase.OPEN


@pytest.mark.parametrize(
    "steps",
    [(), (throw("rock", "paper"),), (throw("rock", "paper"), OVERRIDE)],
    ids=["no steps", "a throw", "an override after a throw"],
)
def test_r_night_2_a_held_challenge_is_refused_as_a_whole_at_step_null(steps):
    after, _ = lost_social()
    held = spec(side("cody", "Commanding"), side("janet", "Witty"), *steps, effect="sway")
    with pytest.raises(RuleError) as refused:
        play(after, held)
    assert refused.value.rule == "R-NIGHT-2" and refused.value.step is None


def test_r_night_2_only_the_same_effective_challenge_is_held():
    after, _ = lost_social()
    other_effect = begin(after, spec(side("cody", "Commanding"), side("janet", "Witty"), effect="impress"))
    roles_swapped = begin(after, spec(side("janet", "Witty"), side("cody", "Commanding"), effect="sway"))
    assert other_effect.phase is Phase.OPEN and roles_swapped.phase is Phase.OPEN


def test_r_night_2_physical_challenges_and_wins_set_no_lock():
    after, _ = play(night(), spec(side("cody", "Brawny"), side("janet", "Quick"), throw("rock", "paper"), category="physical"))
    assert list(after.locks) == []
    won, _ = play(night(), spec(side("cody", "Impressive"), side("janet", "Witty"), throw("paper", "rock")))
    assert list(won.locks) == []


def test_r_night_2_a_narrator_override_lets_it_through_and_is_recorded():
    after, _ = lost_social()
    state = begin(after, spec(side("cody", "Commanding"), side("janet", "Witty"), effect="sway"))
    assert [offer.move.value for offer in legal_actions(state)] == ["override"]
    _, result = play(after, spec(side("cody", "Commanding"), side("janet", "Witty"), OVERRIDE, throw("paper", "rock"), effect="sway"))
    assert result.override == "new evidence changes the scene" and result.winner == "challenger"


def test_r_night_2_an_override_with_no_lock_to_lift_is_refused():
    with pytest.raises(RuleError) as refused:
        play(night(), spec(side("cody", "Commanding"), side("janet", "Witty"), OVERRIDE, throw("paper", "rock")))
    assert refused.value.rule == "R-NIGHT-2"


def test_r_night_2_the_lock_runs_on_the_game_clock_and_the_house_sets_its_length():
    after, _ = play(night(five_minute_rule_minutes=10), spec(side("cody", "Impressive"), side("janet", "Witty"), throw("rock", "paper"), effect="sway"))
    after, _ = apply_event(after, ClockEvent(clock=Clock(advance_minutes=6)))
    assert begin(after, spec(side("cody", "Commanding"), side("janet", "Witty"), effect="sway")).phase is Phase.BLOCKED
    off, _ = play(night(five_minute_rule_minutes=0), spec(side("cody", "Impressive"), side("janet", "Witty"), throw("rock", "paper"), effect="sway"))
    assert list(off.locks) == []


def test_r_night_3_a_refused_step_changes_nothing_already_decided():
    the_night = night()
    state = step(begin(the_night, spec(side("janet", "Witty"), side("cody", "Impressive"))), throw("rock", "paper"))
    before = (state, the_night.characters)
    with pytest.raises(RuleError):
        step(state, throw("rock", "paper"))
    assert (state, the_night.characters) == before
    after, _ = play(the_night, spec(side("janet", "Witty"), side("cody", "Impressive"), throw("rock", "paper")))
    assert the_night.characters["janet"].total(Category.SOCIAL) == 9  # the earlier night is untouched
    assert after.characters["janet"].total(Category.SOCIAL) == 8
