"""Tabletop chronicles at the desk: the demo chronicles, a record per test, a wall clock told when to move."""

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from larp.desk import Desk
from tests.ledger.conftest import isolated_home  # noqa: F401  (autouse: LARP_HOME and LARP_DB in tmp_path)

CARDS = Path(__file__).resolve().parents[2] / "cards"
STORYTELLER = CARDS / "storyteller"
STORYTELLING = CARDS / "storytelling"


class Wall:
    """A wall clock that moves a minute each time it is read, so that entries keep their order."""

    def __init__(self) -> None:
        self.at = datetime(2026, 11, 23, 20, 0, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        self.at += timedelta(seconds=1)
        return self.at


@pytest.fixture
def wolves(tmp_path):
    with Desk.open(tmp_path / "night.sqlite3", STORYTELLING, "Mill", "Sam", now=Wall()) as desk:
        yield desk


@pytest.fixture
def kindred(tmp_path):
    with Desk.open(tmp_path / "night.sqlite3", STORYTELLER, "Diner", "Ana", now=Wall()) as desk:
        yield desk
