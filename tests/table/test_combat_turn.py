"""A combat turn at the desk (seed 004): Initiative, its order, attacks against Defense, damage."""

import pytest

from larp.desk import DeskError
from larp.desk.combat import Attack
from larp.desk.deciding import initiative_order


def test_d_combat_initiative_is_a_die_plus_dexterity_and_composure(wolves):
    entry = wolves.initiative("louis", 7)
    assert entry.payload["result"]["initiative"] == 13  # 7 + Dexterity 3 + Composure 3
    assert entry.payload["action"] == "Initiative" and entry.payload["source"] == "typed"
    assert entry.summary == "Louis Marchand rolls Initiative: 7 + 6 = 13"
    rolled = wolves.initiative("nadine", seed=3)
    assert rolled.payload["source"] == "station"
    assert 1 <= rolled.payload["faces"][0] <= 10


def test_d_combat_order_is_highest_initiative_first():
    totals = {"louis": (13, 6), "nadine": (15, 6), "ridden": (13, 4), "tobias": (9, 5)}
    assert initiative_order(totals) == ["nadine", "louis", "ridden", "tobias"]


def test_d_combat_unarmed_attack_is_strength_brawl_less_defense_and_armor_bashing(wolves):
    call = wolves.attack_call(Attack("nadine", "ridden", "unarmed"))
    assert (call.pool, call.damage, call.damage_kind) == ("Strength + Brawl", "ridden", "bashing")
    assert call.defense == 3  # the Ridden Guard's Defense 2 (Wits 2, Dexterity 2) and armor 1


def test_d_combat_defense_doubled_by_a_dodge_and_one_less_per_earlier_attack(wolves):
    assert wolves.attack_call(Attack("nadine", "louis", "armed", dodging=True)).defense == 6
    assert wolves.attack_call(Attack("nadine", "louis", "armed", dodging=True, attacks_before=2)).defense == 4
    assert wolves.attack_call(Attack("nadine", "louis", "armed", attacks_before=5)).defense == 0


def test_d_combat_gunfire_ignores_defense_but_not_armor(wolves):
    call = wolves.attack_call(Attack("louis", "ridden", "ranged"))
    assert (call.pool, call.damage_kind, call.defense) == ("Dexterity + Firearms", "lethal", 1)


def test_d_combat_attack_roll_marks_the_defenders_track(wolves):
    prepared = wolves.prepare(wolves.attack_call(Attack("nadine", "ridden", "armed")))
    assert prepared.dice == 3  # Strength 4 + Weaponry 2, less Defense 2 and armor 1
    entry = wolves.roll(prepared, [9, 8, 1])
    assert entry.payload["damage"] == {"target": "ridden", "kind": "lethal", "amount": 2}
    assert wolves.table_character("ridden").health.marks == "XX·······"


def test_d_combat_refusals(wolves, kindred):
    with pytest.raises(DeskError, match="does not attack herself"):
        wolves.attack_call(Attack("louis", "louis"))
    with pytest.raises(DeskError, match="an attack is unarmed, armed, ranged, thrown"):
        wolves.attack_call(Attack("louis", "ridden", "magic"))
    with pytest.raises(DeskError, match="a d10 shows 1 to 10"):
        wolves.initiative("louis", 11)
    with pytest.raises(DeskError, match="Storyteller sheet"):
        kindred.initiative("hall", 5)


def test_d_sg_11_desk_orders_the_initiative_rolled_ties_to_the_higher_modifier(wolves):
    # Louis and Nadine have Initiative +6, the Ridden Guard +4: on a tie at 10 both come before him.
    assert wolves.initiative_order({"ridden": 10, "louis": 10, "nadine": 12}) == ["nadine", "louis", "ridden"]



def test_d_sg_11_desk_refuses_initiative_order_for_a_storyteller_sheet(kindred):
    with pytest.raises(DeskError, match="Storyteller sheet"):
        kindred.initiative_order({"hall": 9})
