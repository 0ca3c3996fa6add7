"""R-RT: Ability retests and cancels, overbids, Willpower and other sources."""

import pytest

from larp.rules import Move, Phase, RuleError, legal_actions
from tests.rules.helpers import (
    begin,
    cancel,
    declare,
    night,
    play,
    retest,
    side,
    spec,
    step,
    throw,
)


def lost_throw():
    """Janet (Witty) against Cody (Impressive); Janet lost the first throw."""
    return step(begin(night(), spec(side("janet", "Witty"), side("cody", "Impressive"))), throw("rock", "paper"))


def test_r_rt_1_the_loser_spends_an_ability_point_and_both_throw_again():
    state = step(lost_throw(), retest("challenger", "ability", "Leadership"))
    assert state.phase is Phase.RETEST and state.challenger.spent_abilities == {"Leadership": 1}
    assert step(state, throw("paper", "rock")).result.value == "challenger"


def test_r_rt_1_only_the_loser_of_the_latest_throw_may_retest():
    with pytest.raises(RuleError) as refused:
        step(lost_throw(), retest("defender", "ability", "Leadership"))
    assert refused.value.rule == "R-RT-1"


def test_r_rt_1_a_cancel_leaves_the_result_standing_and_both_points_spent():
    steps = [throw("rock", "paper"), retest("challenger", "ability", "Leadership"), cancel("defender", "Empathy")]
    after, result = play(night(), spec(side("janet", "Witty"), side("cody", "Impressive"), *steps))
    assert result.winner == "defender" and result.throws == 1
    assert result.spent["janet"].abilities == {"Leadership": 1}
    assert result.spent["cody"].abilities == {"Empathy": 1}
    assert after.characters["janet"].abilities["Leadership"] == 1
    assert after.characters["cody"].abilities["Empathy"] == 0


def test_r_rt_1_a_cancel_needs_a_retest_just_called():
    with pytest.raises(RuleError) as refused:
        step(lost_throw(), cancel("defender", "Empathy"))
    assert refused.value.rule == "R-RT-1"


def test_r_rt_1_no_point_left_means_no_retest():
    steps = [throw("rock", "paper"), retest("challenger", "ability", "Expression"), throw("paper", "rock")]
    after, _ = play(night(), spec(side("janet", "Witty"), side("cody", "Impressive"), *steps))
    state = step(begin(after, spec(side("janet", "Eloquent"), side("cody", "Dignified"))), throw("rock", "paper"))
    with pytest.raises(RuleError) as refused:
        step(state, retest("challenger", "ability", "Expression"))
    assert refused.value.rule == "R-RT-1"


def test_r_rt_2_a_person_uses_an_ability_once_per_challenge_for_retest_or_cancel():
    state = step(lost_throw(), retest("challenger", "ability", "Leadership"))
    state = step(state, throw("paper", "rock"))  # Janet wins; Cody retests
    state = step(state, retest("defender", "ability", "Leadership"))
    with pytest.raises(RuleError) as refused:
        step(state, cancel("challenger", "Expression"))
    assert refused.value.rule == "R-RT-2"
    state = step(state, throw("rock", "paper"))  # Janet loses again
    with pytest.raises(RuleError) as again:
        step(state, retest("challenger", "ability", "Expression"))
    assert again.value.rule == "R-RT-2"


def test_r_rt_2_house_one_each_allows_one_retest_and_one_cancel():
    state = step(begin(night(ability_uses_per_challenge="one-each"), spec(side("janet", "Witty"), side("cody", "Impressive"))), throw("rock", "paper"))
    state = step(state, retest("challenger", "ability", "Leadership"))
    state = step(state, throw("paper", "rock"))
    state = step(state, retest("defender", "ability", "Leadership"))
    state = step(state, cancel("challenger", "Expression"))
    assert state.phase is Phase.DECIDED and state.result.value == "challenger"
    with pytest.raises(RuleError) as refused:
        step(state, retest("defender", "ability", "Empathy"))
    assert refused.value.rule == "R-RT-2"


def test_r_rt_3_an_overbid_at_least_double_retests_with_the_second_trait_at_risk():
    steps = [throw("scissors", "paper"), retest("defender", "overbid", "Intelligent", total=10), throw("paper", "scissors")]
    after, result = play(night(), spec(side("cody", "Perceptive"), side("jen", "Wily"), *steps, category="mental"))
    assert result.winner == "defender" and result.throws == 2
    assert result.lost == {"cody": ("Perceptive",)}


def test_r_rt_3_a_successful_overbid_that_loses_the_retest_costs_both_traits():
    steps = [throw("scissors", "paper"), retest("defender", "overbid", "Intelligent"), throw("scissors", "paper")]
    _, result = play(night(), spec(side("cody", "Perceptive"), side("jen", "Wily"), *steps, category="mental"))
    assert result.lost == {"jen": ("Wily", "Intelligent")}


def test_r_rt_3_a_failed_overbid_crosses_off_the_second_trait_at_once_without_a_retest():
    steps = [throw("paper", "scissors"), retest("challenger", "overbid", "Alert", total=4)]
    _, result = play(night(), spec(side("cody", "Perceptive"), side("jen", "Wily"), *steps, category="mental"))
    assert result.winner == "defender" and result.throws == 1
    assert result.lost == {"cody": ("Perceptive", "Alert")}


def test_r_rt_3_a_failed_overbid_costs_its_trait_even_in_a_static_challenge():
    steps = [throw("rock", "paper"), retest("challenger", "overbid", "Clever")]
    _, result = play(night(), spec(side("jen", "Wily"), {"static": 6}, *steps, kind="static", category="mental"))
    assert result.lost == {"jen": ("Clever",)}


