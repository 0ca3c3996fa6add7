"""Pools named from a sheet: "Dexterity + Firearms + 2", "Wits + Composure", or a number."""

from pathlib import Path

import pytest

from larp.sheet import PoolError, load_chronicle, parse_pool

CARDS = Path(__file__).resolve().parents[2] / "cards"


@pytest.fixture(scope="module")
def louis():
    return load_chronicle(CARDS / "storytelling").characters["louis"]


@pytest.fixture(scope="module")
def veronica():
    return load_chronicle(CARDS / "storyteller").characters["veronica"]


def test_d_pool_attribute_plus_ability_is_their_dots(veronica):
    pool = parse_pool("Wits + Finance", veronica)  # seed 002: Veronica rolls seven dice
    assert pool.dice == 7
    assert pool.text == "Wits 3 + Finance 4"


def test_d_pool_names_match_without_case_and_modifiers_add_and_take(louis):
    pool = parse_pool("dexterity + athletics + 2 - 1", louis)
    assert [(p.name, p.dots) for p in pool.parts] == [("Dexterity", 3), ("Athletics", 2)]
    assert pool.modifier == 1 and pool.dice == 6


def test_d_pool_a_hyphenated_trait_is_one_name(veronica):
    assert parse_pool("Self-Control", veronica).dice == 2
    assert parse_pool("Wits+Finance-2", veronica).dice == 5


def test_d_pool_of_a_number_needs_no_sheet():
    assert parse_pool("7").dice == 7
    assert parse_pool("-1").dice == -1


def test_d_pool_a_skill_she_lacks_is_unskilled_with_its_category(louis):
    assert parse_pool("Dexterity + Firearms", louis).unskilled == "physical"
    assert parse_pool("Intelligence + Medicine", louis).unskilled == "mental"
    assert parse_pool("Wits + Composure", louis).unskilled is None


def test_d_pool_unknown_trait_is_named_with_a_near_one(louis, veronica):
    with pytest.raises(PoolError, match="Louis Marchand's sheet has no Trait “Dex”. Did you mean Dexterity?"):
        parse_pool("Dex + Brawl", louis)
    with pytest.raises(PoolError, match="has no Trait “Firarms”. Did you mean Firearms?"):
        parse_pool("Dexterity + Firarms", veronica)


@pytest.mark.parametrize(
    ("said", "why"),
    [
        ("", "the pool is empty"),
        ("Dexterity +", "a \\+ or - with nothing after it"),
        ("Strength - Brawl", "only a number takes dice away"),
        ("Wits + wits", "Wits is named twice"),
    ],
)
def test_d_pool_malformed_is_refused_saying_why(louis, said, why):
    with pytest.raises(PoolError, match=why):
        parse_pool(said, louis)


def test_d_pool_a_trait_without_a_sheet_is_refused():
    with pytest.raises(PoolError, match="no sheet"):
        parse_pool("Wits + 2")
