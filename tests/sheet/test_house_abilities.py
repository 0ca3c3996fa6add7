"""R-RT-1 in `chronicle.toml`: `[house_rules.abilities]` names the Abilities that fit each
category; a category left out keeps the usual list, and `rules_version` the edition played."""

import pytest

from larp.sheet import Category, HouseRules
from larp.sheet.abilities import MENTAL, SOCIAL
from larp.sheet.errors import SheetError
from larp.sheet.loading import load_chronicle_file


def chronicle_toml(tmp_path, house: str):
    path = tmp_path / "chronicle.toml"
    path.write_text(f'id = "bay"\nname = "Bay"\n\n[house_rules]\n{house}\n')
    return load_chronicle_file(path)


def test_r_rt_1_the_chronicle_lists_the_abilities_of_a_category(tmp_path):
    chronicle = chronicle_toml(tmp_path, '[house_rules.abilities]\nphysical = ["Dodge", "Leadership"]')
    fit = chronicle.house_rules.abilities
    assert fit.physical == ("Dodge", "Leadership") and fit.social == SOCIAL and fit.mental == MENTAL
    assert fit.fits("Leadership", Category.PHYSICAL) and not fit.fits("Brawl", Category.PHYSICAL)
    assert fit.fits("Brawl", Category.RAGE)  # no list for Rage: any Ability


def test_r_rt_1_the_usual_lists_by_default():
    fit = HouseRules().abilities
    assert fit.fits("Dodge", Category.PHYSICAL) and fit.fits("Leadership", Category.SOCIAL)
    assert fit.fits("Investigation", Category.MENTAL) and not fit.fits("Leadership", Category.PHYSICAL)
    assert fit.serves("Expression") is Category.SOCIAL and fit.serves("Glamour Lore") is None


def test_r_rt_1_an_abilities_list_that_is_not_names_is_refused(tmp_path):
    with pytest.raises(SheetError):
        chronicle_toml(tmp_path, '[house_rules.abilities]\nphysical = [3]')


def test_r_neg_1_a_chronicle_opened_now_plays_rules_version_3_with_either_side_citing(tmp_path):
    rules = chronicle_toml(tmp_path, "bomb = true").house_rules
    assert (rules.rules_version, rules.negative_citers) == (3, "either")


def test_rules_version_2_keeps_its_defaults_unless_the_chronicle_says_otherwise(tmp_path):
    rules = chronicle_toml(tmp_path, 'rules_version = 2\nnegative_citers = "either"').house_rules
    assert (rules.rules_version, rules.negative_citers) == (2, "either")
    assert rules.abilities.fits("Leadership", Category.PHYSICAL)
    assert HouseRules.as_recorded({}).negative_citers == "initiator"
    assert HouseRules.as_recorded(HouseRules().model_dump(mode="json")) == HouseRules()


@pytest.mark.parametrize("version", [2, 3])
def test_r_rt_1_the_house_rules_read_back_as_they_were_written(version):
    """Written as JSON (with or without empty values) they read back the same: "any" is a word,
    never left out."""
    rules = HouseRules(rules_version=version)
    assert HouseRules.model_validate_json(rules.model_dump_json(exclude_none=True)) == rules
    assert HouseRules.as_recorded(rules.model_dump(mode="json")) == rules


def test_rules_version_2_a_category_the_chronicle_leaves_out_takes_any_ability():
    rules = HouseRules.model_validate({"rules_version": 2, "abilities": {"physical": ["Dodge"]}})
    assert not rules.abilities.fits("Leadership", Category.PHYSICAL)
    assert rules.abilities.fits("Leadership", Category.MENTAL)


@pytest.mark.parametrize("house", [{}, {"rules_version": 2}, {"abilities": {"physical": ["Dodge"], "rage": ["Primal-Urge"]}}])
def test_r_rt_1_chronicle_toml_written_reads_back_the_same_house_rules(tmp_path, house):
    from larp.sheet import Chronicle
    from larp.sheet.toml_writing import chronicle_toml

    chronicle = Chronicle.model_validate({"id": "bay", "name": "Bay", "house_rules": house})
    path = tmp_path / "chronicle.toml"
    path.write_text(chronicle_toml(chronicle))
    assert load_chronicle_file(path).house_rules == chronicle.house_rules
