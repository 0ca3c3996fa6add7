"""Damage to a document's shape: a value swapped, a key or item removed, a key renamed, somewhere
in a JSON document (a transcript, a bundle's line, an entry's payload)."""

import random

VALUES = [None, True, False, 0, -1, 1, 2, 99, 100, 10**9, 1.5, "", " ", "rock", "bomb", "janet", "nobody", "physical",
          "overbid", "R-NIGHT-2", "\x1b[2J", "ä🗡", [], {}, [1], {"a": 1}, "0" * 40]


def leaves(value, path=()):
    """The path of every value in the document, the document itself last."""
    if isinstance(value, dict):
        for key, child in value.items():
            yield from leaves(child, path + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from leaves(child, path + (index,))
    yield path


def replaced(value, path, new):
    """A copy of the document with the value at `path` swapped for `new`."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[head] = replaced(value[head], rest, new)
    return copy


def removed(value, path):
    """A copy of the document without the key or item at `path`."""
    head, rest = path[0], path[1:]
    copy = dict(value) if isinstance(value, dict) else list(value)
    if rest:
        copy[head] = removed(value[head], rest)
    elif isinstance(copy, dict):
        del copy[head]
    else:
        copy.pop(head)
    return copy


def mutated_json(data, rng: random.Random):
    """One value changed, a key or item removed, or a key renamed somewhere in the document."""
    path = rng.choice([p for p in leaves(data) if p])
    how = rng.random()
    if how < 0.7:
        return replaced(data, path, rng.choice(VALUES))
    if how < 0.85:
        return removed(data, path)
    parent = path[:-1]
    container = data
    for part in parent:
        container = container[part]
    if isinstance(container, dict):
        return replaced(data, parent, {**{k: v for k, v in container.items() if k != path[-1]}, f"{path[-1]}x": container[path[-1]]})
    return removed(data, path)
