"""The chronicle's card folder in the user data folder: its key and its serials.

`<data folder>/cards/<chronicle id>/`, readable by its owner only (0700). It is
never inside the chronicle folder, which gets shared, copied and committed.
"""

import os
import tempfile
from pathlib import Path

from larp.home import data_dir
from larp.sheet.ids import is_id

PRIVATE_FOLDER = 0o700
PRIVATE_FILE = 0o600


def card_folder(chronicle_id: str) -> Path:
    """The chronicle's card folder in the data folder; a chronicle id that is no id (a path) never names one."""
    if not is_id(chronicle_id):
        raise ValueError(f"{chronicle_id[:80]!r} is not a chronicle's id: no card folder is named by it")
    return data_dir() / "cards" / chronicle_id


def make_card_folder(chronicle_id: str) -> Path:
    """The chronicle's card folder, made owner-only if it is new."""
    folder = card_folder(chronicle_id)
    for path in (folder.parent, folder):
        if not path.is_dir():
            path.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
            path.chmod(PRIVATE_FOLDER)
    return folder


def write_private(path: Path, content: bytes, replace: bool = True) -> bool:
    """Write a file readable by its owner only, all at once: a reader sees the old or the new file.

    With `replace=False` an existing file wins and is left alone; answers whether
    `content` was written.
    """
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(content)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, PRIVATE_FILE)
        if replace:
            os.replace(temporary, path)
            return True
        try:
            os.link(temporary, path)
        except FileExistsError:
            return False
        return True
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
