"""Experience, pure: running totals equal a replay from zero, caps and their override, no debt
unless allowed, and what each kind of purchase costs and does to the sheet."""

import pytest

from larp.rules.experience import (
    ExperienceError,
    Override,
    Totals,
    bought,
    check_award,
    check_spend,
    check_totals,
    cost,
    earned_in_month,
    parse_purchase,
    replayed,
    running,
    with_entry,
)
from larp.sheet import Sheet
from larp.sheet.experience import Experience, ExperienceEntry
from larp.sheet.experience_rules import CostTable, ExperienceRules

TABLE = CostTable()


def line(kind, change, date="2025-03-01", reason="r"):
    return ExperienceEntry(date=date, change=change, type=kind, reason=reason)


HISTORY = [line("earned", 10), line("spent", 3), line("deducted", 1), line("refund", 2), line("comment", 0), line("set", 20)]


def test_each_grapevine_kind_moves_the_totals_as_grapevine_does():
    totals = [t for _, t in running(HISTORY)]
    assert totals == [Totals(10, 10), Totals(10, 7), Totals(9, 6), Totals(9, 8), Totals(9, 8), Totals(20, 8)]


def test_totals_built_line_by_line_equal_a_replay_from_zero():
    experience = Experience()
    for entry in HISTORY:
        experience = with_entry(experience, entry)
    assert Totals(experience.earned, experience.unspent) == replayed(HISTORY)
    check_totals(experience, "Janet")


def test_totals_that_do_not_add_up_are_refused_with_both_figures():
    with pytest.raises(ExperienceError, match="earned 12, unspent 12.*adds up to earned 10, unspent 10"):
        check_totals(Experience(earned=12, unspent=12, history=[line("earned", 10)]), "Janet")


def test_spending_below_zero_is_refused_unless_the_chronicle_allows_debt():
    poor = Experience(earned=2, unspent=2, history=[line("earned", 2)])
    with pytest.raises(ExperienceError, match="2 unspent experience, 3 needed"):
        check_spend(poor, 3, ExperienceRules(), "Janet")
    check_spend(poor, 3, ExperienceRules(debt=True), "Janet")
    check_spend(poor, 2, ExperienceRules(), "Janet")


def test_an_award_past_the_monthly_cap_is_refused_and_an_override_lets_it_through():
    rules = ExperienceRules(cap_per_month=8)
    with pytest.raises(ExperienceError, match="earned 5 this month; 4 more passes the chronicle's cap of 8 a month"):
        check_award(4, 0, 5, rules, "Janet")
    check_award(3, 0, 5, rules, "Janet")
    check_award(4, 0, 5, rules, "Janet", Override("Mara", "made up a missed game"))


def test_an_award_past_the_cap_per_game_is_refused():
    with pytest.raises(ExperienceError, match="this game"):
        check_award(2, 2, 0, ExperienceRules(cap_per_game=3, cap_per_month=None), "Janet")


def test_an_override_names_who_and_why():
    with pytest.raises(ExperienceError, match="who .* and why"):
        Override("Mara", " ")


def test_only_awards_dated_in_the_month_count_towards_its_cap():
    history = [line("earned", 5, "2025-02-28"), line("earned", 3, "2025-03-01"), line("spent", 2, "2025-03-02"), line("deducted", 1, "2025-03-03")]
    assert earned_in_month(history, "2025-03") == 2


@pytest.mark.parametrize(
    "said, points",
    [
        ("Physical: Quick", 1),
        ("Ability: Occult", 1),
        ("Willpower", 3),
        ("Negative: Clumsy off", 2),
        ("Discipline: Auspex basic", 3),
        ("Discipline: Auspex intermediate", 6),
        ("Discipline: Dominate advanced out of clan", 10),
    ],
)
def test_each_kind_of_purchase_costs_what_the_default_table_says(said, points):
    assert cost(parse_purchase(said), TABLE) == points


def test_a_chronicle_sets_its_own_costs():
    assert cost(parse_purchase("Willpower"), CostTable(willpower=2)) == 2


@pytest.mark.parametrize("said", ["Occult", "Sorcery: Fire", "Ability:", "Discipline: Auspex"])
def test_a_purchase_not_named_as_one_is_refused_saying_how(said):
    with pytest.raises(ExperienceError, match="Ability: Occult|level"):
        parse_purchase(said)


JANET = Sheet.model_validate(
    {
        "id": "janet",
        "name": "Janet Reyes",
        "traits": {"physical": {"Quick": 1}, "social": {"Witty": 1}},
        "negative": {"physical": {"Clumsy": 2}},
        "abilities": {"Occult": 5, "Dodge": 1},
        "willpower": 2,
    }
)


def test_the_sheet_after_each_purchase():
    assert bought(JANET, parse_purchase("Physical: Quick"), TABLE).traits.physical == {"Quick": 2}
    assert bought(JANET, parse_purchase("Mental: Clever"), TABLE).traits.mental == {"Clever": 1}
    assert bought(JANET, parse_purchase("Ability: Dodge"), TABLE).abilities["Dodge"] == 2
    assert bought(JANET, parse_purchase("Ability: Stealth"), TABLE).abilities["Stealth"] == 1
    assert bought(JANET, parse_purchase("Willpower"), TABLE).willpower == 3
    assert bought(JANET, parse_purchase("Negative: Clumsy off"), TABLE).negative.physical == {"Clumsy": 1}


def test_an_ability_past_the_table_s_highest_level_is_refused():
    with pytest.raises(ExperienceError, match="Occult 5: .* up to 5"):
        bought(JANET, parse_purchase("Ability: Occult"), TABLE)


def test_a_negative_trait_she_does_not_have_is_not_bought_off():
    with pytest.raises(ExperienceError, match="no Negative Trait 'Shy'.*Clumsy"):
        bought(JANET, parse_purchase("Negative: Shy off"), TABLE)


@pytest.mark.parametrize("bad", [0, -2, float("nan"), float("inf")])
def test_an_award_or_a_spend_of_no_real_number_of_points_is_refused(bad):
    with pytest.raises(ExperienceError, match="above 0"):
        check_award(bad, 0, 0, ExperienceRules(), "Janet")
    with pytest.raises(ExperienceError, match="above 0"):
        check_spend(Experience(), bad, ExperienceRules(debt=True), "Janet")
