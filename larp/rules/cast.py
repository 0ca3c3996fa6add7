"""Every character's state tonight, by id: a night's `characters`."""

from larp.rules.character import CharacterState
from larp.rules.overlay import Overlay


class Cast(Overlay[str, CharacterState]):
    """A night's characters, which each challenge changes one or two at a time (`Overlay`)."""

    __slots__ = ()
