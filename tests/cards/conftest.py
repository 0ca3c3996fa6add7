from pathlib import Path

import pytest

from larp.home import demo_chronicle as demo_folder
from larp.sheet import Chronicle, load_chronicle
from tests.cards.made_chronicle import write_chronicle


@pytest.fixture(autouse=True)
def larp_home(tmp_path, monkeypatch) -> Path:
    """Keys and serials go to a folder of the test's own, never the user's."""
    home = tmp_path / "larp-home"
    monkeypatch.setenv("LARP_HOME", str(home))
    return home


@pytest.fixture
def chronicle_folder(tmp_path) -> Path:
    return write_chronicle(tmp_path / "chronicle")


@pytest.fixture
def chronicle(chronicle_folder) -> Chronicle:
    return load_chronicle(chronicle_folder)


@pytest.fixture
def other_chronicle(tmp_path) -> Chronicle:
    return load_chronicle(write_chronicle(tmp_path / "other", characters=3, chronicle_id="ashes-elsewhere"))


@pytest.fixture
def demo_chronicle() -> Chronicle:
    return load_chronicle(demo_folder())
