"""Random garbage into `larp resolve` never gives a traceback: exit 0, 2 or 3, as the contract says."""

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from larp.cli import main
from tests.fuzz.shapes import leaves, replaced

WORKED = json.loads((Path(__file__).parent / "transcripts" / "worked_ability_retest.json").read_text())

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)
words = st.sampled_from(
    ["rock", "bomb", "overbid", "ability", "challenger", "defender", "janet", "cody", "social", "rage",
     "static", "race", "Charismatic", "Leadership", -1, 0, 1, 99, 1000, None, True, [], {}]
)


def check_contract(text: str, tmp_path: Path, capsys) -> None:
    source = tmp_path / "night.json"
    source.write_text(text)
    code = main(["resolve", str(source)])
    out, err = capsys.readouterr()
    assert code in (0, 2, 3)
    if code == 0:
        assert set(json.loads(out)) == {"results", "characters"}
    elif code == 2:
        assert out == "" and err.startswith("larp resolve: ") and err.count("\n") == 1
    else:
        error = json.loads(out)["error"]
        assert error["rule"].startswith("R-") and error["message"]


SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(json_values)
def test_any_json_value_gets_an_answer_of_the_contract(tmp_path, capsys, value):
    check_contract(json.dumps(value), tmp_path, capsys)


@SETTINGS
@given(st.data())
def test_a_worked_example_with_one_value_changed_gets_an_answer_of_the_contract(tmp_path, capsys, data):
    path = data.draw(st.sampled_from(list(leaves(WORKED))))
    new = data.draw(words | json_values)
    check_contract(json.dumps(replaced(WORKED, path, new)), tmp_path, capsys)


@SETTINGS
@given(st.binary(max_size=64))
def test_bytes_that_are_not_json_get_exit_2(tmp_path, capsys, raw):
    source = tmp_path / "night.json"
    source.write_bytes(raw)
    code = main(["resolve", str(source)])
    out, err = capsys.readouterr()
    assert code in (0, 2, 3) and "Traceback" not in err


def test_deeply_nested_json_is_refused_not_crashed(tmp_path, capsys):
    check_contract("[" * 100000 + "]" * 100000, tmp_path, capsys)
