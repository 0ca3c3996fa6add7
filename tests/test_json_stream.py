"""`write_json`: a long answer written a piece at a time is what `json.dumps` writes, byte for byte."""

import io
import json

import pytest

from larp.cli.json_stream import write_json

TREES = [
    {"night": 1, "characters": {"janet": {"changes": [{"summary": "Ruth ärgert sich 🗡"}], "end": {}}, "wick": {}}, "after": [1]},
    {"night": 1, "characters": {}, "after": None},
    {"characters": {"cody": [1, 2, {"deep": {"deeper": []}}]}},
]


@pytest.mark.parametrize("indent", [None, 0, 2, 4])
@pytest.mark.parametrize("tree", TREES, ids=["three keys", "nothing to stream", "streamed key alone"])
def test_the_streamed_object_is_written_as_json_dumps_writes_the_whole(tree, indent):
    made = []

    def maker(name, value):
        def make():
            made.append(name)
            return value
        return make

    out = io.StringIO()
    write_json(out, {**tree, "characters": {}}, indent, "characters", [(name, maker(name, value)) for name, value in tree["characters"].items()])
    assert out.getvalue() == json.dumps(tree, indent=indent, ensure_ascii=False) + "\n"
    assert made == list(tree["characters"])
