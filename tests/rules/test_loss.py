"""R-LOSS: who crosses off what when the challenge is over."""

from larp.sheet import Category
from tests.rules.helpers import (
    CODY,
    JANET,
    begin,
    cite,
    night,
    play,
    retest,
    sheet,
    side,
    spec,
    step,
    throw,
)


def test_r_loss_1_the_contested_loser_crosses_off_every_trait_she_risked_and_the_winner_nothing():
    steps = [cite("challenger", "Tactless"), throw("rock", "scissors")]
    after, result = play(night(), spec(side("janet", "Witty"), side("cody", "Impressive"), *steps))
    assert result.lost == {"cody": ("Impressive", "Impressive")}
    assert after.characters["janet"].total(Category.SOCIAL) == 9


def test_r_loss_1_traits_are_crossed_off_only_when_the_challenge_is_over():
    state = step(begin(night(), spec(side("janet", "Witty"), side("cody", "Impressive"))), throw("rock", "paper"))
    state = step(state, retest("challenger", "ability", "Leadership"))
    assert state.available["janet"]["Witty"] == 3  # nothing crossed off mid-challenge
    after, result = play(night(), spec(side("janet", "Witty"), side("cody", "Impressive"), throw("rock", "paper"), retest("challenger", "ability", "Leadership"), throw("paper", "rock")))
    assert result.lost == {"cody": ("Impressive",)}
    assert after.characters["janet"].available(Category.SOCIAL)["Witty"] == 3


def test_r_loss_2_a_static_loser_crosses_nothing_off():
    _, result = play(night(), spec(side("janet", "Witty"), {"static": 6}, throw("rock", "paper"), kind="static"))
    assert result.winner == "defender" and result.lost == {}


def test_r_loss_3_nobody_crosses_off_traits_in_willpower_rage_or_gnosis_challenges():
    garou = night(sheet(JANET, rage=2, gnosis=2), CODY)
    for category in ("willpower", "rage", "gnosis"):
        after, result = play(garou, spec(side("cody"), side("janet"), throw("rock", "paper"), category=category))
        assert result.winner == "defender" and result.lost == {} and result.throws == 1
        assert after.characters["cody"].current(Category(category)) == garou.characters["cody"].current(Category(category))


def test_r_loss_3_willpower_spent_for_a_retest_is_spent_whatever_the_outcome():
    steps = [throw("paper", "rock"), retest("defender", "willpower"), throw("paper", "rock")]
    after, result = play(night(), spec(side("janet"), side("cody"), *steps, category="willpower", control=True))
    assert result.winner == "challenger" and result.spent["cody"].willpower == 1
    assert after.characters["cody"].willpower == 3


def test_r_loss_4_relenting_costs_nothing_and_spent_points_are_never_refunded():
    _, relented = play(night(), spec(side("janet", "Witty"), side("cody", "Impressive"), {"relent": "defender"}))
    assert relented.lost == {} and relented.spent == {}
    steps = [throw("rock", "paper"), retest("challenger", "ability", "Leadership"), throw("paper", "rock")]
    after, won = play(night(), spec(side("janet", "Witty"), side("cody", "Impressive"), *steps))
    assert won.winner == "challenger" and after.characters["janet"].abilities["Leadership"] == 1
