"""docs/season.md names every key of the station and every command between games."""

import re
from pathlib import Path

from larp.station.app import StationApp

SEASON = Path(__file__).parents[1] / "docs" / "season.md"


def key_said(key: str) -> str:
    """`ctrl+l` as the docs write it: `Ctrl+L`; `f5` as `F5`."""
    return "+".join(part.capitalize() if len(part) > 1 else part.upper() for part in key.split("+"))


def test_every_key_of_the_station_is_in_the_season_guide():
    text = SEASON.read_text()
    keys = {key_said(key) for binding in StationApp.BINDINGS for key in binding.key.split(",")}
    assert {"Ctrl+L", "Ctrl+O"} <= keys
    assert sorted(key for key in keys if not re.search(rf"\| {re.escape(key)} \|", text)) == []


def test_every_command_between_games_is_in_the_season_guide():
    text = SEASON.read_text()
    for command in ("larp add", "larp change", "larp retire", "larp chronicle export", "larp cards print --changed",
                    "larp cards reissue", "larp next", "larp reconcile --night", "larp night open --apply", "larp scan"):
        assert command in text, command
