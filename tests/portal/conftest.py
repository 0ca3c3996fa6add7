"""A chronicle between games behind the players' portal, served in process (Starlette's test
client) on its own record and data folder."""

import re
import shutil
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from larp.desk import Desk
from larp.portal.app import Portal, make_app
from larp.portal.inviting import invite
from tests.ledger.conftest import isolated_home  # noqa: F401  (autouse: LARP_HOME and LARP_DB in tmp_path)

DEMO = Path(__file__).parents[2] / "cards"
MARISA = "Marisa Okafor"  # Janet Reyes's player
CLAIRE = "Claire Dubois"  # Isolde's player


def demo_folder(folder: Path) -> Path:
    folder.mkdir(parents=True)
    for sheet in DEMO.glob("*.toml"):
        shutil.copy(sheet, folder / sheet.name)
    return folder


@pytest.fixture
def season(tmp_path):
    """Game 1 played and closed at station hall: the portal's record is between games."""
    folder = demo_folder(tmp_path / "chronicle")
    with Desk.open(tmp_path / "night.sqlite3", folder, station="hall", narrator="Ann") as desk:
        desk.archive_night()
    return tmp_path / "night.sqlite3", folder


@pytest.fixture
def portal(season, tmp_path):
    record, folder = season
    return Portal(record, folder, tmp_path / "home")


@pytest.fixture
def client(portal):
    with TestClient(make_app(portal), base_url="http://127.0.0.1:8470") as served:
        yield served


def link_and_code(portal, player: str) -> tuple[str, str]:
    lines = invite(portal, player, "http://127.0.0.1:8470")
    link = re.search(r"(http\S+/in/\S+)", lines[1])[1]
    code = re.search(r"(\d{4}-\d{4})", lines[2])[1]
    return link.removeprefix("http://127.0.0.1:8470"), code


def csrf_of(page: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', page)[1]


def signed_in(client, portal, player: str = MARISA):
    """The player signed in with a fresh link, as she would press "Sign me in"."""
    path, _ = link_and_code(portal, player)
    page = client.get(path)
    done = client.post(path, data={"csrf": csrf_of(page.text)}, follow_redirects=False)
    assert done.status_code == 303
    return client
