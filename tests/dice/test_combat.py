"""D-SG-6 and D-SG-11 to D-SG-18: combat in the Storytelling System of seed 004."""

from larp.rules.dice.combat import (
    InitiativeRoll,
    act,
    attack_pool,
    defense,
    dodge,
    hold,
    initiative_order,
    movement,
    next_turn,
    start_turn,
    through_cover,
    wait,
)
from tests.dice.refusal import refused


def test_d_sg_11_initiative_is_a_die_plus_the_modifier_highest_first():
    rolls = [InitiativeRoll("Louis", 4, 5), InitiativeRoll("Janelle", 9, 3), InitiativeRoll("Lise", 2, 4)]
    assert [each.total for each in rolls] == [9, 12, 6]
    assert initiative_order(rolls) == ("Janelle", "Louis", "Lise")
    refused("D-SG-11", InitiativeRoll, "Louis", 11, 5)
    refused("D-SG-11", initiative_order, [rolls[0], rolls[0]])


def test_d_sg_11_ties_go_to_the_higher_modifier_then_the_narrators_order():
    tied = [InitiativeRoll("A", 6, 2), InitiativeRoll("B", 3, 5), InitiativeRoll("C", 5, 3), InitiativeRoll("D", 5, 3)]
    assert initiative_order(tied) == ("B", "C", "D", "A")


def test_d_sg_12_one_action_a_turn_in_order_and_yielding_until_later_or_the_next_turn():
    turn = start_turn(("Janelle", "Louis", "Lise"))
    assert turn.up == "Janelle"
    assert "Janelle's action" in refused("D-SG-12", act, turn, "Louis")
    turn = hold(turn, "Janelle")  # she yields until later in the queue
    assert turn.up == "Louis"
    turn = act(turn, "Louis")
    turn = wait(turn, "Lise")  # until the next turn
    assert turn.up is None and not turn.over
    turn = act(turn, "Janelle")
    assert turn.over
    refused("D-SG-12", act, turn, "Louis")
    turn = next_turn(turn)
    assert turn.number == 2 and turn.up == "Janelle" and turn.order == ("Janelle", "Louis", "Lise")


def test_d_sg_13_the_four_attack_pools():
    assert attack_pool("unarmed", 3, 2, defense=2, armor=1).dice == 2  # Strength + Brawl − Defense − armor
    assert attack_pool("armed", 3, 2, defense=2, weapon=2).dice == 5  # Strength + Weaponry + weapon − Defense
    assert attack_pool("ranged", 3, 3, defense=2, armor=1, weapon=2).dice == 7  # guns: no Defense
    assert attack_pool("thrown", 3, 2, defense=2).dice == 3  # Dexterity + Athletics − Defense
    assert attack_pool("unarmed", 3, 0).dice == 2  # no Brawl: unskilled, −1
    refused("D-SG-13", attack_pool, "bite", 3, 2)


def test_d_sg_14_dodging_doubles_defense_and_each_extra_attacker_takes_one():
    assert defense(3) == 3
    assert defense(3, dodging=True) == 6
    assert [defense(2, attacks_before=n) for n in range(4)] == [2, 1, 0, 0]
    assert defense(2, dodging=True, attacks_before=1) == 3
    turn = dodge(start_turn(("Louis", "Janelle")), "Janelle")  # she has not acted: dodges out of order
    assert "Janelle" in turn.dodging and turn.up == "Louis"
    assert "has acted" in refused("D-SG-14", dodge, act(turn, "Louis"), "Louis")


def test_d_sg_6_willpower_raises_defense_by_two_against_one_attack():
    assert defense(3, willpower=True) == 5
    assert defense(1, attacks_before=3, willpower=True) == 2


def test_d_sg_15_defense_counts_against_a_gun_only_up_close_and_prone_cuts_both_ways():
    assert attack_pool("ranged", 3, 3, defense=2, close=True).dice == 4
    at_range = attack_pool("ranged", 3, 3, prone=True)
    assert at_range.dice == 4 and at_range.modifiers[-1].rule == "D-SG-15"
    assert attack_pool("unarmed", 3, 2, prone=True).dice == 7
    assert attack_pool("ranged", 3, 3, prone=True, close=True).dice == 8


def test_d_sg_16_concealment_costs_dice_and_cover_eats_successes():
    assert attack_pool("ranged", 3, 3, concealment=1).dice == 5  # behind an office chair
    assert attack_pool("ranged", 3, 3, concealment=3).dice == 3  # out of a foxhole
    assert attack_pool("unarmed", 3, 3, concealment=3).dice == 6  # close combat: no concealment
    refused("D-SG-16", attack_pool, "ranged", 3, 3, concealment=4)
    assert through_cover(4, 1) == 3 and through_cover(3, 3) == 0
    refused("D-SG-16", through_cover, 3, 4)


def test_d_sg_17_medium_range_costs_two_and_long_range_four():
    assert [attack_pool("ranged", 3, 3, range=r).dice for r in ("short", "medium", "long")] == [6, 4, 2]
    assert attack_pool("thrown", 3, 2, range="long").dice == 1
    refused("D-SG-17", attack_pool, "ranged", 3, 3, range="far")


def test_d_sg_18_speed_is_yards_a_turn_and_running_doubles_it():
    assert movement(9) == 9 and movement(9, running=True) == 18
    refused("D-SG-18", movement, -1)
