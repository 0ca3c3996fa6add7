"""How the station opens its night record: the options it was given, and whose station it is.

The Narrator's name is asked before the record is opened, so that the night's opening entry
carries it too. Nothing of the game is imported here until the record is opened.
"""

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Self


@dataclass(frozen=True)
class Opening:
    """The options of `larp station` that say which night to open, and at whose station."""

    db: Path | None = None
    chronicle: Path | None = None
    station: str | None = None
    narrator: str = ""
    hub: str | None = None
    folder_edits: str | None = None
    """What to do with sheets edited in the chronicle folder between games: apply, keep; None asks."""

    def known_narrator(self) -> str | None:
        """The Narrator given, else the one the record remembers; "" for none yet (a new record
        too); None when the record can't be read (opening it says why)."""
        if self.narrator:
            return self.narrator
        from larp.desk import Desk
        from larp.home import default_db

        where = self.db if self.db is not None else default_db()
        if not Path(where).is_file():
            return ""
        try:
            with Desk.read(where) as desk:
                return desk.narrator
        except Exception:  # opening the record tells the Narrator what is wrong with it
            return None

    def named(self, narrator: str) -> Self:
        return replace(self, narrator=narrator)

    def deciding(self, folder_edits: str) -> Self:
        return replace(self, folder_edits=folder_edits)

    def open(self):
        """The desk on the night record, its night open and read (on the thread that calls it:
        a big night takes a second); `desk.go_live()` then keeps it level with the event."""
        from larp.desk import Desk

        desk = Desk.open(
            db=self.db, chronicle=self.chronicle, station=self.station, narrator=self.narrator, hub=self.hub, folder_edits=self.folder_edits
        )
        try:
            desk.fold_whole()  # the station's log and reconciliation read every entry from its fold
        except BaseException:
            desk.close()
            raise
        return desk
