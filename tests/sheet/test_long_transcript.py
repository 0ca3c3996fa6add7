"""A long transcript whose events are validated as they are reached (larp.sheet.streaming)
is accepted or refused exactly as the whole transcript is."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from larp.sheet import SheetError
from larp.sheet.loading import load_transcript
from larp.sheet.streaming import load_long_transcript
from tests.test_resolve_garbage import WORKED, json_values, leaves, replaced, words

TRANSCRIPTS = sorted(path for path in (Path(__file__).parents[1] / "transcripts").glob("*.json") if ".expected" not in path.name)


def loaded(load, text: str):
    """The transcript as data (its events gone through), or the error as the Narrator reads it."""
    try:
        transcript = load(text, "night.json")
        events = [event.model_dump() for event in transcript.events]
    except SheetError as error:
        return "refused", str(error)
    return "accepted", transcript.model_dump(exclude={"events"}), events


def same_answer(text: str) -> None:
    assert loaded(load_long_transcript, text) == loaded(load_transcript, text)


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda path: path.stem)
def test_every_transcript_of_the_contract_tests(path):
    same_answer(path.read_text())


@pytest.mark.parametrize(
    "text",
    [
        "[]", "{}", '{"characters": []}', '{"characters": [], "events": {}}', '{"characters": [], "events": [], "extra": 1}',
        '{"characters": [], "events": [{"clock": {"advance_minutes": 5}}, {"clock": {"advance_minutes": -1}}]}',
        '{"characters": [], "events": [{"regain": {"character": "nobody", "category": "social"}}, {"clock": 1}]}',
        '{"characters": [{"id": "a", "traits": {}}, {"id": "a", "traits": {}}], "events": [{"clock": {"advance_minutes": 1}}]}',
        '{"characters": [{"id": "a", "traits": {}}], "events": [{"regain": {"character": "b", "category": "social"}}]}',
        '{"characters": [{"id": "a", "traits": {}}], "events": [{"clock": {"advance_minutes": 1, "advance_minutes": 2}}]}',
        '{"house_rules": {"bomb": "yes"}, "characters": [], "events": [{"clock": {}}]}',
    ],
)
def test_the_edges_of_the_contract(text):
    same_answer(text)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_worked_example_with_one_value_changed(data):
    path = data.draw(st.sampled_from(list(leaves(WORKED))))
    same_answer(json.dumps(replaced(WORKED, path, data.draw(words | json_values))))


@settings(max_examples=100, deadline=None)
@given(json_values)
def test_any_json_value(value):
    same_answer(json.dumps(value))


def test_the_events_are_gone_through_once():
    transcript = load_long_transcript(json.dumps(WORKED))
    assert len(list(transcript.events)) == len(WORKED["events"])
    with pytest.raises(RuntimeError):
        list(transcript.events)


REGAIN_TWICE = json.loads((Path(__file__).parents[1] / "transcripts" / "refused_regain_twice.json").read_text())


@pytest.mark.parametrize(
    "later, exit_code, said",
    [
        ({"clock": {"advance_minutes": -1}}, 2, "events[3].clock.advance_minutes: "),
        ({"regain": {"character": "nobody", "category": "social"}}, 2,
         "events[3].regain.character: no character 'nobody' among the transcript's characters"),
        ({"clock": {"advance_minutes": 1}}, 3, ""),
    ],
    ids=["does not fit", "names nobody", "fits"],
)
def test_a_step_the_rules_refuse_gives_way_to_a_later_event_that_does_not_fit(tmp_path, capsys, later, exit_code, said):
    """The replay meets the refusal (event 2) before it reaches event 3: the whole transcript,
    validated first, is refused for event 3 all the same."""
    from larp.cli import main

    source = tmp_path / "night.json"
    source.write_text(json.dumps({**REGAIN_TWICE, "events": REGAIN_TWICE["events"] + [later]}))
    code = main(["resolve", str(source)])
    out, err = capsys.readouterr()
    assert code == exit_code
    if exit_code == 2:
        assert out == "" and err.startswith(f"larp resolve: {source}: {said}")
    else:
        assert json.loads(out)["error"]["event"] == 2


def test_a_bad_event_is_refused_before_a_line_of_the_account(tmp_path, capsys):
    from larp.cli import main

    source = tmp_path / "night.json"
    source.write_text(json.dumps({**WORKED, "events": WORKED["events"] + [{"clock": {}}]}))
    assert main(["resolve", "--explain", str(source)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
