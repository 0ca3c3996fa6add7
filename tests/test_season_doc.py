"""docs/season.md names every key of the station and every command between games; the README's
season runs as written, at two stations through a real hub."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from larp.station.app import StationApp
from tests.event.conftest import cluster, hub  # noqa: F401  (a real PostgreSQL hub, a fresh event per test)

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
                    "larp cards reissue", "larp next", "larp reconcile --night", "larp night open --apply", "larp scan",
                    "larp conflicts", "larp conflicts pick", "larp reverse"):
        assert command in text, command


README = Path(__file__).parents[1] / "README.md"
STEP = re.compile(r"^(hall|bar)\$ (.*)$", re.M)


def season_walk() -> list[tuple[str, str]]:
    """The README's season, line by line: the station it runs at, and the command as written."""
    part = README.read_text().split("## A season: between games", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    return [(match[1], match[2]) for match in STEP.finditer(part)]


def test_the_readme_season_runs_as_written_at_two_stations_through_a_real_hub(tmp_path, hub):
    """Each line of the README's season at its station (its own folder and data folder), through
    one hub: every command succeeds (one the README says is refused, fails), and says what the
    README quotes it saying."""
    walk = season_walk()
    assert {station for station, _ in walk} == {"hall", "bar"} and len(walk) > 30
    env = {key: value for key, value in os.environ.items() if key not in ("LARP_DB", "LARP_HOME")} | {"LARP_HUB": hub}
    for station in ("hall", "bar"):
        shutil.copytree(README.parent / "cards", tmp_path / station / "cards")
        shutil.copytree(README.parent / "docs" / "sheets", tmp_path / station / "docs" / "sheets")
    for station, command in walk:
        said = subprocess.run(
            ["bash", "-c", f'larp() {{ {sys.executable} -m larp "$@"; }}\n{command}'],
            cwd=tmp_path / station, env=env | {"LARP_HOME": str(tmp_path / f"home-{station}")},
            capture_output=True, text=True, timeout=120,
        )
        printed, comment = said.stdout + said.stderr, command.partition("#")[2]
        refused = comment.strip().startswith("refused")
        assert (said.returncode != 0) == refused, f"{station}$ {command}\n{printed}"
        for quoted in re.findall(r'"([^"]+)"', comment):
            assert quoted in printed, f"{station}$ {command}\n{printed}"
