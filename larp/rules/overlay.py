"""`Overlay`: an immutable mapping that a night changes a few keys at a time.

A night is immutable, and the night after a challenge once copied every character's state to
change two: among 3,000 characters the copy took a sixth of a challenge's replay. An overlay
keeps the values changed since its last copy apart from the ones it shares with the overlays
before it, and copies them all only once the changed ones are as many as the square root of
the whole: one change costs the same at the night's end as at its start.
"""

from collections.abc import Iterator, Mapping
from typing import Generic, TypeVar

Key = TypeVar("Key")
Value = TypeVar("Value")


class Overlay(Mapping[Key, Value], Generic[Key, Value]):
    __slots__ = ("_shared", "_changed")

    def __init__(self, values: Mapping[Key, Value]) -> None:
        self._shared = dict(values)
        self._changed: dict[Key, Value] = {}

    def changing(self, values: Mapping[Key, Value]) -> "Overlay[Key, Value]":
        """This mapping with some values changed (or added)."""
        changed = {**self._changed, **values}
        after = type(self).__new__(type(self))
        if len(changed) ** 2 > len(self._shared):
            after._shared, after._changed = {**self._shared, **changed}, {}
        else:
            after._shared, after._changed = self._shared, changed
        return after

    def __getitem__(self, key: Key) -> Value:
        changed = self._changed
        return changed[key] if key in changed else self._shared[key]

    def __contains__(self, key: object) -> bool:
        return key in self._changed or key in self._shared

    def __iter__(self) -> Iterator[Key]:
        yield from self._shared
        yield from (key for key in self._changed if key not in self._shared)

    def __len__(self) -> int:
        return len(self._shared) + sum(key not in self._shared for key in self._changed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict(self)!r})"
