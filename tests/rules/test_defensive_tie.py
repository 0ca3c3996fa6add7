"""R-TIE-4: an equal tie goes to the side whose action is the more defensive: the responder,
unless the Narrator names the initiator's (the challenge's `defensive`); a static difficulty
always counts as the defender."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from larp.rules import Phase, RuleError, can_name_defensive, name_defensive, run_challenge
from tests.rules.helpers import begin, declare, night, play, side, spec, step, throw

EQUAL_TIE = [throw("rock", "rock"), declare("challenger", 9)]
"""Cody (10 Social) declares 9 against Janet's 9."""


def test_r_tie_4_an_equal_tie_goes_to_the_initiator_the_narrator_names_defensive():
    _, result = play(night(), spec(side("cody", "Impressive"), side("janet", "Witty"), *EQUAL_TIE, defensive="challenger"))
    assert result.winner == "challenger" and result.lost == {"janet": ("Witty",)}
    [said] = [note.text for note in result.notes if note.rule == "R-TIE-4" and "Totals" in note.text]
    assert "the more defensive action wins, and the Narrator named Cody's" in said


def test_r_tie_4_naming_the_responder_defensive_is_the_default():
    named = spec(side("cody", "Impressive"), side("janet", "Witty"), *EQUAL_TIE, defensive="defender")
    plain = spec(side("cody", "Impressive"), side("janet", "Witty"), *EQUAL_TIE)
    assert play(night(), named)[1].winner == play(night(), plain)[1].winner == "defender"


def test_r_tie_4_the_initiator_is_never_defensive_against_a_static_difficulty():
    with pytest.raises(RuleError) as refused:
        run_challenge(night(), spec(side("janet", "Witty"), {"static": 9}, throw("rock", "rock"), kind="static", defensive="challenger"))
    assert refused.value.rule == "R-TIE-4"


def test_r_tie_4_a_higher_total_wins_whoever_is_defensive():
    steps = [throw("rock", "rock")]  # Cody 10 against Janet 9
    _, result = play(night(), spec(side("janet", "Witty"), side("cody", "Impressive"), *steps, defensive="challenger"))
    assert result.winner == "defender"


def test_r_tie_4_house_both_lose_ignores_the_defensive_side():
    _, result = play(night(equal_tie="both-lose"), spec(side("cody", "Impressive"), side("janet", "Witty"), *EQUAL_TIE, defensive="challenger"))
    assert result.winner is None


def test_r_tie_4_the_narrator_names_the_defensive_action_before_the_first_throw():
    state = begin(night(), spec(side("cody", "Impressive"), side("janet", "Witty")))
    assert can_name_defensive(state)
    state, notes = name_defensive(state, "challenger")
    assert state.spec.defensive == "challenger" and notes[0].rule == "R-TIE-4"
    state = step(step(state, throw("rock", "rock")), declare("challenger", 9))
    assert not can_name_defensive(state)
    with pytest.raises(RuleError) as late:
        name_defensive(state, "defender")
    assert late.value.rule == "R-TIE-4"
    assert state.phase is Phase.DECIDED


def test_r_tie_4_naming_it_back_to_the_responder_leaves_the_default():
    state = begin(night(), spec(side("cody", "Impressive"), side("janet", "Witty")))
    state, _ = name_defensive(name_defensive(state, "challenger")[0], "defender")
    assert state.spec.defensive is None


def test_r_tie_4_no_defensive_naming_against_a_static_difficulty():
    state = begin(night(), spec(side("janet", "Witty"), {"static": 9}, kind="static"))
    assert not can_name_defensive(state)
    with pytest.raises(RuleError) as refused:
        name_defensive(state, "challenger")
    assert refused.value.rule == "R-TIE-4"


@given(mine=st.integers(0, 10), theirs=st.integers(0, 9), defensive=st.sampled_from([None, "challenger", "defender"]))
def test_r_tie_4_on_equal_figures_the_defensive_side_wins_and_otherwise_the_higher(mine, theirs, defensive):
    steps = [throw("rock", "rock"), declare("challenger", mine), declare("defender", theirs)]
    _, result = play(night(), spec(side("cody", "Impressive"), side("janet", "Witty"), *steps, defensive=defensive))
    expected = "challenger" if mine > theirs or (mine == theirs and defensive == "challenger") else "defender"
    assert result.winner == expected
