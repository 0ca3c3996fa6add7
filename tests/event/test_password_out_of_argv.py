"""The hub's password is in no process's command line while stations join and sync: any user
of the laptop can list them (`ps`, `/proc/*/cmdline`)."""

import os
import subprocess
import sys
import threading
from pathlib import Path

from tests.ledger.helpers import write_chronicle


def command_lines() -> list[bytes]:
    found = []
    for folder in Path("/proc").iterdir():
        if folder.name.isdigit():
            try:
                found.append((folder / "cmdline").read_bytes())
            except OSError:
                pass  # ended meanwhile
    return found


def test_d_the_password_is_in_no_command_line_while_a_station_joins_and_syncs(cluster, hub, tmp_path):
    password = cluster.settings.password.encode()
    line = tmp_path / "hub.txt"
    line.write_text(hub + "\n")
    line.chmod(0o600)
    chronicle = write_chronicle(tmp_path / "chronicle")
    db = str(tmp_path / "bar.sqlite3")
    environment = {**os.environ, "LARP_HUB": ""}
    seen = {"larp": 0, "leaks": []}
    running = threading.Event()

    def watch() -> None:
        while not running.is_set():
            for said in command_lines():
                seen["larp"] += b"larp" in said and (b"sync" in said or b"join" in said)
                if password in said:
                    seen["leaks"].append(said.replace(b"\0", b" ").decode(errors="replace"))

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        larp = [sys.executable, "-m", "larp"]
        subprocess.run([*larp, "night", "open", "--station", "bar", "--chronicle", chronicle, "--db", db], env=environment, check=True, capture_output=True)
        subprocess.run([*larp, "join", str(line), "--db", db], env=environment, check=True, capture_output=True)
        for _ in range(3):
            subprocess.run([*larp, "sync", "--db", db], env=environment, check=True, capture_output=True)
        with open(line) as given:  # the same through standard input
            subprocess.run([*larp, "join", "--db", str(tmp_path / "crypt.sqlite3"), "--station", "crypt"], stdin=given, env=environment, check=True, capture_output=True)
    finally:
        running.set()
        watcher.join()
    assert seen["larp"] > 0  # the watch saw the commands run
    assert seen["leaks"] == []
