"""The Narrator's own keys: `keymap.toml` in larp's config folder, as harlequin and posting read theirs.

Each line gives a key's id (F1 shows them) and the key or keys it should be, comma-separated:

    "challenge.rock" = "1"
    "sheets.challenge" = "ctrl+n,f10"

Read with tomllib alone: the first screen is drawn before the game's modules load.
"""

import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

KEYMAP_FILE = "keymap.toml"


def config_dir() -> Path:
    """larp's config folder: `$LARP_CONFIG`, else the platform's config folder for larp."""
    override = os.environ.get("LARP_CONFIG")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_config_dir("larp", appauthor=False))


def keymap_path() -> Path:
    return config_dir() / KEYMAP_FILE


@dataclass
class Keymap:
    """The keys the file gives, and what is wrong in it, each with its file and line."""

    keys: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    lines: dict[str, int] = field(default_factory=dict)

    def unknown(self, ids: set[str], where: Path) -> list[str]:
        """The file's ids that are no key of the station, said with their line."""
        return [
            f"{where}, line {self.lines.get(key_id, '?')}: {key_id!r} is not a key of the station (F1 lists their ids)"
            for key_id in self.keys
            if key_id not in ids
        ]


def read_keymap(path: Path) -> Keymap:
    """The keymap in `path` (none if there is no file); a file that can't be read changes no key."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Keymap()
    except (OSError, UnicodeDecodeError) as error:
        return Keymap(problems=[f"{path}: can't be read ({error})"])
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return Keymap(problems=[f"{path}: is not valid TOML: {error}"])
    keymap = Keymap()
    for key_id, keys in data.items():
        line = line_of(text, key_id)
        if not isinstance(keys, str) or not keys.strip():
            keymap.problems.append(f"{path}, line {line}: {key_id}: give the key as text, such as \"ctrl+n\" or \"f9\"")
            continue
        keymap.keys[key_id] = ",".join(part.strip() for part in keys.split(","))
        keymap.lines[key_id] = line
    return keymap


def line_of(text: str, key: str) -> int | str:
    pattern = re.compile(rf"^\s*(\"{re.escape(key)}\"|'{re.escape(key)}'|{re.escape(key)})\s*=")
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return number
    return "?"
