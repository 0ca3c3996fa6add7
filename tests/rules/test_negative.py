"""R-NEG: citing Negative Traits before the throw."""

import pytest

from larp.rules import Move, RuleError, legal_actions
from tests.rules.helpers import begin, cite, night, play, side, spec, step, throw


def test_r_neg_1_each_negative_the_target_has_puts_one_more_of_her_traits_at_risk():
    state = begin(night(), spec(side("janet", "Alert"), side("cody", "Perceptive"), category="mental"))
    state = step(state, cite("challenger", "Gullible"))
    state = step(state, cite("challenger", "Gullible", risk="Perceptive"))
    assert state.defender.at_risk == ("Perceptive", "Alert", "Perceptive")
    _, result = play(night(), spec(side("janet", "Alert"), side("cody", "Perceptive"), cite("challenger", "Gullible"), throw("rock", "scissors"), category="mental"))
    assert result.lost == {"cody": ("Perceptive", "Alert")}


def test_r_neg_1_the_target_risks_her_most_plentiful_trait_unless_she_names_one():
    state = step(begin(night(), spec(side("janet", "Witty"), side("cody", "Dignified"))), cite("challenger", "Tactless"))
    assert state.defender.at_risk_extra == ("Impressive",)


def test_r_neg_1_citations_come_before_the_first_throw():
    state = begin(night(), spec(side("janet", "Witty"), side("cody", "Impressive")))
    with pytest.raises(RuleError) as late:
        step(step(state, throw("rock", "rock")), cite("challenger", "Tactless"))
    assert late.value.rule == "R-NEG-1"


def test_r_neg_1_either_side_cites_by_default():
    state = begin(night(), spec(side("janet", "Witty"), side("cody", "Impressive")))
    state = step(state, cite("defender", "Callous"))
    assert state.challenger.at_risk == ("Witty", "Charismatic")
    assert {offer.side.value for offer in legal_actions(state) if offer.move is Move.CITE} == {"challenger", "defender"}


def test_r_neg_1_house_initiator_only_refuses_the_responders_citation():
    state = begin(night(negative_citers="initiator"), spec(side("janet", "Witty"), side("cody", "Impressive")))
    with pytest.raises(RuleError) as by_defender:
        step(state, cite("defender", "Callous"))
    assert by_defender.value.rule == "R-NEG-1"
    assert [offer.side.value for offer in legal_actions(state) if offer.move is Move.CITE] == ["challenger"]


def test_r_neg_1_rules_version_2_lets_only_the_initiator_cite_unless_the_house_says_either():
    state = begin(night(rules_version=2), spec(side("janet", "Witty"), side("cody", "Impressive")))
    with pytest.raises(RuleError) as by_defender:
        step(state, cite("defender", "Callous"))
    assert by_defender.value.rule == "R-NEG-1"
    either = begin(night(rules_version=2, negative_citers="either"), spec(side("janet", "Witty"), side("cody", "Impressive")))
    assert step(either, cite("defender", "Callous")).challenger.at_risk == ("Witty", "Charismatic")


def test_r_neg_1_the_winner_loses_nothing_she_was_made_to_risk():
    _, result = play(night(), spec(side("janet", "Witty"), side("cody", "Impressive"), cite("challenger", "Tactless"), throw("rock", "paper")))
    assert result.lost == {"janet": ("Witty",)}


def test_r_neg_2_a_citation_that_misses_costs_the_citer_a_trait_at_risk():
    state = step(begin(night(), spec(side("janet", "Witty"), side("cody", "Impressive"))), cite("challenger", "Naive"))
    assert state.challenger.at_risk == ("Witty", "Charismatic")
    assert state.defender.at_risk == ("Impressive",)


def test_r_neg_2_house_off_a_miss_costs_nothing():
    state = step(begin(night(negative_miss_costs=False), spec(side("janet", "Witty"), side("cody", "Impressive"))), cite("challenger", "Naive"))
    assert state.challenger.at_risk == ("Witty",)


def test_r_neg_2_citing_a_negative_more_times_than_the_target_has_it_misses():
    state = begin(night(), spec(side("janet", "Witty"), side("cody", "Impressive")))
    state = step(step(state, cite("challenger", "Tactless")), cite("challenger", "Tactless"))
    assert len(state.defender.at_risk) == 2 and len(state.challenger.at_risk) == 2
