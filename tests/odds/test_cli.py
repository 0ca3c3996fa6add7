"""`larp odds --transcript FILE --event N`: a transcript challenge's odds before each step."""

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

from larp.cli import main
from larp.rules import apply, start_challenge
from larp.rules.odds import challenge_odds
from larp.rules.odds.replayed import challenge_at
from larp.sheet.loading import load_transcript

DEMO = Path(__file__).resolve().parents[2] / "cards" / "demo-night.json"


def larp_odds(capsys, *args: str) -> tuple[int, str, str]:
    status = main(["odds", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_json_gives_the_exact_odds_before_each_step_and_after_the_last(capsys):
    status, out, _ = larp_odds(capsys, "--transcript", str(DEMO), "--event", "10", "--format", "json")
    assert status == 0
    shown = json.loads(out)
    transcript = load_transcript(DEMO.read_text(), "demo")
    night, spec = challenge_at(transcript, 10)
    state = start_challenge(night, spec)[0]
    assert [row["before"] for row in shown["steps"]] == list(range(len(spec.steps) + 1))
    for row, step in zip(shown["steps"], [*spec.steps, None]):
        odds = challenge_odds(state)
        assert Fraction(row["odds"]["challenger"]["fraction"]) == odds.challenger
        assert Fraction(row["odds"]["defender"]["fraction"]) == odds.defender
        if step is not None:
            assert row["step"] == step.model_dump(mode="json", exclude_none=True)
            state = apply(state, step)[0]
    assert shown["winner"] == "challenger" and shown["policy"] == "best"


def test_the_odds_change_as_a_retest_is_spent_and_a_throw_is_lost(capsys):
    _, out, _ = larp_odds(capsys, "--transcript", str(DEMO), "--event", "10", "--format", "json")
    chances = [Fraction(row["odds"]["challenger"]["fraction"]) for row in json.loads(out)["steps"]]
    assert len(set(chances)) > 1


def test_step_gives_the_odds_before_that_step_only(capsys):
    _, whole, _ = larp_odds(capsys, "--transcript", str(DEMO), "--event", "10", "--format", "json")
    _, one, _ = larp_odds(capsys, "--transcript", str(DEMO), "--event", "10", "--step", "2", "--format", "json")
    assert json.loads(one)["steps"] == [json.loads(whole)["steps"][2]]


def test_text_names_the_sides_the_policy_and_each_step(capsys):
    status, out, _ = larp_odds(capsys, "--transcript", str(DEMO), "--event", "10", "--policy", "always")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("Event 10: contested mental challenge, Aldous Whitcombe (challenger) against Nadia Sorensen")
    assert lines[1].startswith("Policy always: the loser retests whenever possible")
    assert any("before 1" in line and "retest: defender, willpower" in line for line in lines)
    assert lines[-1] == "As recorded, the challenge ends: Aldous Whitcombe wins."


def test_an_event_that_is_no_challenge_is_refused_with_its_place(capsys):
    status, out, err = larp_odds(capsys, "--transcript", str(DEMO), "--event", "3")
    assert (status, out) == (2, "")
    assert err.strip() == "larp odds: --event 3: event 3 is a clock, not a challenge"
    status, _, err = larp_odds(capsys, "--transcript", str(DEMO), "--event", "99")
    assert status == 2 and "no event 99" in err


def test_a_step_out_of_range_and_a_bad_file_are_refused(capsys, tmp_path):
    status, _, err = larp_odds(capsys, "--transcript", str(DEMO), "--event", "10", "--step", "9")
    assert status == 2 and "--step 9: the challenge has 5 steps" in err
    bad = tmp_path / "night.json"
    bad.write_text("{not json")
    status, out, err = larp_odds(capsys, "--transcript", str(bad), "--event", "0")
    assert status == 2 and out == "" and err.startswith(f"larp odds: {bad}")


def test_a_step_the_rules_forbid_is_refused_with_its_rule(capsys, tmp_path):
    transcript = json.loads(DEMO.read_text())
    steps = transcript["events"][10]["challenge"]["steps"]
    steps.insert(1, steps[1])  # the same Willpower retest twice
    forged = tmp_path / "night.json"
    forged.write_text(json.dumps(transcript))
    status, _, err = larp_odds(capsys, "--transcript", str(forged), "--event", "10")
    assert status == 3
    assert err.startswith("larp odds: event 10, step 2: refused by R-")


def test_larp_odds_does_not_load_textual():
    probe = (
        f"import sys; from larp.cli import main; main(['odds', '--transcript', {str(DEMO)!r}, '--event', '0']); "
        "print('textual' in sys.modules, file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stderr.strip() == "False"
