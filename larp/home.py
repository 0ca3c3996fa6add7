"""Where larp keeps its files: the user data folder, overridable by `LARP_HOME`.

Nothing is created at import; callers make the folder when they first write to it.
"""

import os
from pathlib import Path


def data_dir() -> Path:
    """The user data folder: `$LARP_HOME`, else the platform's data folder for larp."""
    override = os.environ.get("LARP_HOME")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("larp", appauthor=False))


def default_db() -> Path:
    """The night record: `$LARP_DB`, else `night.sqlite3` in the data folder."""
    override = os.environ.get("LARP_DB")
    if override:
        return Path(override).expanduser()
    return data_dir() / "night.sqlite3"


def demo_chronicle() -> Path:
    """The demo chronicle a first run opens on: `cards/` beside the larp package."""
    return Path(__file__).resolve().parents[1] / "cards"
