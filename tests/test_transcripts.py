"""`larp resolve` on transcript files: each NAME.json beside NAME.expected.json.

The worked examples of the source text (`worked_*`), every refusal the rules make
(`refused_*`, exit 3 with the rule's id) and input that breaks the contract
(`bad_*`, exit 2 with the place named) are checked against the expected files.
"""

import json
from pathlib import Path

import pytest

from larp.cli import main

HERE = Path(__file__).parent / "transcripts"
CASES = sorted(p for p in HERE.glob("*.json") if not p.name.endswith(".expected.json"))


def resolve(path: Path, capsys) -> tuple[int, str, str]:
    code = main(["resolve", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_transcript_gives_the_expected_result(case: Path, capsys):
    expected = json.loads(case.with_name(case.stem + ".expected.json").read_text())
    code, out, err = resolve(case, capsys)
    assert code == expected["exit"]
    if code == 2:
        assert out == ""
        assert err.count("\n") == 1 and err.rstrip().endswith(expected["stderr"])
    else:
        assert json.loads(out) == expected["stdout"]


def test_worked_tie_janet_wins_nine_against_eight_and_cody_loses_impressive(capsys):
    _, out, _ = resolve(HERE / "worked_tie.json", capsys)
    tie = json.loads(out)["results"][2]
    assert tie["winner"] == "challenger" and tie["lost"] == {"cody": ["Impressive"]}


def test_worked_ability_retest_cody_retests_with_leadership_and_janet_loses_charismatic(capsys):
    _, out, _ = resolve(HERE / "worked_ability_retest.json", capsys)
    result = json.loads(out)["results"][0]
    assert result["winner"] == "defender" and result["throws"] == 2
    assert result["lost"] == {"janet": ["Charismatic"]}
    assert result["spent"] == {"cody": {"abilities": {"Leadership": 1}, "willpower": 0}}


def test_worked_overbid_jen_doubles_cody_retests_and_cody_loses_perceptive(capsys):
    _, out, _ = resolve(HERE / "worked_overbid.json", capsys)
    result = json.loads(out)["results"][0]
    assert result["winner"] == "defender" and result["lost"] == {"cody": ["Perceptive"]}


def test_every_refusal_names_a_rule_of_the_rules(capsys):
    rules_text = Path(__file__).parents[1] / "docs" / "rules.md"
    refused = [case for case in CASES if case.stem.startswith("refused_")]
    assert len(refused) >= 8
    for case in refused:
        _, out, _ = resolve(case, capsys)
        rule = json.loads(out)["error"]["rule"]
        assert rule.startswith("R-")
        assert rule in rules_text.read_text()


def round_three(capsys) -> list[dict]:
    _, out, _ = resolve(HERE / "worked_round_three.json", capsys)
    return json.loads(out)["results"]


def test_r_rt_3_overbid_in_rage_and_willpower_challenges_crosses_off_nothing(capsys):
    rage, willpower = round_three(capsys)[:2]
    assert (rage["winner"], rage["throws"], rage["lost"]) == ("challenger", 2, {})
    assert (willpower["winner"], willpower["throws"], willpower["lost"]) == ("defender", 1, {})


def test_r_neg_1_the_responder_cites_by_default(capsys):
    toast = round_three(capsys)[2]
    assert toast["winner"] == "challenger" and toast["lost"] == {"cody": ["Impressive"]}


def test_r_tie_4_the_fleeing_initiator_wins_the_equal_tie(capsys):
    flight = round_three(capsys)[3]
    assert flight["winner"] == "challenger" and flight["lost"] == {"cody": ["Brawny"]}


def test_r_ext_2_the_lost_race_costs_the_bid_and_holds_the_five_minute_rule(capsys):
    race = round_three(capsys)[6]
    assert race["winner"] == "defender" and race["lost"] == {"janet": ["Eloquent"]}
    code, out, _ = resolve(HERE / "refused_a_lost_race_held_by_the_five_minute_rule.json", capsys)
    assert code == 3 and json.loads(out)["error"]["rule"] == "R-NIGHT-2"


def test_rules_version_2_the_same_race_costs_nothing_and_holds_nobody(capsys):
    _, out, _ = resolve(HERE / "worked_rules_version_2.json", capsys)
    first, second = json.loads(out)["results"]
    assert first["lost"] == second["lost"] == {} and second["winner"] == "defender"


def test_r_health_4_worked_wounds_cody_wounded_loses_the_tie_and_an_incapacitated_janet_loses_at_once(capsys):
    _, out, _ = resolve(HERE / "worked_wounds.json", capsys)
    night = json.loads(out)
    tie, at_once = night["results"][1], night["results"][3]
    assert tie["winner"] == "challenger" and tie["lost"] == {"cody": ["Brawny"]}
    assert at_once["winner"] == "challenger" and at_once["throws"] == 0 and at_once["lost"] == {}
    assert night["characters"]["cody"]["wounds"] == 6 and night["characters"]["janet"]["wounds"] == 4
