"""A roll at the table: the desk a roll that names no character needs, and nothing more.

Such a roll reads no sheet and no character's state: it needs the record (sqlite's check of it
included), the chronicle's dice system, this station's open night and its game clock. `Roller`
holds just those, read from the record and from `chronicle.toml` alone; the sheets beside it are
not read, the night is not folded, and neither the Mind's Eye Theatre engine nor the sheets'
models are imported. A roll that names a character (whose pool, Willpower and Health it reads),
or that finds anything else (no night open here, a chronicle of challenges, a folder that can't be
read), goes through the whole desk, as every other command does.
"""

import tomllib
from pathlib import Path
from typing import Self

from larp.desk.errors import recorded
from larp.desk.narrator import Naming, utc_now
from larp.desk.nights import FOLDER_SETTING, open_night_of
from larp.desk.roll_call import RollCall
from larp.desk.rolling import Rolling
from larp.desk.writing import Writing
from larp.home import default_db
from larp.ledger.clock import GameClock
from larp.ledger.entry import Entry, Kind
from larp.ledger.store import HUB_SETTING, Ledger, NightRow
from larp.sheet.loading import CHRONICLE_FILE, SHEET_LIMIT
from larp.sheet.strict_json import read_bounded

DICE_SYSTEMS = ("storyteller", "storytelling")


def roll_desk(call: RollCall, db: Path | None, folder: Path | None, station: str | None, narrator: str):
    """The desk `call` is rolled at: a `Roller` where the roll names no character and this
    station's night of a dice chronicle is open, else the whole desk (`Desk.open`, no night
    opened between games)."""
    with recorded:
        ledger = Ledger.open(db if db is not None else default_db())
    try:
        roller = None if call.character or call.damage else Roller.at(ledger, folder, station, narrator)
        if roller is not None:
            return roller
        from larp.desk.desk import Desk

        return Desk._on(ledger, folder, station, narrator, None, open_night=True, between_games=False)
    except BaseException:
        ledger.close()
        raise


class Roller(Rolling, Naming, Writing):
    """This station's open night of a dice chronicle, to roll in: its record, its game clock."""

    def __init__(self, ledger: Ledger, system: str, night_row: NightRow, station: str, narrator: str, clock: GameClock) -> None:
        self.ledger = ledger
        self._system = system
        self.night_row = night_row
        self.station = station
        self.narrator = narrator
        self.clock = clock
        self.now = utc_now
        self.opened_here, self.closed = True, False
        self._behind = None

    @classmethod
    def at(cls, ledger: Ledger, folder: Path | None, station: str | None, narrator: str) -> Self | None:
        """The roller on this station's open night of the chronicle in `folder` (else the folder
        the record last used); None where the whole desk is needed."""
        with recorded:
            folder = Path(folder) if folder is not None else Path(ledger.setting(FOLDER_SETTING) or ".")
            settings = dice_settings(folder)
            if settings is None:
                return None
            chronicle, system = settings
            here = station or ledger.station()
            row = open_night_of(ledger, chronicle, here)
            if row is None:
                return None
            ledger.remember(FOLDER_SETTING, str(folder.resolve()))
            if station:
                ledger.remember("station", station)
            if narrator:
                ledger.remember("narrator", narrator)
            told = sorted(ledger.entries(row, kind=Kind.OPENED.value) + ledger.entries(row, kind=Kind.CLOCK.value), key=lambda e: e.order)
            clock = GameClock.of(told, None if ledger.setting(HUB_SETTING) else here)
            return cls(ledger, system, row, here, narrator or ledger.setting("narrator") or "", clock)

    @property
    def system(self) -> str:
        return self._system

    @property
    def night_number(self) -> int:
        return self.night_row.number

    def _current(self) -> None:
        """A roll of no character reads nothing the record's other entries change."""

    def _take(self, entry: Entry) -> None:
        self.clock = self.clock.after(entry)

    def close(self) -> None:
        self.ledger.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()


def dice_settings(folder: Path) -> tuple[str, str] | None:
    """The id and dice system `chronicle.toml` gives, read alone (the sheets beside it are not);
    None if it is not a dice chronicle's file that reads cleanly (the whole desk then reads the
    folder, and says what is wrong)."""
    try:
        data = tomllib.loads(read_bounded(folder / CHRONICLE_FILE, SHEET_LIMIT).decode("utf-8"))
    except (OSError, ValueError):
        return None
    chronicle, system = data.get("id"), data.get("system")
    if not isinstance(chronicle, str) or system not in DICE_SYSTEMS:
        return None
    return chronicle, system