def test_r_rt_3_the_overbid_total_is_the_declared_figure():
    state = step(begin(night(), spec(side("cody", "Perceptive"), side("jen", "Wily"), category="mental")), declare("defender", 6))
    state = step(state, throw("scissors", "paper"))
    with pytest.raises(RuleError) as refused:
        step(state, retest("defender", "overbid", "Intelligent", total=10))
    assert refused.value.rule == "R-TIE-3"
    failed = step(state, retest("defender", "overbid", "Intelligent"))
    assert failed.defender.crossed == ("Intelligent",)


def test_r_rt_3_once_per_challenge_and_only_the_loser():
    state = step(begin(night(), spec(side("cody", "Perceptive"), side("jen", "Wily"), category="mental")), throw("scissors", "paper"))
    with pytest.raises(RuleError) as not_loser:
        step(state, retest("challenger", "overbid", "Alert"))
    assert not_loser.value.rule == "R-RT-3"
    state = step(state, retest("defender", "overbid", "Intelligent"))
    state = step(state, throw("scissors", "paper"))
    with pytest.raises(RuleError) as twice:
        step(state, retest("defender", "overbid", "Clever"))
    assert twice.value.rule == "R-RT-3"


def test_r_rt_3_a_side_with_one_trait_left_cannot_overbid():
    state = step(begin(night(), spec(side("jen", "Witty"), side("cody", "Impressive"))), throw("rock", "paper"))
    assert not [o for o in legal_actions(state) if o.source == "overbid"]
    with pytest.raises(RuleError) as refused:
        step(state, retest("challenger", "overbid", "Witty"))
    assert refused.value.rule == "R-RT-3"


def test_r_rt_4_willpower_retests_only_against_control_and_only_for_its_target():
    plain = step(begin(night(), spec(side("janet", "Witty"), side("cody", "Impressive"))), throw("paper", "rock"))
    with pytest.raises(RuleError) as refused:
        step(plain, retest("defender", "willpower"))
    assert refused.value.rule == "R-RT-4"
    control = begin(night(), spec(side("janet", "Witty"), side("cody", "Impressive"), control=True))
    state = step(step(control, throw("paper", "rock")), retest("defender", "willpower"))
    assert state.phase is Phase.RETEST and state.defender.spent_willpower == 1
    state = step(state, throw("paper", "rock"))
    with pytest.raises(RuleError) as twice:
        step(state, retest("defender", "willpower"))
    assert twice.value.rule == "R-RT-4"


def test_r_rt_4_no_willpower_retest_for_the_controller():
    control = begin(night(), spec(side("janet", "Witty"), side("cody", "Impressive"), control=True))
    with pytest.raises(RuleError) as refused:
        step(step(control, throw("rock", "paper")), retest("challenger", "willpower"))
    assert refused.value.rule == "R-RT-4"


def test_r_rt_5_other_sources_are_used_once_each_and_cannot_be_cancelled():
    state = step(begin(night(), spec(side("janet", "Witty"), side("cody", "Impressive"))), throw("rock", "paper"))
    state = step(state, retest("challenger", "other", "Luck"))
    with pytest.raises(RuleError) as uncancellable:
        step(state, cancel("defender", "Empathy"))
    assert uncancellable.value.rule == "R-RT-5"
    state = step(state, throw("rock", "paper"))
    with pytest.raises(RuleError) as twice:
        step(state, retest("challenger", "other", "Luck"))
    assert twice.value.rule == "R-RT-5"


def test_r_rt_5_a_source_must_be_named_on_the_sheet():
    with pytest.raises(RuleError) as refused:
        step(lost_throw(), retest("challenger", "other", "Werewolf Strength"))
    assert refused.value.rule == "R-RT-5"


def test_r_rt_6_retests_follow_one_another_while_sources_remain():
    steps = [
        throw("rock", "paper"),
        retest("challenger", "ability", "Leadership"),
        throw("rock", "paper"),
        retest("challenger", "other", "Luck"),
        throw("rock", "paper"),
        retest("challenger", "overbid", "Eloquent"),
    ]
    state = begin(night(), spec(side("janet", "Witty"), side("cody", "Impressive")))
    for body in steps:
        state = step(state, body)
    # 9 is less than twice 10: the overbid fails; nothing is left but to conclude.
    assert [offer.move for offer in legal_actions(state)] == [Move.CONCLUDE]


def test_r_rt_6_a_throw_without_a_retest_is_refused():
    with pytest.raises(RuleError) as refused:
        step(lost_throw(), throw("rock", "paper"))
    assert refused.value.rule == "R-RT-6"


def test_r_rt_6_a_retest_must_be_thrown_before_the_challenge_ends():
    with pytest.raises(RuleError) as refused:
        play(night(), spec(side("janet", "Witty"), side("cody", "Impressive"), throw("rock", "paper"), retest("challenger", "ability", "Leadership")))
    assert refused.value.rule == "R-RT-6" and refused.value.step is None


def test_r_rt_5_cancelling_an_overbid_is_refused_under_r_rt_5_naming_the_overbid():
    state = step(begin(night(), spec(side("cody", "Perceptive"), side("jen", "Wily"), category="mental")), throw("scissors", "paper"))
    state = step(state, retest("defender", "overbid", "Intelligent", total=10))
    with pytest.raises(RuleError) as refused:
        step(state, cancel("challenger", "Empathy"))
    assert refused.value.rule == "R-RT-5"
    assert refused.value.message == "only an Ability retest can be cancelled, and this one came from an overbid risking Intelligent"
