"""R-CH: naming the challenge, relenting, exhaustion, throws."""

import pytest

from larp.rules import Move, Phase, RuleError, Sign, legal_actions
from larp.sheet import Category
from tests.rules.helpers import (
    JANET,
    begin,
    night,
    play,
    sheet,
    side,
    spec,
    step,
    throw,
)


def test_r_ch_1_the_initiator_bids_a_trait_she_has_not_lost():
    after, _ = play(night(), spec(side("janet", "Quick"), side("cody", "Brawny"), throw("rock", "paper"), category="physical"))
    with pytest.raises(RuleError) as refused:
        play(after, spec(side("janet", "Quick"), side("cody", "Brawny"), category="physical"))
    assert refused.value.rule == "R-CH-1"
    assert "lost every 'Quick'" in refused.value.message


def test_r_ch_1_a_trait_not_on_the_sheet_is_refused():
    with pytest.raises(RuleError) as refused:
        begin(night(), spec(side("janet", "Brawny"), side("cody", "Quick"), category="physical"))
    assert refused.value.rule == "R-CH-1"


def test_r_ch_1_the_challenge_records_category_bid_effect_and_target():
    state = begin(night(), spec(side("janet", "Witty"), side("cody", "Impressive"), effect="my wit wins the room"))
    assert (state.category.value, state.challenger.bid, state.defender.character, state.spec.effect) == (
        "social",
        "Witty",
        "cody",
        "my wit wins the room",
    )


def test_r_ch_2_relenting_gives_the_initiator_the_win_and_costs_nobody_a_trait():
    after, result = play(night(), spec(side("janet", "Witty"), side("cody", "Impressive"), {"relent": "defender"}))
    assert result.winner == "challenger" and result.lost == {} and result.throws == 0
    assert after.characters["cody"].total(Category.SOCIAL) == 10


def test_r_ch_2_only_the_responder_relents_and_only_before_the_throw():
    state = begin(night(), spec(side("janet", "Witty"), side("cody", "Impressive")))
    with pytest.raises(RuleError) as refused:
        step(state, {"relent": "challenger"})
    assert refused.value.rule == "R-CH-2"
    thrown = step(state, throw("rock", "paper"))
    with pytest.raises(RuleError) as late:
        step(thrown, {"relent": "defender"})
    assert late.value.rule == "R-CH-2"


def test_r_ch_2_a_responder_who_is_not_exhausted_must_name_a_trait():
    with pytest.raises(RuleError) as refused:
        begin(night(), spec(side("janet", "Witty"), side("cody")))
    assert refused.value.rule == "R-CH-2"


def test_r_ch_3_an_exhausted_initiator_cannot_start_the_challenge():
    spent = sheet(JANET, traits={"social": {"Witty": 1}})
    after, _ = play(night(spent, night().characters["cody"].sheet), spec(side("janet", "Witty"), side("cody", "Impressive"), throw("rock", "paper")))
    with pytest.raises(RuleError) as refused:
        play(after, spec(side("janet", "Witty"), side("cody", "Impressive")))
    assert refused.value.rule == "R-CH-3"


def test_r_ch_3_an_exhausted_responder_loses_at_once_without_a_throw():
    spent = sheet(JANET, traits={"physical": {"Quick": 1}})
    the_night = night(spent, night().characters["cody"].sheet)
    after, _ = play(the_night, spec(side("cody", "Brawny"), side("janet", "Quick"), throw("paper", "rock"), category="physical"))
    assert after.characters["janet"].total(Category.PHYSICAL) == 0
    state = begin(after, spec(side("cody", "Brawny"), side("janet"), category="physical"))
    assert state.phase is Phase.OVER
    _, result = play(after, spec(side("cody", "Brawny"), side("janet"), category="physical"))
    assert result.winner == "challenger" and result.throws == 0 and result.lost == {}


def test_r_ch_4_rock_beats_scissors_scissors_beat_paper_paper_beats_rock():
    assert Sign.ROCK.beats(Sign.SCISSORS) and Sign.SCISSORS.beats(Sign.PAPER) and Sign.PAPER.beats(Sign.ROCK)
    assert not Sign.ROCK.beats(Sign.PAPER) and not Sign.ROCK.beats(Sign.ROCK)


def test_r_ch_4_the_station_records_what_each_side_threw():
    state = step(begin(night(), spec(side("janet", "Witty"), side("cody", "Impressive"))), throw("scissors", "paper"))
    assert state.signs == (Sign.SCISSORS, Sign.PAPER)


def test_r_ch_4_bomb_beats_rock_and_paper_and_loses_to_scissors():
    assert Sign.BOMB.beats(Sign.ROCK) and Sign.BOMB.beats(Sign.PAPER) and Sign.SCISSORS.beats(Sign.BOMB)


def test_r_ch_4_the_bomb_needs_both_the_house_rule_and_the_sheet():
    challenge = spec(side("cody", "Impressive"), side("janet", "Witty"))
    with pytest.raises(RuleError) as refused:
        step(begin(night(), challenge), throw("bomb", "rock"))
    assert refused.value.rule == "R-CH-4"
    allowed = begin(night(bomb=True), challenge)
    throws = {offer.side.value: offer.choices for offer in legal_actions(allowed) if offer.move is Move.THROW}
    assert "bomb" in throws["challenger"] and "bomb" not in throws["defender"]
    assert step(allowed, throw("bomb", "rock")).result.value == "challenger"
    with pytest.raises(RuleError):
        step(allowed, throw("rock", "bomb"))


@pytest.mark.parametrize("kind", ["streak", "race"])
def test_r_ch_2_a_relent_in_an_extended_challenge_gives_the_initiator_the_win(kind):
    _, result = play(night(), spec(side("janet", "Witty"), side("cody", "Impressive"), {"relent": "defender"}, kind=kind, target=2))
    assert result.winner == "challenger" and result.lost == {} and result.throws == 0
