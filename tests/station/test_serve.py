"""`larp serve`: the station in a web browser through textual-serve, on this machine unless told.

The browser test drives Debian's headless Chromium over the DevTools protocol (aiohttp, which
textual-serve already brings, is the websocket client) and reads what the station sent to the
page's terminal.
"""

import asyncio
import base64
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from tests.station.conftest import CARDS

LARP = [sys.executable, "-c", "import sys; from larp.cli import main; sys.exit(main())"]
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,900",
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(command: list[str], home: Path) -> subprocess.Popen:
    env = {**os.environ, "LARP_HOME": str(home)}
    return subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, text=True
    )


def stop(process: subprocess.Popen) -> tuple[str, str]:
    os.killpg(process.pid, signal.SIGKILL)
    return process.communicate()


def serve(tmp_path: Path, *options: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    command = [
        *LARP, "serve", "--port", str(port),
        "--db", str(tmp_path / "night.sqlite3"), "--chronicle", str(CARDS), "--station", "Browser", *options,
    ]  # fmt: skip
    return start(command, tmp_path / "home"), port


def wait_for_page(port: int, host: str = "127.0.0.1", seconds: float = 30) -> str:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"http://{host}:{port}/", timeout=2) as response:
                return response.read().decode()
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def test_serve_listens_on_this_machine_only_and_says_so_when_told_otherwise(tmp_path):
    local, port = serve(tmp_path)
    try:
        page = wait_for_page(port)
        assert "larp: the Narrator station" in page
        assert "googleapis" not in page and "https://" not in page  # a venue has no internet (issue 28, item 14)
        font = re.search(r'url\("([^"]*RobotoMono-VariableFont_wght\.ttf)"\)', page).group(1)
        with urllib.request.urlopen(font if font.startswith("http") else f"http://127.0.0.1:{port}{font}", timeout=5) as response:
            assert response.status == 200 and len(response.read()) > 10_000
    finally:
        _, local_errors = stop(local)
    assert "anyone on that network" not in local_errors

    exposed, port = serve(tmp_path, "--host", "0.0.0.0")
    try:
        wait_for_page(port)
    finally:
        _, exposed_errors = stop(exposed)
    assert "anyone on that network can reach this station" in exposed_errors


async def frames_until(devtools_url: str, page_url: str, wanted: list[bytes], seconds: float) -> bytes:
    """Open `page_url` in the browser and gather what its websockets receive until all of `wanted` came."""
    import aiohttp

    received = b""
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(devtools_url, max_msg_size=0) as devtools:
            calls = iter(range(1, 1000))
            await devtools.send_json({"id": next(calls), "method": "Network.enable"})
            await devtools.send_json({"id": next(calls), "method": "Page.navigate", "params": {"url": page_url}})
            deadline = time.monotonic() + seconds
            while not all(text in received for text in wanted):
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                try:
                    message = await devtools.receive_json(timeout=left)
                except asyncio.TimeoutError:
                    break
                if message.get("method") == "Network.webSocketFrameReceived":
                    frame = message["params"]["response"]
                    data = frame["payloadData"]
                    received += base64.b64decode(data) if frame.get("opcode") == 2 else data.encode()
    return received


def page_target(port: int, seconds: float = 30) -> str:
    """The DevTools websocket of the browser's page."""
    import json

    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=2) as response:
                pages = [target for target in json.load(response) if target["type"] == "page"]
            if pages:
                return pages[0]["webSocketDebuggerUrl"]
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise TimeoutError("headless Chromium offered no page to drive")
        time.sleep(0.2)


@pytest.mark.browser
@pytest.mark.slow
def test_the_station_comes_up_in_headless_chromium(tmp_path):
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.skip("Debian's chromium is not installed (scripts/test installs it: apt-get install -y chromium)")
    server, port = serve(tmp_path, "--narrator", "Sam")  # the night opens, then the tab asks whose it is
    devtools_port = free_port()
    profile = tempfile.mkdtemp(dir=tmp_path)
    browser = start(
        [chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", f"--remote-debugging-port={devtools_port}", "about:blank"],
        tmp_path / "home",
    )
    try:
        wait_for_page(port)
        drawn = asyncio.run(
            frames_until(
                page_target(devtools_port),
                f"http://127.0.0.1:{port}/",
                [b"Ashes of Alder Bay", b"Game time", b"Scan a card", b"Who is the Narrator"],
                seconds=60,
            )
        )
    finally:
        stop(browser)
        stop(server)
    assert b"Game time" in drawn, "the station's clock bar never reached the page"
    assert b"Scan a card" in drawn, "the lookup field never reached the page"
    assert b"Ashes of Alder Bay" in drawn, "the night record never opened in the served station"
    assert b"Who is the Narrator" in drawn, "the tab never asked the Narrator's name"
