"""A long JSON answer written a piece at a time: byte for byte what `json.dumps` writes, without
the whole of it (nor the whole tree it is made from) held in memory at once."""

import json
from collections.abc import Callable, Iterable
from typing import Any, TextIO

MARK = "\ue000larp-streamed\ue000"
"""Stands in the tree for the object written a piece at a time (a character no name holds)."""


def write_json(out: TextIO, data: dict[str, Any], indent: int | None, key: str, items: Iterable[tuple[str, Callable[[], Any]]]) -> None:
    """`data` as `json.dumps(data, indent=indent, ensure_ascii=False)` writes it, and a newline,
    but its value at `key` (a top-level key) an object whose members `items` give, each value
    made (by calling it) only as it is written."""
    dumps = json.JSONEncoder(indent=indent, ensure_ascii=False, check_circular=False).encode
    before, after = dumps({**data, key: MARK}).split(json.dumps(MARK, ensure_ascii=False), 1)
    out.write(before)
    opened = False
    inner = "" if indent is None else "\n" + " " * (2 * indent)
    for name, make in items:
        value = dumps(make())
        if indent is not None:
            value = value.replace("\n", inner)
        out.write(("," if opened else "{") + (" " if opened and indent is None else "") + inner + dumps(name) + ": " + value)
        opened = True
    out.write(("{}" if not opened else ("}" if indent is None else "\n" + " " * indent + "}")) + after + "\n")
