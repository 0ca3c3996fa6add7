"""Imported characters are sheets like any other: a challenge between two of them adjudicates."""

import json

from larp.cli import main
from larp.grapevine.folder import read_file
from tests.grapevine.samples import need_samples, sample

pytestmark = need_samples


def test_a_challenge_between_two_imported_vampires_adjudicates(tmp_path, capsys):
    sheets = read_file(sample("crapvine/vampires_camarilla.gex")).chronicle.characters
    amber, adam = sheets["amber-bradbury-npc"], sheets["adam-st-charles"]
    transcript = {
        "characters": [amber.model_dump(mode="json"), adam.model_dump(mode="json")],
        "events": [{"challenge": {
            "kind": "contested", "category": "physical",
            "challenger": {"character": amber.id, "trait": "Quick"},
            "defender": {"character": adam.id, "trait": next(iter(adam.traits.physical))},
            "steps": [{"throw": {"challenger": "rock", "defender": "scissors"}}],
        }}],
    }
    path = tmp_path / "night.json"
    path.write_text(json.dumps(transcript), "utf-8")
    assert main(["resolve", str(path)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["results"][0]["winner"] == "challenger"
    assert result["results"][0]["lost"] == {adam.id: [next(iter(adam.traits.physical))]}
    assert result["characters"][amber.id]["totals"]["physical"] == amber.traits.total("physical")
