"""A Grapevine file made a chronicle folder like `cards/`, and a chronicle folder made a
Grapevine file: written whole or not at all (a temporary name, renamed at the end)."""

import gc
import os
import shutil
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

from larp.grapevine.errors import GrapevineError
from larp.grapevine.files import BINARY_MAGIC, code_page, read_bytes
from larp.grapevine.streaming import open_records
from larp.grapevine.reading import Imported, read_records, slug
from larp.sheet.chronicle import Chronicle
from larp.sheet.loading import CHRONICLE_FILE
from larp.sheet.toml_writing import chronicle_toml, sheet_toml


@contextmanager
def without_cycle_collection():
    """Reading or writing a chronicle makes millions of objects (elements, rows, sheets) and no
    reference cycles: Python's cycle collector, which would walk them all again and again as
    they grow (40,000 characters: a third of the time), waits until the work is done."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def read_file(path: Path, encoding: str | None = None) -> Imported:
    """A Grapevine file read, its text in `encoding` when given (else the code page told from
    its bytes): its chronicle, the warnings, what came in."""
    path = Path(path)
    data = read_bytes(path)
    chosen = None if data[2:6] in BINARY_MAGIC else code_page(data, encoding, str(path))
    opened = open_records(data, str(path), chosen)
    return read_records(opened.records, str(path), path.stem, opened.encoding, opened.decimal)


def default_folder(path: Path) -> Path:
    return Path(slug(Path(path).stem, "chronicle"))


def import_file(path: Path, out: Path | None = None, encoding: str | None = None) -> tuple[Imported, Path]:
    """`path` read and written as the chronicle folder `out` (by default named after the file,
    here). Nothing is written when the file is refused or `out` already holds anything."""
    path = Path(path)
    out = Path(out) if out is not None else default_folder(path)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise GrapevineError(str(out), "already exists and is not empty: name a new folder with --out")
    with without_cycle_collection():
        imported = read_file(path, encoding)
    temporary = out.parent / f".{out.name}.importing-{os.getpid()}"
    try:
        temporary.mkdir(parents=True)
        with without_cycle_collection():
            write_folder(imported.chronicle, temporary, path.name)
        if out.exists():
            out.rmdir()
        temporary.rename(out)
    except OSError as error:
        raise GrapevineError(str(out), f"can't be written ({error.strerror or error}): nothing written") from None
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
    return imported, out


def write_folder(chronicle: Chronicle, folder: Path, source: str) -> None:
    _new_file(folder / CHRONICLE_FILE, chronicle_toml(chronicle, f"{chronicle.name}: imported from the Grapevine file {source}."))
    for cid, sheet in chronicle.characters.items():
        what = ", ".join(part for part in (sheet.creature, sheet.lineage) if part)
        heading = f"{sheet.display_name}: {what}. Imported from the Grapevine file {source}."
        _new_file(folder / f"{cid}.toml", sheet_toml(sheet, heading))


def _new_file(path: Path, text: str) -> None:
    """A new file holding `text` (UTF-8), in three system calls: a chronicle of a thousand
    characters is a thousand files, and Python's buffered file adds three calls more to each."""
    data = text.encode("utf-8")
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(descriptor, view):]
    finally:
        os.close(descriptor)


def grapevine_date(moment: datetime) -> str:
    """A date and time as larp writes it in a Grapevine file: ISO (`2026-11-28 14:05:09`),
    which VB's CDate reads the same on a Windows of any locale."""
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def export_gex(chronicle: Chronicle, out: Path, now: datetime | None = None) -> list[str]:
    """The chronicle written as the Grapevine exchange file `out` (replaced whole), each
    character changed in larp marked modified `now` (by default the time of writing); the
    characters Windows-1252 can't hold, written `?` as Windows writes them."""
    from larp.grapevine.writing import code_page_of, gex_text, unwritable, unwritten_as  # the export's only

    with without_cycle_collection():
        text = gex_text(chronicle, grapevine_date(now or datetime.now()))
    encoding = code_page_of(chronicle)
    data = text.encode(encoding, errors=unwritten_as(encoding))
    out = Path(out)
    temporary = out.parent / f".{out.name}.writing-{os.getpid()}"
    try:
        temporary.write_bytes(data)
        temporary.replace(out)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise GrapevineError(str(out), f"can't be written ({error.strerror or error})") from None
    return unwritable(text, encoding)
