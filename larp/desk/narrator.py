"""The Narrator at a station: the name every entry carries, and the record remembering it."""

from datetime import datetime, timezone

from larp.controls import without_controls
from larp.desk.errors import DeskError, recorded

LONGEST_NAME = 80
"""The longest Narrator's name the record takes, as long as a character's."""


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def narrator_name(text: str) -> str:
    """A Narrator's name as the record keeps it: one line, no control characters, not too long."""
    name = " ".join(without_controls(text).split())
    if not name:
        raise DeskError("give the Narrator's name: every entry of the night record carries it")
    if len(name) > LONGEST_NAME:
        raise DeskError(f"a Narrator's name of at most {LONGEST_NAME} characters, please")
    return name


class Naming:
    """The Narrator's name at a desk (`self.narrator`, `self.ledger`)."""

    def name_narrator(self, name: str) -> str:
        """The Narrator at this station from now on: every entry written carries her name, and
        the record remembers it for the next time the station opens (a record that can't be
        written raises, the name taken all the same)."""
        self.narrator = narrator_name(name)
        with recorded:
            self.ledger.remember("narrator", self.narrator)
        return self.narrator
