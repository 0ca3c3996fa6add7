"""`larp`, `larp station` and `larp serve`: the commands that open the station."""

import subprocess
import sys

from larp.cli import build_parser
from larp.cli.station import LOCAL_HOST, night_arguments, run_serve, run_station


def test_station_and_serve_take_the_night_options():
    parser = build_parser()
    args = parser.parse_args(["station", "--db", "n.sqlite3", "--chronicle", "cards", "--station", "Bar", "--narrator", "Sam"])
    assert args.func is run_station
    assert night_arguments(args) == ["--db", "n.sqlite3", "--chronicle", "cards", "--station", "Bar", "--narrator", "Sam"]
    args = parser.parse_args(["serve", "--port", "9000"])
    assert args.func is run_serve and args.host is None and args.port == 9000
    assert LOCAL_HOST == "127.0.0.1"


def test_the_commands_load_textual_only_when_they_run():
    probe = "import sys; from larp.cli import build_parser; build_parser(); print(sorted(m for m in ('textual', 'textual_serve') if m in sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"


def test_the_first_screen_loads_without_the_game():
    """The station is drawn before the rules, the night record and pydantic are imported."""
    probe = (
        "import sys; import larp.station; "
        "print(sorted(m for m in ('pydantic', 'larp.rules', 'larp.desk', 'larp.sheet') if m in sys.modules))"
    )
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"


def test_serve_gives_each_tab_the_hub_in_its_environment_not_on_its_command_line(monkeypatch, tmp_path):
    """A command line shows in any user's process list; the hub's address holds the event's password."""
    started = {}

    class Server:
        def __init__(self, command, **options):
            started["command"] = command

        def serve(self):
            import os

            started["hub"] = os.environ.get("LARP_HUB")

    monkeypatch.setattr("textual_serve.server.Server", Server)
    monkeypatch.delenv("LARP_HUB", raising=False)
    hub = "postgresql://station:s3cret@10.0.0.5:5433/larp_event"
    (tmp_path / "hub.txt").write_text(hub)
    args = build_parser().parse_args(["serve", "--db", "n.sqlite3", "--hub", str(tmp_path / "hub.txt")])
    assert run_serve(args) == 0
    assert "s3cret" not in started["command"] and "--hub" not in started["command"]
    assert "--db n.sqlite3" in started["command"]
    assert started["hub"] == hub
