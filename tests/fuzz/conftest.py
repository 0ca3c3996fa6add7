import pytest


@pytest.fixture(autouse=True)
def isolated_home(tmp_path, monkeypatch):
    """No fuzzer reads or writes the real user data folder."""
    monkeypatch.setenv("LARP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("LARP_DB", str(tmp_path / "home" / "night.sqlite3"))
