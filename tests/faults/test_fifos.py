"""A FIFO (or a socket, a folder) named where a file is read is refused by name at once, never
waited on: every reader of an input, as a whole command with a time limit."""

import os
import subprocess
import sys

import pytest

from tests.ledger.helpers import write_chronicle

LIMIT = 30


def run(tmp_path, *args) -> subprocess.CompletedProcess:
    env = {**os.environ, "LARP_HOME": str(tmp_path / "home"), "LARP_DB": str(tmp_path / "night.sqlite3")}
    return subprocess.run([sys.executable, "-m", "larp", *map(str, args)], env=env, capture_output=True, text=True, timeout=LIMIT)


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize(
    "command",
    [
        ("resolve", "{fifo}"),
        ("merge", "{fifo}"),
        ("chronicle", "import", "{fifo}", "--out", "{tmp}/imported"),
        ("scan", "{fifo}"),
        ("add", "{fifo}"),
        ("reconcile", "--reported", "{fifo}"),
        ("record", "{fifo}"),
        ("odds", "--transcript", "{fifo}", "--event", "0"),
        ("join", "{fifo}", "--station", "door"),
        ("hub", "init", "{fifo}"),
    ],
    ids=lambda command: " ".join(part for part in command[:2] if "{" not in part),
)
def test_a_fifo_given_as_an_input_is_refused_by_name(tmp_path, fifo, command):
    chronicle = write_chronicle(tmp_path / "chronicle")
    assert run(tmp_path, "night", "open", "--chronicle", chronicle, "--station", "hall").returncode == 0
    done = run(tmp_path, *[part.format(fifo=fifo, tmp=tmp_path) for part in command])
    assert done.returncode != 0
    said = done.stderr + done.stdout
    assert "FIFO" in said and "Traceback" not in said


def test_a_fifo_in_the_chronicle_folder_is_refused_by_name(tmp_path):
    chronicle = write_chronicle(tmp_path / "chronicle")
    os.mkfifo(chronicle / "ghost.toml")
    done = run(tmp_path, "night", "open", "--chronicle", chronicle, "--station", "hall")
    assert done.returncode != 0 and "ghost.toml" in done.stderr and "FIFO" in done.stderr
