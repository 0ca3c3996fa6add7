"""Every command's output, whatever it holds and wherever it goes: never a traceback.

A terminal that can't encode a name gets it escaped (and JSON stays JSON); a reader that goes
away (`| head`) ends the command quietly; control characters in a name or an effect are
written inert, so that a sheet can't clear or repaint a Narrator's terminal.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
DEMO_NIGHT = HERE.parent / "cards" / "demo-night.json"
ESCAPE = "\x1b[2J"

NIGHT = {
    "characters": [
        {"id": "ana", "name": f"Anä☃ {ESCAPE}", "traits": {"physical": {"Zäh": 2}}},
        {"id": "bo", "name": "Bo", "traits": {"physical": {"Tough": 2}}},
    ],
    "events": [
        {
            "challenge": {
                "kind": "contested",
                "category": "physical",
                "challenger": {"character": "ana", "trait": "Zäh"},
                "defender": {"character": "bo", "trait": "Tough"},
                "effect": "a blow 🗡 \x1b[31m",
                "steps": [{"throw": {"challenger": "rock", "defender": "paper"}}],
            }
        }
    ],
}


def larp(*args: str, env: dict | None = None, closed: bool = False) -> subprocess.CompletedProcess:
    """The command as a process; `closed`: its reader has gone away before it writes."""
    environment = {**os.environ, **(env or {})}
    command = [sys.executable, "-m", "larp", *args]
    if not closed:
        return subprocess.run(command, capture_output=True, env=environment, timeout=120)
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment)
    process.stdout.close()
    err = process.stderr.read()
    return subprocess.CompletedProcess(command, process.wait(timeout=120), b"", err)


@pytest.fixture(scope="module")
def night_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("night") / "night.json"
    path.write_text(json.dumps(NIGHT, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def home(tmp_path_factory, night_file) -> dict:
    """A record holding the night: LARP_HOME for the commands that read it."""
    env = {"LARP_HOME": str(tmp_path_factory.mktemp("home"))}
    assert larp("record", str(night_file), "--station", "hall", env=env).returncode == 0
    return env


ASCII = {"PYTHONIOENCODING": "ascii"}


def test_resolve_on_an_ascii_terminal_escapes_names_and_stays_json(night_file):
    done = larp("resolve", str(night_file), env=ASCII)
    assert done.returncode == 0 and done.stderr == b""
    assert json.loads(done.stdout)["results"][0]["lost"] == {"ana": ["Zäh"]}


def test_resolve_explain_on_an_ascii_terminal_escapes_names(night_file):
    done = larp("resolve", str(night_file), "--explain", env=ASCII)
    assert done.returncode == 0 and done.stderr == b""
    assert "An\\u00e4\\u2603" in done.stdout.decode("ascii")


def test_log_on_an_ascii_terminal_escapes_names(home):
    done = larp("log", env={**home, **ASCII})
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert "An\\u00e4\\u2603" in done.stdout.decode("ascii")


def test_an_error_message_on_an_ascii_terminal_is_escaped(tmp_path):
    source = tmp_path / "bad.json"
    source.write_text(json.dumps({"characters": [{"id": "ä", "traits": {}}], "events": []}))
    done = larp("resolve", str(source), env=ASCII)
    assert done.returncode == 2 and b"Traceback" not in done.stderr and done.stderr.count(b"\n") == 1


@pytest.mark.parametrize(
    "args",
    [
        ["resolve", str(DEMO_NIGHT), "--explain"],
        ["resolve", str(DEMO_NIGHT), "--indent", "2"],
        ["log", "--format", "json"],
        ["log"],
        ["reconcile"],
        ["schema", "transcript"],
        ["scan", "--text", "nothing a scanner typed"],
        ["--help"],
    ],
    ids=lambda args: " ".join(args[:2]),
)
def test_a_closed_pipe_ends_the_command_quietly(args, home):
    done = larp(*args, env=home, closed=True)
    assert b"Traceback" not in done.stderr and b"Exception ignored" not in done.stderr
    assert b"BrokenPipe" not in done.stderr


def test_control_characters_in_names_and_effects_are_inert_in_explain(night_file):
    out = larp("resolve", str(night_file), "--explain").stdout.decode()
    assert "\x1b" not in out and "\\x1b[2J" in out and "\\x1b[31m" in out


def test_control_characters_in_names_and_effects_are_inert_in_the_log(home):
    out = larp("log", env=home).stdout.decode()
    assert "\x1b" not in out and "\\x1b[2J" in out
