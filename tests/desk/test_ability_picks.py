"""The Abilities a retest or a cancel may spend, as the station offers them: the one named for the
challenge first, then those that fit the category, each with the points left (R-RT-1)."""

import pytest

from larp.desk import Desk
from larp.rules import Move
from larp.sheet.transcript import ChallengeSpec, RetestStep, ThrowStep
from tests.station.conftest import CARDS


@pytest.fixture
def desk(tmp_path):
    with Desk.open(db=tmp_path / "night.sqlite3", chronicle=CARDS, station="Bar", narrator="Sam") as desk:
        yield desk


def social(challenger: dict, defender: dict) -> ChallengeSpec:
    return ChallengeSpec.model_validate(
        {"kind": "contested", "category": "social", "challenger": challenger, "defender": defender, "effect": "back off"}
    )


def test_the_cancel_starts_on_the_ability_named_then_those_that_fit_the_category(desk):
    spec = social({"character": "bryn", "trait": "Intimidating", "ability": "Intimidation"}, {"character": "janet", "trait": "Charismatic"})
    state, _ = desk.start(spec)
    state, _ = desk.step(state, ThrowStep.model_validate({"throw": {"challenger": "rock", "defender": "scissors"}}))
    state, _ = desk.step(state, RetestStep.model_validate({"retest": {"side": "defender", "source": "ability", "name": "Expression"}}))
    [cancel] = [offer for offer in desk.offers(state) if offer.move is Move.CANCEL]

    picks = desk.ability_picks(state, cancel)

    assert [pick.name for pick in picks] == ["Intimidation", "Brawl", "Primal-Urge", "Melee", "Athletics", "Dodge"]
    first = picks[0]
    assert (first.named, first.fits, first.left) == (True, True, 2)
    assert [(pick.name, pick.fits, pick.left) for pick in picks[1:3]] == [("Brawl", False, 3), ("Primal-Urge", False, 3)]


def test_with_nothing_named_the_abilities_that_fit_come_first_with_the_points_left(desk):
    spec = social({"character": "janet", "trait": "Charismatic"}, {"character": "bryn", "trait": "Intimidating"})
    state, _ = desk.start(spec)
    state, _ = desk.step(state, ThrowStep.model_validate({"throw": {"challenger": "rock", "defender": "scissors"}}))
    [offer] = [offer for offer in desk.offers(state) if offer.move is Move.RETEST and offer.source == "ability"]

    picks = desk.ability_picks(state, offer)

    assert [pick.name for pick in picks][:2] == ["Intimidation", "Brawl"]
    assert not any(pick.named for pick in picks)
    assert [(pick.fits, pick.left) for pick in picks[:2]] == [(True, 2), (False, 3)]
