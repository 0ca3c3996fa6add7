"""Health marked at the desk: an entry of its own, on the sheet, reversed, reconciled, merged."""

import pytest

from larp.desk import Desk, DeskError
from larp.ledger import Kind
from tests.table.conftest import STORYTELLING, Wall


def test_d_health_marked_lands_on_the_track_in_the_seeds_order(wolves):
    wolves.mark("louis", "bashing", 1, "a shove")
    entry = wolves.mark("louis", "lethal", 1)
    assert entry.kind is Kind.HEALTH
    assert entry.summary == "Louis Marchand takes 1 lethal: Health X/·····"
    assert wolves.table_character("louis").health.marks == "X/·····"


def test_d_health_healing_and_refusals(wolves):
    wolves.mark("nadine", "lethal", 2)
    wolves.mark("nadine", "lethal", -1, "Essence spent to regenerate")
    assert wolves.table_character("nadine").health.marks == "X·······"
    with pytest.raises(DeskError, match="no bashing damage to heal"):
        wolves.mark("nadine", "bashing", -1)
    with pytest.raises(DeskError, match="bashing, lethal or aggravated"):
        wolves.mark("nadine", "fire", 1)
    with pytest.raises(DeskError, match="no character 'nobody'"):
        wolves.mark("nobody", "lethal", 1)


def test_d_health_mark_is_reversed_and_the_track_comes_back(wolves):
    wrong = wolves.mark("tobias", "aggravated", 2, "silver")
    wolves.reverse(wrong.short_id, "it was Louis, not Tobias")
    assert wolves.table_character("tobias").health.wounds == ()
    change = wolves.reconcile().characters["tobias"].changes[0]
    assert change.reversed_by is not None


def test_d_health_reconciliation_says_start_change_and_end(wolves):
    entry = wolves.mark("ridden", "lethal", 3, "claws")
    night = wolves.reconcile().characters["ridden"]
    assert night.start.health.wounds == ()
    assert night.changes[0].entry.id == entry.id
    assert night.changes[0].delta == {"health": {"lethal": 3, "track": "XXX······"}}
    assert night.end.to_json()["health"] == {
        "boxes": 9, "track": "XXX······", "bashing": 0, "lethal": 3, "aggravated": 0, "penalty": 0, "state": "hurt"
    }


def test_d_health_bundle_carries_the_mark_to_another_station(wolves, tmp_path):
    wolves.mark("louis", "lethal", 2)
    bundle = tmp_path / "mill.jsonl"
    wolves.export(bundle)
    with Desk.open(tmp_path / "other.sqlite3", STORYTELLING, "Office", now=Wall()) as other:
        assert other.merge(bundle) >= 2
        assert other.table_character("louis").health.marks == "XX·····"
        assert other.merge(bundle) == 0


def test_d_health_a_dice_chronicle_throws_no_challenge(wolves):
    with pytest.raises(DeskError, match="storytelling chronicle: its characters roll dice"):
        wolves.regain("louis", "physical")
