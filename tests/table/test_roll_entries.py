"""Every roll an entry of the night record: typed dice or the station's, Willpower and damage on
the sheet, reversed, reconciled, exported and merged like any other entry."""

from fractions import Fraction

import pytest

from larp.desk import Desk, DeskError, RollCall, read_faces
from larp.ledger import Kind
from larp.ledger.payloads import ENTRY_LINE
from tests.table.conftest import STORYTELLING, Wall


def test_d_roll_typed_dice_are_recorded_die_by_die(wolves):
    prepared = wolves.prepare(RollCall("Dexterity + Athletics", "louis", action="leap the sluice"))
    assert prepared.dice == 5
    entry = wolves.roll(prepared, [10, 8, 3, 1, 7, 2])  # the 10 is rolled again: six dice in all
    assert entry.kind is Kind.ROLL
    assert entry.payload["faces"] == [10, 8, 3, 1, 7, 2]
    assert entry.payload["source"] == "typed"
    assert entry.payload["result"]["successes"] == 2
    assert [die["face"] for die in entry.payload["result"]["dice"]] == [10, 8, 3, 1, 7, 2]
    assert all(die["rule"] for die in entry.payload["result"]["dice"])
    assert entry.summary.startswith("Louis Marchand rolls Dexterity + Athletics (leap the sluice), 5 dice, 10-again")
    ENTRY_LINE.validate_python({**entry.to_json()})  # a bundle would carry it


def test_d_roll_typed_dice_owed_and_too_many_are_refused(wolves):
    prepared = wolves.prepare(RollCall("Dexterity + Athletics", "louis"))
    assert wolves.dice_needed(prepared, [10, 8, 3]) == 3  # two of the pool, and the 10's reroll
    assert wolves.dice_needed(prepared, [10, 8, 3, 1, 7]) == 1  # the 10's reroll
    with pytest.raises(DeskError, match="1 more die to roll"):
        wolves.roll(prepared, [10, 8, 3, 1, 7])
    with pytest.raises(DeskError, match="1 die too many"):
        wolves.roll(prepared, [9, 8, 3, 1, 7, 2])
    assert wolves.entries(kind="roll") == []


def test_d_roll_station_dice_replay_with_a_seed(wolves):
    prepared = wolves.prepare(RollCall("Wits + Composure", "tobias"))
    first = wolves.roll(prepared, seed=12)
    again = wolves.roll(prepared, seed=12)
    assert first.payload["faces"] == again.payload["faces"]
    assert first.payload["source"] == "station" and first.payload["seed"] == 12
    assert len(first.payload["faces"]) >= prepared.dice


def test_d_roll_willpower_spent_lands_on_the_sheet_and_its_reversal_gives_it_back(wolves):
    entry = wolves.roll(wolves.prepare(RollCall("Strength + Brawl", "nadine", willpower=True)), [2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3])
    assert entry.payload["pool"]["dice"] == 11  # Strength 4 + Brawl 4 + Willpower 3
    assert wolves.table_character("nadine").willpower == 5
    wolves.reverse(entry.short_id, "she had no Willpower to spend")
    assert wolves.table_character("nadine").willpower == 6


def test_d_roll_no_willpower_left_is_refused(wolves):
    for _ in range(4):
        wolves.roll(wolves.prepare(RollCall("Resolve", "ridden", willpower=True)), seed=1)
    assert wolves.table_character("ridden").willpower == 0
    with pytest.raises(DeskError, match="no Willpower left"):
        wolves.prepare(RollCall("Resolve", "ridden", willpower=True))


def test_d_roll_an_attack_marks_its_successes_on_the_target(wolves):
    call = RollCall("Strength + Brawl", "nadine", damage="ridden", damage_kind="lethal", defense=3)
    prepared = wolves.prepare(call)
    assert prepared.dice == 5
    entry = wolves.roll(prepared, [8, 9, 2, 3, 4])
    assert entry.character_ids == ("nadine", "ridden")
    assert entry.payload["damage"] == {"target": "ridden", "kind": "lethal", "amount": 2}
    assert wolves.table_character("ridden").health.marks == "XX·······"
    assert "The Ridden Guard takes 2 lethal: Health XX·······" in entry.summary


