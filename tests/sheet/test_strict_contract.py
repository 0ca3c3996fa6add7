"""The contract held strictly: no silent coercion, no transcript without its keys, no key given
twice. Each is exit 2 from `larp resolve`, one line on standard error naming the place; the same
for sheets and chronicle files."""

import json
from pathlib import Path

import pytest

from larp.cli import main
from larp.sheet import SheetError, load_chronicle, load_sheet

JANET = {"id": "janet", "traits": {"social": {"Charismatic": 3}}, "abilities": {"Expression": 1}}
CODY = {"id": "cody", "traits": {"social": {"Impressive": 3}}}


def challenge(**changes) -> dict:
    body = {
        "kind": "contested",
        "category": "social",
        "challenger": {"character": "janet", "trait": "Charismatic", "ability": "Expression"},
        "defender": {"character": "cody", "trait": "Impressive"},
        "steps": [{"throw": {"challenger": "rock", "defender": "scissors"}}],
    }
    return {**body, **changes}


def transcript(**changes) -> dict:
    return {"characters": [JANET, CODY], "events": [{"challenge": challenge()}], **changes}


def resolve(text: str, tmp_path: Path, capsys) -> tuple[int, str, str]:
    source = tmp_path / "night.json"
    source.write_text(text)
    code = main(["resolve", str(source)])
    out, err = capsys.readouterr()
    return code, out, err


def refused_at(text: str, tmp_path: Path, capsys) -> str:
    code, out, err = resolve(text, tmp_path, capsys)
    assert (code, out, err.count("\n")) == (2, "", 1), err
    return err


def test_the_transcript_as_written_is_resolved(tmp_path, capsys):
    assert resolve(json.dumps(transcript()), tmp_path, capsys)[0] == 0


@pytest.mark.parametrize(
    "changed, place",
    [
        (transcript(events=[{"challenge": challenge(challenger={**challenge()["challenger"], "bonus": "2"})}]), "events[0].challenge.challenger.bonus"),
        (transcript(events=[{"challenge": challenge(challenger={**challenge()["challenger"], "bonus": True})}]), "events[0].challenge.challenger.bonus"),
        (transcript(events=[{"challenge": challenge(steps=[{"declare": {"side": "challenger", "total": "3"}}])}]), "events[0].challenge.steps[0].declare.total"),
        (transcript(events=[{"challenge": challenge(control="yes")}]), "events[0].challenge.control"),
        (transcript(events=[{"clock": {"advance_minutes": True}}]), "events[0].clock.advance_minutes"),
        (transcript(events=[{"clock": {"advance_minutes": "5"}}]), "events[0].clock.advance_minutes"),
        (transcript(house_rules={"ability_adds_to_total": "false"}), "house_rules.ability_adds_to_total"),
        (transcript(house_rules={"five_minute_rule_minutes": True}), "house_rules.five_minute_rule_minutes"),
        (transcript(house_rules={"five_minute_rule_minutes": 5.0}), "house_rules.five_minute_rule_minutes"),
        (transcript(characters=[{**JANET, "willpower": "3"}, CODY]), "characters[0].willpower"),
        (transcript(characters=[{**JANET, "bomb": 1}, CODY]), "characters[0].bomb"),
        (transcript(characters=[{**JANET, "traits": {"social": {"Charismatic": "3"}}}, CODY]), "characters[0].traits.social.Charismatic"),
    ],
    ids=["bonus string", "bonus true", "total string", "control string", "minutes true", "minutes string",
         "house flag string", "house minutes true", "house minutes float", "willpower string", "bomb 1", "count string"],
)
def test_no_value_is_coerced_silently_each_is_exit_2_with_its_place(changed, place, tmp_path, capsys):
    assert f": {place}: " in refused_at(json.dumps(changed), tmp_path, capsys)


@pytest.mark.parametrize(
    "text, place",
    [("{}", "characters"), (json.dumps({"characters": [JANET, CODY]}), "events")],
    ids=["empty object", "no events"],
)
def test_a_transcript_without_its_keys_is_exit_2(text, place, tmp_path, capsys):
    assert f": {place}: Field required" in refused_at(text, tmp_path, capsys)


def test_a_key_given_twice_is_exit_2_with_the_object_named(tmp_path, capsys):
    text = json.dumps(transcript()).replace('"Charismatic": 3', '"Charismatic": 3, "Charismatic": 1')
    err = refused_at(text, tmp_path, capsys)
    assert "characters[0].traits.social: the key 'Charismatic' is given twice" in err


def test_a_step_key_given_twice_is_exit_2_with_the_step_named(tmp_path, capsys):
    text = json.dumps(transcript()).replace('"defender": "scissors"', '"defender": "scissors", "defender": "rock"')
    assert "events[0].challenge.steps[0].throw: the key 'defender' is given twice" in refused_at(text, tmp_path, capsys)


def test_names_equal_once_trimmed_are_exit_2_not_merged(tmp_path, capsys):
    text = json.dumps(transcript(characters=[{**JANET, "abilities": {"Expression": 1, " Expression ": 2}}, CODY]))
    err = refused_at(text, tmp_path, capsys)
    assert "characters[0].abilities: 'Expression' and ' Expression ' are the same name" in err


def test_a_toml_sheet_with_a_count_in_quotes_is_refused_with_file_line_and_field(tmp_path):
    sheet = tmp_path / "cody.toml"
    sheet.write_text('id = "cody"\n\n[traits.physical]\nQuick = 1\nTough = "2"\n')
    with pytest.raises(SheetError) as refused:
        load_sheet(sheet)
    assert str(refused.value).startswith(f"{sheet}, line 5: traits.physical.Tough: Input should be a valid integer")


def test_a_toml_sheet_with_names_equal_once_trimmed_is_refused(tmp_path):
    sheet = tmp_path / "cody.toml"
    sheet.write_text('id = "cody"\n\n[traits.physical]\nTough = 1\n"Tough " = 2\n')
    with pytest.raises(SheetError) as refused:
        load_sheet(sheet)
    assert "traits.physical: 'Tough' and 'Tough ' are the same name" in str(refused.value)


def test_a_chronicle_file_with_a_house_rule_in_quotes_is_refused(tmp_path):
    (tmp_path / "chronicle.toml").write_text('id = "alder"\nname = "Alder"\n\n[house_rules]\nbomb = "true"\n')
    with pytest.raises(SheetError) as refused:
        load_chronicle(tmp_path)
    assert "chronicle.toml, line 5: house_rules.bomb: Input should be a valid boolean" in str(refused.value)
