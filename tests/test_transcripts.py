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
