"""Which chronicle a desk works on, and which night of it: the open one, else a new one."""

from pathlib import Path

from larp.desk.errors import DeskError
from larp.desk.nights import FOLDER_SETTING
from larp.home import demo_chronicle
from larp.ledger import Kind, Ledger, NightRow, Tonight
from larp.sheet import Chronicle, SheetError, load_chronicle


def load_folder(folder: Path) -> Chronicle:
    try:
        return load_chronicle(folder)
    except SheetError as error:
        raise DeskError(f"the chronicle can't be read: {error}") from None


def choose_chronicle(ledger: Ledger, folder: Path | Chronicle | None, to_open: bool, reading: bool = False) -> tuple[Chronicle | None, Path | None]:
    """The chronicle (or folder) given; else the folder this record last used; else, when a
    night is to be opened, the chronicle the record holds (its settings and tonight's sheets),
    else the demo chronicle. None when nothing is to be opened (the desk reads the chronicle
    the record holds when it is first asked for), or when there is no chronicle at all. With
    the folder it was read from, if it was read from one. `reading` (a desk that only reads):
    the folder this record last used is named, not read (the record holds the chronicle; the
    folder is read only if asked how it differs)."""
    if isinstance(folder, Chronicle):
        return folder, None
    if folder is not None:
        chronicle = load_folder(Path(folder))
        ledger.remember(FOLDER_SETTING, str(Path(folder).resolve()))
        return chronicle, Path(folder).resolve()
    remembered = ledger.setting(FOLDER_SETTING)
    if remembered and Path(remembered).is_dir():
        return (None if reading and ledger.nights() else load_folder(Path(remembered))), Path(remembered)
    if not to_open:
        return None, None
    held = chronicle_held(ledger)
    if held is not None:
        return held, None
    if (demo_chronicle() / "chronicle.toml").is_file():
        return load_folder(demo_chronicle()), demo_chronicle()
    return None, None


def chronicle_held(ledger: Ledger, night: NightRow | None = None) -> Chronicle | None:
    """The chronicle of the night (else of the latest night in the record), rebuilt from the
    opening entries: its settings, and the sheets as they stand."""
    nights = [night] if night is not None else ledger.nights()
    for night in reversed(nights):
        opened = ledger.entries(night, kind=Kind.OPENED.value)
        if opened:
            changed = [e for kind in (Kind.ADDED, Kind.CHANGED, Kind.REVERSAL) for e in ledger.entries(night, kind=kind.value)]
            tonight = Tonight.of(opened + changed)
            settings = opened[0].payload["chronicle"]
            sheets = {cid: state.sheet for cid, state in tonight.characters.items()}
            return Chronicle.model_validate({**settings, "characters": {}}).model_copy(update={"characters": sheets})
    return None


def chronicle_settings(chronicle: Chronicle) -> dict:
    return chronicle.model_dump(mode="json", exclude={"characters"})
