"""Adjudicating at the desk: a challenge step by step, committed as one entry."""

import pytest

from larp.desk import DeskError
from larp.ledger import Kind
from larp.rules import CONCLUDE, Move
from larp.sheet import Category, Sheet
from larp.sheet.transcript import RetestStep, ThrowStep
from tests.ledger.helpers import SHEETS, contest, open_desk, regaining

SHOVE = contest("janet", "Quick", "cody", "Brawny", effect="shove him off the pier").challenge


def throw(challenger, defender):
    return ThrowStep.model_validate({"throw": {"challenger": challenger, "defender": defender}})


@pytest.fixture
def desk(tmp_path):
    return open_desk(tmp_path)


def test_a_challenge_played_step_by_step_is_one_adjudication_entry(desk):
    state, notes = desk.start(SHOVE)
    assert {offer.move for offer in desk.offers(state)} >= {Move.THROW, Move.RELENT}
    state, more = desk.step(state, throw("rock", "scissors"))
    state, _ = desk.step(state, CONCLUDE)
    entry = desk.commit(state)
    assert entry.kind is Kind.ADJUDICATION
    assert entry.payload["challenge"]["effect"] == "shove him off the pier"
    assert entry.payload["challenge"]["steps"] == [{"throw": {"challenger": "rock", "defender": "scissors"}}]
    assert entry.result.winner == "challenger" and entry.result.lost == {"cody": ("Brawny",)}
    assert entry.summary == (
        "Janet Reyes v Cody Harlan, contested Physical (shove him off the pier): "
        "Janet Reyes wins (1 throw); Cody Harlan loses Brawny"
    )
    assert desk.character("cody").lost == {"physical": ("Brawny",)}


def test_commit_concludes_a_challenge_whose_throw_has_a_result(desk):
    state, _ = desk.start(SHOVE)
    state, _ = desk.step(state, throw("paper", "scissors"))
    assert desk.commit(state).result.lost == {"janet": ("Quick",)}


def test_r_ch_4_a_challenge_with_no_throw_can_not_be_committed(desk):
    state, _ = desk.start(SHOVE)
    with pytest.raises(DeskError, match="no throw has been made") as refused:
        desk.commit(state)
    assert refused.value.rule == "R-CH-4"
    assert desk.entries(kind="adjudication") == []


def test_a_step_the_rules_forbid_is_a_desk_error_naming_the_rule(desk):
    state, _ = desk.start(SHOVE)
    state, _ = desk.step(state, throw("rock", "scissors"))
    retest = RetestStep.model_validate({"retest": {"side": "challenger", "source": "ability", "name": "Dodge"}})
    with pytest.raises(DeskError, match=r"only the side that lost the latest throw may retest.*\(R-RT-1\)") as refused:
        desk.step(state, retest)
    assert refused.value.rule == "R-RT-1"


def test_a_challenge_is_refused_at_commit_when_the_record_changed_for_its_characters(desk):
    state, _ = desk.start(SHOVE)
    state, _ = desk.step(state, throw("rock", "scissors"))
    desk.record(contest("wick", "Quick", "janet", "Quick", ("rock", "scissors")))
    with pytest.raises(DeskError, match="the record changed for these characters while the challenge was under way"):
        desk.commit(state)
    assert len(desk.entries(kind="adjudication")) == 1


def test_r_night_1_a_second_regain_in_a_category_is_refused(desk):
    desk.record(contest("cody", "Brawny", "janet", "Quick", ("rock", "scissors")))
    entry = desk.regain("janet", Category.PHYSICAL)
    assert entry.result.regained == {"janet": ("Quick",)}
    assert desk.character("janet").willpower == SHEETS["janet"]["willpower"] - 1
    with pytest.raises(DeskError, match="already regained Physical Traits tonight") as refused:
        desk.regain("janet", "physical")
    assert refused.value.rule == "R-NIGHT-1"
    assert f"at station {entry.station}, game time 0:00 (entry {entry.short_id})" in str(refused.value)
    assert desk.earlier_regain("janet", "physical") == entry and desk.earlier_regain("janet", "social") is None


def test_a_character_joins_and_her_sheet_changes_for_good(desk):
    newcomer = Sheet.model_validate({"id": "bryn", "name": "Bryn", "traits": {"physical": {"Ferocious": 2}}, "willpower": 2})
    desk.add(newcomer)
    with pytest.raises(DeskError, match="already in tonight's record"):
        desk.add(newcomer)
    desk.record(contest("bryn", "Ferocious", "janet", "Quick", ("rock", "paper")))
    grown = newcomer.model_copy(update={"willpower": 3, "abilities": {"Brawl": 1}})
    entry = desk.change(grown)
    assert entry.summary == "Bryn's sheet changes: abilities, willpower"
    bryn = desk.character("bryn")
    assert (bryn.sheet, bryn.willpower, bryn.abilities, bryn.lost) == (grown, 3, {"Brawl": 1}, {"physical": ("Ferocious",)})


def test_an_unknown_character_is_said_so(desk):
    with pytest.raises(DeskError, match="there is no character 'nobody' tonight"):
        desk.sheet("nobody")


def test_a_run_recorded_behind_the_desk_among_later_entries_of_another_station(tmp_path):
    bar = open_desk(tmp_path, station="bar", db="bar.sqlite3")
    bar.advance(60)
    bar.record(contest("wick", "Quick", "cody", "Tough", ("rock", "scissors")))
    bar.export(tmp_path / "bar.jsonl")
    hall = open_desk(tmp_path, station="hall", db="hall.sqlite3")
    hall.merge(tmp_path / "bar.jsonl")
    hall.hold()
    committed = []
    hall.record_all([contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors")), regaining("cody", "physical")], committed.append)
    assert [entry.kind for entry in committed] == [Kind.ADJUDICATION, Kind.REGAIN]
    assert [entry.id for entry in hall.entries(station="hall")][-2:] == [entry.id for entry in committed]
    assert hall.character("cody").lost == {"physical": ("Tough",)}
