"""Every character's state tonight, by id: a night's `characters`."""

from collections.abc import Iterator, Mapping

from larp.rules.character import CharacterState


class Cast(Mapping[str, CharacterState]):
    """A night's characters, which each challenge changes one or two at a time.

    A night is immutable, and the night after a challenge once copied every character's
    state to change two: among 3,000 characters the copy took a sixth of a challenge's
    replay. A cast keeps the states changed since its last copy apart from the ones it
    shares with the casts before it, and copies them all only once the changed ones are as
    many as the square root of the cast.
    """

    __slots__ = ("_shared", "_changed")

    def __init__(self, states: Mapping[str, CharacterState]) -> None:
        self._shared = dict(states)
        self._changed: dict[str, CharacterState] = {}

    def changing(self, states: Mapping[str, CharacterState]) -> "Cast":
        """This cast with some characters' states changed (or added)."""
        changed = {**self._changed, **states}
        after = Cast.__new__(Cast)
        if len(changed) ** 2 > len(self._shared):
            after._shared, after._changed = {**self._shared, **changed}, {}
        else:
            after._shared, after._changed = self._shared, changed
        return after

    def __getitem__(self, character_id: str) -> CharacterState:
        changed = self._changed
        return changed[character_id] if character_id in changed else self._shared[character_id]

    def __contains__(self, character_id: object) -> bool:
        return character_id in self._changed or character_id in self._shared

    def __iter__(self) -> Iterator[str]:
        yield from self._shared
        yield from (cid for cid in self._changed if cid not in self._shared)

    def __len__(self) -> int:
        return len(self._shared) + sum(cid not in self._shared for cid in self._changed)

    def __repr__(self) -> str:
        return f"Cast({dict(self)!r})"
