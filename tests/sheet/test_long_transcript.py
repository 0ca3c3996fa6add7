"""A long transcript whose events are validated as they are reached (larp.sheet.streaming)
is accepted or refused exactly as the whole transcript is."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from larp.sheet import SheetError
from larp.sheet.loading import load_transcript
from larp.sheet.streaming import events_last, load_long_transcript
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


# Read from the text an event at a time: a transcript whose house rules and characters come
# before its events (larp.sheet.streaming.events_last).

RULED = {"house_rules": {}, **WORKED}


def ruled(data: dict) -> dict:
    """The transcript with its house rules first, as a long night's is read an event at a time."""
    return {"house_rules": data.get("house_rules", {}), **{key: value for key, value in data.items() if key != "house_rules"}}


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda path: path.stem)
def test_every_transcript_of_the_contract_tests_read_an_event_at_a_time(path):
    text = json.dumps(ruled(json.loads(path.read_text())), indent=1)
    assert events_last(text) is not None
    same_answer(text)


EVENTS = '[{"clock": {"advance_minutes": 1}}, {"regain": {"character": "a", "category": "social"}}]'
HEAD_TEXT = '{"house_rules": {}, "characters": [{"id": "a", "traits": {}}], "events": '


@pytest.mark.parametrize(
    "text",
    [
        HEAD_TEXT + "[]}",
        HEAD_TEXT + EVENTS + "}",
        HEAD_TEXT + EVENTS + " } \n",
        HEAD_TEXT + EVENTS + "} x",
        HEAD_TEXT + EVENTS + "]}",
        HEAD_TEXT + EVENTS,
        HEAD_TEXT + EVENTS + ', "extra": 1}',
        HEAD_TEXT + EVENTS + ', "events": []}',
        HEAD_TEXT + EVENTS + ', "house_rules": {}}',
        HEAD_TEXT + '[{"clock": {"advance_minutes": 1}}, {"clock": ]}',
        HEAD_TEXT + '[{"clock": {"advance_minutes": 1}} {"clock": {"advance_minutes": 1}}]}',
        HEAD_TEXT + '[{"clock": {"advance_minutes": 1, "advance_minutes": 2}}]}',
        HEAD_TEXT + '[{"clock": {"advance_minutes": NaN}}]}',
        HEAD_TEXT + '[{"clock": {"advance_minutes": 1e400}}]}',
        HEAD_TEXT + '[{"clock": {"advance_minutes": 123456789012345678901234567890}}]}',
        HEAD_TEXT + "[" + "[" * 5000 + "]" * 5000 + "]}",
        HEAD_TEXT + '[{"regain": {"character": "nobody", "category": "social"}}]}',
        HEAD_TEXT.replace('{}, "characters"', '{"bomb": "yes"}, "characters"') + EVENTS + "}",
        HEAD_TEXT.replace('"traits": {}}]', '"traits": {}}, {"id": "a", "traits": {}}]') + EVENTS + "}",
        '{"characters": [{"id": "a", "traits": {}}], "events": ' + EVENTS + ', "house_rules": {"bomb": "yes"}}',
        '{"characters": [{"id": "a", "traits": {}}], "events": ' + EVENTS + ', "house_rules": {}}',
        '{"characters": [{"id": "a", "traits": {}}], "events": ' + EVENTS + ', "house_rules": []}',
        '{"characters": [{"id": "a", "traits": {}}], "events": ' + EVENTS + ', "extra": [1]}',
        '{"characters": [{"id": "a", "traits": {}}], "events": ' + EVENTS + ', "characters": []}',
        '{"characters": [{"id": "a", "traits": {}}], "events": ' + EVENTS + "}",
        '{"characters": [{"id": "a", "traits": {}}], "extra": 1, "events": ' + EVENTS + "}",
    ],
)
def test_the_edges_of_the_text_read_an_event_at_a_time(text):
    same_answer(text)


MUTATIONS = st.lists(
    st.tuples(st.integers(0, 10**6), st.integers(0, 3), st.sampled_from(list('{}[],:" 0123456789.-eEnatrufl\\\n'))),
    min_size=1, max_size=4,
)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([RULED, WORKED]), MUTATIONS)
def test_the_text_of_a_worked_example_cut_and_patched(example, mutations):
    """Characters deleted and put in anywhere, the events' JSON read an event at a time as the
    whole text is: the same transcript, or the same refusal."""
    text = json.dumps(example, indent=1)
    for place, cut, put in mutations:
        place %= len(text) + 1
        text = text[:place] + put + text[place + cut :]
    same_answer(text)


def test_a_long_night_read_an_event_at_a_time_holds_one_event_not_the_night():
    """The parsed JSON of the night is never held whole: going through 2,000 events peaks at
    under a third of what parsing the text at once does."""
    import tracemalloc

    from larp.sheet.loading import parse_json

    text = json.dumps({**RULED, "events": RULED["events"] * (2000 // len(RULED["events"]))})

    def peak(read) -> int:
        tracemalloc.start()
        try:
            read()
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    def one_at_a_time() -> None:
        for _ in load_long_transcript(text).events:
            pass

    assert peak(one_at_a_time) * 3 < peak(lambda: parse_json(text, ""))


def test_the_account_of_a_night_read_an_event_at_a_time_tells_every_event(tmp_path, capsys):
    """`larp resolve --explain` on a transcript whose house rules come first: every event told,
    as `larp resolve` replays them all."""
    from larp.cli import main

    source = tmp_path / "night.json"
    source.write_text(json.dumps(RULED))
    assert main(["resolve", "--explain", str(source)]) == 0
    told = capsys.readouterr().out
    assert main(["resolve", str(source)]) == 0
    results = json.loads(capsys.readouterr().out)["results"]
    assert [line.split(" at game time")[0] for line in told.splitlines() if line.startswith("Event ")] == [
        f"Event {index}" for index in range(len(RULED["events"]))
    ] and len(results) == len(RULED["events"])
