"""A night is played under the rules version its record holds: a night opened now records
`rules_version = 3` with every house rule; a record written before the version was kept holds
none, and is read as version 2 with version 2's defaults (only the initiator cites, races cost
nothing and hold nobody, any Ability fits), so that what is played in it keeps those rulings."""

import json
import sqlite3

from larp.desk import Desk
from larp.ledger import Kind
from larp.sheet import HouseRules
from larp.sheet.transcript import ChallengeEvent
from tests.ledger.helpers import open_desk

LOST_RACE = ChallengeEvent.model_validate(
    {
        "challenge": {
            "kind": "race",
            "category": "social",
            "target": 1,
            "effect": "win the room",
            "challenger": {"character": "janet", "trait": "Charismatic"},
            "defender": {"character": "cody", "trait": "Impressive"},
            "steps": [{"throw": {"challenger": "rock", "defender": "paper"}}],
        }
    }
)


def opened_before_versions(tmp_path) -> None:
    """A record whose opening holds the house rules as the station wrote them before rules_version
    and negative_citers were kept."""
    with open_desk(tmp_path):
        pass
    with sqlite3.connect(tmp_path / "night.sqlite3") as db:
        db.execute("DROP TRIGGER entries_are_never_edited")
        seq, line = db.execute("SELECT seq, line FROM entries WHERE kind = ?", (Kind.OPENED.value,)).fetchone()
        data = json.loads(line)
        for key in ("rules_version", "negative_citers", "abilities"):
            data["payload"]["chronicle"]["house_rules"].pop(key)
        db.execute("UPDATE entries SET line = ? WHERE seq = ?", (json.dumps(data), seq))


def test_a_night_opened_now_records_rules_version_3(tmp_path):
    with open_desk(tmp_path) as desk:
        [opening] = desk.entries(kind=Kind.OPENED.value)
        recorded = opening.payload["chronicle"]["house_rules"]
        assert recorded["rules_version"] == 3 and recorded["negative_citers"] == "either"
        assert desk.night().rules == HouseRules()


def test_r_ext_2_a_race_in_a_night_recorded_before_rules_version_3_costs_nothing(tmp_path):
    opened_before_versions(tmp_path)
    with open_desk(tmp_path) as desk:
        rules = desk.night().rules
        assert (rules.rules_version, rules.negative_citers) == (2, "initiator")
        entry = desk.record(LOST_RACE)
        assert entry.result.winner == "defender" and dict(entry.result.lost) == {}
        assert not desk.night().locks  # R-NIGHT-2 as version 2 ruled: races hold nobody


def test_r_ext_2_the_same_race_in_a_night_opened_now_costs_the_bid_and_holds(tmp_path):
    with open_desk(tmp_path) as desk:
        entry = desk.record(LOST_RACE)
        assert dict(entry.result.lost) == {"janet": ("Charismatic",)}
        assert desk.night().locks


def test_an_old_record_reconciles_as_it_was_played(tmp_path):
    opened_before_versions(tmp_path)
    with open_desk(tmp_path) as desk:
        desk.record(LOST_RACE)
    with Desk.read(tmp_path / "night.sqlite3") as desk:
        done = desk.reconcile()
        assert not done.damaged
        assert desk.night().characters["janet"].lost == {}
        assert desk.night().rules.rules_version == 2
