"""R-TIE-4 in the odds: on equal figures the side named the more defensive wins the tie, so the
odds (`larp odds`, the challenge screen's panel) lean her way."""

import json

from larp.cli import main
from larp.rules import apply, name_defensive, start_challenge
from larp.rules.odds import challenge_odds
from tests.rules.helpers import STEP, night, side, spec


def even_state():
    """Cody declares 9 against Janet's 9 before the first throw: a tied throw is an equal tie."""
    state, _ = start_challenge(night(), spec(side("cody", "Impressive"), side("janet", "Witty")))
    return apply(state, STEP.validate_python({"declare": {"side": "challenger", "total": 9}}))[0]


def test_r_tie_4_the_odds_follow_the_side_named_defensive():
    state = even_state()
    responder = challenge_odds(state)
    initiator = challenge_odds(name_defensive(state, "challenger")[0])
    assert responder.defender > responder.challenger
    assert (initiator.challenger, initiator.defender) == (responder.defender, responder.challenger)


def test_r_tie_4_larp_odds_reads_the_transcripts_defensive_key(tmp_path, capsys):
    from tests.rules.helpers import CODY, JANET

    challenge = {
        "kind": "contested", "category": "social", "defensive": "challenger", "effect": "slip away",
        "challenger": {"character": "cody", "trait": "Impressive"}, "defender": {"character": "janet", "trait": "Witty"},
        "steps": [{"declare": {"side": "challenger", "total": 9}}, {"throw": {"challenger": "rock", "defender": "rock"}}],
    }  # fmt: skip
    source = tmp_path / "night.json"
    source.write_text(json.dumps({"characters": [JANET, CODY], "events": [{"challenge": challenge}]}))
    assert main(["odds", "--transcript", str(source), "--event", "0", "--format", "json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    before_the_throw = shown["steps"][1]["odds"]
    assert before_the_throw["challenger"]["fraction"] == str(challenge_odds(name_defensive(even_state(), "challenger")[0]).challenger)
    assert shown["winner"] == "challenger"