def test_d_roll_wound_penalty_counts_unless_left_out(wolves):
    wolves.mark("louis", "lethal", 6)
    assert wolves.prepare(RollCall("Wits + Composure", "louis")).dice == 4  # -2: the second-to-last box
    assert wolves.prepare(RollCall("Wits + Composure", "louis", wounds=False)).dice == 6


def test_d_roll_reconciled_and_merged_into_another_record(wolves, tmp_path):
    entry = wolves.roll(wolves.prepare(RollCall("Strength + Brawl", "nadine", willpower=True, damage="ridden")), seed=5)
    night = wolves.reconcile().characters["nadine"]
    assert night.changes[0].entry.id == entry.id
    assert night.changes[0].delta["spent"] == {"willpower": 1}
    bundle = tmp_path / "mill.jsonl"
    wolves.export(bundle)
    with Desk.open(tmp_path / "office.sqlite3", STORYTELLING, "Office", now=Wall()) as office:
        office.merge(bundle)
        assert office.table_character("nadine").willpower == 5
        assert office.table_character("ridden").health == wolves.table_character("ridden").health
        assert [e.id for e in office.entries(kind="roll")] == [entry.id]


def test_d_roll_storyteller_difficulty_and_willpower_success(kindred):
    prepared = kindred.prepare(RollCall("Dexterity + Firearms", "veronica", difficulty=8, willpower=True))
    assert prepared.dice == 5
    entry = kindred.roll(prepared, [9, 1, 1, 8, 1])  # seed 002: Alexandra's 9, 1, 1, 8, 1
    assert entry.payload["difficulty"] == 8
    assert entry.payload["result"]["successes"] == 1  # the 1s cancel both; Willpower's success stands
    assert kindred.table_character("veronica").willpower == 5


def test_d_roll_storyteller_difficulty_out_of_range(kindred):
    with pytest.raises(DeskError, match="difficulty is from 2 to 10"):
        kindred.prepare(RollCall("Wits", "hall", difficulty=11))


def test_d_roll_unknown_trait_is_refused_by_name(kindred):
    with pytest.raises(DeskError, match="Hall's sheet has no Trait “Firearms”"):
        kindred.prepare(RollCall("Dexterity + Firearms", "hall"))


def test_d_roll_in_a_met_chronicle_is_refused(tmp_path):
    with Desk.open(tmp_path / "met.sqlite3", None, "Bar", now=Wall()) as desk:
        with pytest.raises(DeskError, match="Mind's Eye Theatre chronicle"):
            desk.prepare(RollCall("5"))


def test_d_roll_odds_before_the_roll_count_every_option(wolves, kindred):
    """The odds of the roll called: Willpower's three dice in the pool (D-SG-6), 9-again (D-SG-3)
    in the Storytelling System; the difficulty and Willpower's success (D-ST-6) in the Storyteller."""
    louis = wolves.roll_odds(wolves.prepare(RollCall("Dexterity + Athletics", "louis", willpower=True, again=9)))
    assert louis.system == "storytelling" and louis.dice == 8
    assert louis.chance(0) == Fraction(7, 10) ** 8
    five = wolves.roll_odds(wolves.prepare(RollCall("5")))
    assert round(float(five.success), 5) == 0.83193  # issue 9's hand-computed value
    hall = kindred.roll_odds(kindred.prepare(RollCall("3", "hall", difficulty=7, willpower=True)))
    assert hall.system == "storyteller" and hall.success == 1  # Willpower's success can't be cancelled


def test_d_roll_faces_as_typed_zero_is_ten_and_eleven_is_refused():
    assert read_faces("10 8, 0 1") == [10, 8, 10, 1]
    with pytest.raises(DeskError, match="“11” is not a face of a d10"):
        read_faces("10 11")
