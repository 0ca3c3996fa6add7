"""The chronicle as it stands written out as a chronicle folder: one TOML file per character,
each written whole (a temporary file, renamed), only where the file says otherwise than the
record, so that a file that already agrees keeps its comments and layout."""

import os
from dataclasses import dataclass, field
from pathlib import Path

from larp.desk.carried import file_of
from larp.desk.errors import DeskError
from larp.sheet import Chronicle, SheetError
from larp.sheet.loading import CHRONICLE_FILE, load_sheet
from larp.sheet.toml_writing import chronicle_toml, sheet_toml


@dataclass
class Written:
    """What an export wrote into a folder."""

    folder: Path
    written: list[str] = field(default_factory=list)
    """The files written (new, or saying otherwise than the record before)."""
    agreeing: int = 0
    """Files left as they were: they already said what the record says."""
    others: list[str] = field(default_factory=list)
    """Character files of the folder that the record does not know (left alone)."""
    left: list[str] = field(default_factory=list)
    """Files edited (or removed) by hand that the record has not taken: not written over."""


def write_chronicle_folder(chronicle: Chronicle, folder: Path, settings: bool, leaving: frozenset[str] = frozenset()) -> Written:
    """Every character's sheet into `folder` (made if new), but those `leaving` (edited there by
    hand and not taken yet); with `settings`, chronicle.toml too (a new folder's; a folder
    written in place keeps its own)."""
    done = Written(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if settings or not (folder / CHRONICLE_FILE).is_file():
            write_whole(folder / CHRONICLE_FILE, chronicle_toml(chronicle, f"{chronicle.name}: exported by larp."))
            done.written.append(CHRONICLE_FILE)
        for cid, sheet in chronicle.characters.items():
            path = Path(file_of(folder, cid))
            if cid in leaving:
                done.left.append(path.name)
                continue
            if says(path, sheet, chronicle.system):
                done.agreeing += 1
                continue
            write_whole(path, sheet_toml(sheet, f"{sheet.display_name}: as the night record has the sheet."))
            done.written.append(path.name)
    except OSError as error:
        raise DeskError(f"{folder} can't be written ({error.strerror or error}): the files written so far are whole") from None
    known = {Path(file_of(folder, cid)).name for cid in chronicle.characters} | {CHRONICLE_FILE}
    done.others = sorted(path.name for path in folder.glob("*.toml") if path.name not in known)
    return done


def says(path: Path, sheet, system: str) -> bool:
    """Whether the file holds this very sheet already."""
    if not path.is_file():
        return False
    try:
        return load_sheet(path, system) == sheet
    except SheetError:
        return False


def write_whole(path: Path, text: str) -> None:
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    try:
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
    finally:
        if temporary.exists():
            temporary.unlink()
