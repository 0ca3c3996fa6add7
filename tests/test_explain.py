"""`larp resolve --explain`: an account a player can follow."""

import json
from pathlib import Path

from larp.cli import main

JANET = {
    "id": "janet",
    "name": "Janet",
    "traits": {"social": {"Charismatic": 3, "Witty": 4}, "mental": {"Clever": 2}},
    "abilities": {"Expression": 2},
}
CODY = {"id": "cody", "name": "Cody", "traits": {"social": {"Impressive": 5}, "mental": {"Alert": 2}}}


def explained(tmp_path: Path, capsys, *events: dict, **more) -> tuple[int, str]:
    source = tmp_path / "night.json"
    source.write_text(json.dumps({"characters": [JANET, CODY], "events": list(events), **more}))
    code = main(["resolve", str(source), "--explain"])
    return code, capsys.readouterr().out


def social(*steps: dict, **more) -> dict:
    return {
        "challenge": {
            "kind": "contested",
            "category": "social",
            "challenger": {"character": "janet", "trait": "Charismatic", "ability": "Expression"},
            "defender": {"character": "cody", "trait": "Impressive"},
            "effect": "sway",
            "steps": list(steps),
            **more,
        }
    }


def throw(first: str, second: str) -> dict:
    return {"throw": {"challenger": first, "defender": second}}


def test_a_refused_event_prints_its_steps_up_to_the_refusal(tmp_path, capsys):
    code, out = explained(
        tmp_path, capsys, social(throw("rock", "paper"), {"retest": {"side": "defender", "source": "willpower"}})
    )
    assert code == 3
    lines = out.splitlines()
    refused = next(index for index, line in enumerate(lines) if "REFUSED" in line)
    assert "Janet throws rock, Cody throws paper: Cody wins the throw. [R-CH-4]" in lines[refused - 1]
    assert "Janet opens a contested Social challenge" in lines[refused - 2]


def test_a_tie_breaks_each_total_down_citing_r_tie_2(tmp_path, capsys):
    _, out = explained(tmp_path, capsys, social(throw("rock", "rock")))
    assert "Totals 9 (7 Social Traits + Expression 2) against 5 (R-TIE-2): the higher total wins" in out


def test_the_opening_names_both_bid_traits(tmp_path, capsys):
    _, out = explained(tmp_path, capsys, social(throw("rock", "scissors")))
    assert "Janet opens a contested Social challenge, bidding Charismatic, against Cody bidding Impressive: sway" in out


def test_game_times_show_seconds_where_minutes_would_hide_the_reason(tmp_path, capsys):
    _, out = explained(
        tmp_path,
        capsys,
        {"clock": {"advance_minutes": 2.5}},
        social(throw("rock", "paper")),
        {"clock": {"advance_minutes": 4.9}},
        social(throw("rock", "paper")),
    )
    assert "holds it until game time 0:07:30 (now 0:07:24)" in out
    assert "REFUSED by R-NIGHT-2: the five-minute rule holds this challenge until game time 0:07:30;" in out


def test_an_ability_retest_against_a_static_difficulty_offers_no_cancel(tmp_path, capsys):
    static = {
        "challenge": {
            "kind": "static",
            "category": "social",
            "challenger": {"character": "janet", "trait": "Witty"},
            "defender": {"static": 6},
            "steps": [throw("rock", "paper"), {"retest": {"side": "challenger", "source": "ability", "name": "Expression"}}, throw("rock", "scissors")],
        }
    }
    _, out = explained(tmp_path, capsys, static)
    assert "may cancel" not in out
    assert "Janet spends a point of Expression for a retest; a static difficulty can't cancel it" in out
    assert "against a difficulty of 6" in out


def mental(kind: str, *steps: dict, **more) -> dict:
    """Janet (Clever) against Cody (Alert) in Mental."""
    return {
        "challenge": {
            "kind": kind,
            "category": "mental",
            "challenger": {"character": "janet", "trait": "Clever"},
            "defender": {"character": "cody", "trait": "Alert"},
            "steps": list(steps),
            **more,
        }
    }


def test_the_race_summary_cites_the_race_rule(tmp_path, capsys):
    _, out = explained(tmp_path, capsys, mental("race", throw("rock", "scissors"), target=1))
    assert "The race ends 1 to 0: Janet wins. [R-EXT-2]" in out


def test_r_rt_3_a_failed_overbids_trait_is_told_under_r_rt_3_not_r_loss_1(tmp_path, capsys):
    failed = mental("contested", throw("rock", "paper"), {"retest": {"side": "challenger", "source": "overbid", "name": "Clever"}})
    code, out = explained(tmp_path, capsys, failed)
    assert code == 0
    assert "  Janet crosses off Clever. [R-LOSS-1]" in out.splitlines()
    assert "  Janet's Clever was crossed off at once, when the overbid failed. [R-RT-3]" in out.splitlines()
    assert "crosses off Clever, Clever" not in out


def test_r_tie_4_the_account_says_whose_action_the_narrator_named_defensive(tmp_path, capsys):
    code, out = explained(tmp_path, capsys, social(throw("rock", "rock"), {"declare": {"side": "challenger", "total": 5}}, defensive="challenger"))
    assert code == 0
    assert "The Narrator names Janet's action the more defensive: Janet wins an equal tie. [R-TIE-4]" in out
    assert "on equal totals the more defensive action wins, and the Narrator named Janet's; Janet wins the tie" in out
