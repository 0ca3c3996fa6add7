"""`larp odds` for a pool of dice: text with a bar chart, JSON, clear refusals, no Textual."""

import json
import subprocess
import sys
from fractions import Fraction

from larp.cli import main


def test_odds_cli_storytelling_pool_with_nine_again_and_rote(capsys):
    assert main(["odds", "--system", "storytelling", "--pool", "7", "--again", "9", "--rote"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Storytelling: 7 dice, 9-again, rote"
    assert any(line.lstrip().startswith("4 ██████████████████████████████") for line in lines)
    assert lines[-1].startswith("success  99.32%; dramatic failure   0.00%; expected successes 4.463")


def test_odds_cli_storyteller_pool_with_willpower(capsys):
    assert main(["odds", "--system", "storyteller", "--pool", "6", "--difficulty", "7", "--willpower"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Storyteller: 6 dice against difficulty 7, botch on no success and a 1, Willpower: one success")
    assert "success 100.00%; botch   0.00%" in out
    assert "D-ST-7" not in out  # six dice do not reach difficulty 7


def test_odds_cli_storyteller_says_when_an_automatic_success_may_be_granted(capsys):
    assert main(["odds", "--system", "storyteller", "--pool", "6", "--difficulty", "6"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith("one success without a roll (D-ST-7)")


def test_odds_cli_json_gives_exact_fractions_that_sum_to_one(capsys):
    assert main(["odds", "--system", "storytelling", "--pool", "5", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["success"]["exact"] == "83193/100000" and data["success"]["chance"] == 0.83193
    total = sum(Fraction(row["exact"]) for row in data["successes"]) + Fraction(data["more"]["exact"])
    assert total == 1
    assert data["options"] == {"again": 10, "rote": False, "willpower": False}


def test_odds_cli_storyteller_json_has_the_botch_of_the_chronicles_reading(capsys):
    assert main(["odds", "--system", "storyteller", "--pool", "5", "--botch", "more-ones", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["botch"]["exact"] != "0" and data["more"]["exact"] == "0"


def test_odds_cli_refuses_a_bad_difficulty_or_half_a_pool(capsys):
    assert main(["odds", "--system", "storyteller", "--pool", "3", "--difficulty", "12"]) == 2
    assert "a difficulty is from 2 to 10, not 12 (D-ST-2)" in capsys.readouterr().err
    assert main(["odds", "--pool", "3"]) == 2
    assert "need both --system" in capsys.readouterr().err
    assert main(["odds", "--system", "storytelling", "--pool", "100000"]) == 2
    assert "-50 to 200" in capsys.readouterr().err


def test_odds_cli_for_a_pool_does_not_load_textual():
    code = ("import sys; from larp.cli import main; main(['odds', '--system', 'storytelling', '--pool', '3']);"
            "print('\\n'.join(sys.modules), file=sys.stderr)")
    err = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stderr
    assert "textual" not in {name.split(".")[0] for name in err.split()}
