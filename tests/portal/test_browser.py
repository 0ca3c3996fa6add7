"""The portal in a phone's browser (Playwright driving Debian's Chromium at 360×740): invited,
signed in with the link's button, her sheet and no one else's, a purchase asked and approved at
the CLI, the new sheet; the card's QR read from a screenshot (zxing-cpp) and taken at the door
by `larp checkin`. LARP_SHOTS=DIR keeps the screenshots there (docs/screenshots for the guide)."""

import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.portal.conftest import MARISA, demo_folder

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [pytest.mark.browser, pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium")]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def larp(env, *args) -> str:
    done = subprocess.run([sys.executable, "-m", "larp", *map(str, args)], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture
def served(tmp_path):
    env = {**os.environ, "LARP_HOME": str(tmp_path / "home"), "LARP_DB": str(tmp_path / "night.sqlite3")}
    folder = demo_folder(tmp_path / "chronicle")
    larp(env, "night", "open", "--chronicle", folder, "--station", "hall", "--narrator", "Ann")
    larp(env, "close-night")
    larp(env, "xp", "award", "janet", "3", "--reason", "held the docks")
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "larp", "portal", "--port", str(port)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    yield env, base
    server.terminate()
    server.wait(10)


def shot(page, tmp_path: Path, name: str) -> Path:
    path = tmp_path / f"portal-{name}.png"
    page.screenshot(path=str(path), full_page=True)
    if os.environ.get("LARP_SHOTS"):
        shutil.copy(path, Path(os.environ["LARP_SHOTS"]) / path.name)
    return path


def test_a_player_signs_in_on_her_phone_asks_for_a_purchase_and_shows_her_card_at_the_door(served, tmp_path):
    from playwright.sync_api import sync_playwright
    import zxingcpp
    from PIL import Image

    env, base = served
    link = re.search(r"(http\S+/in/\S+)", larp(env, "portal", "invite", MARISA, "--url", base))[1]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 360, "height": 740}, device_scale_factor=1)
        page.goto(link)
        shot(page, tmp_path, "sign-in")
        page.get_by_role("button", name="Sign me in").click()
        page.wait_for_url(base + "/")
        assert "Janet Reyes" in page.content()
        assert page.goto(base + "/c/isolde").status == 404
        page.goto(base + "/c/janet")
        sheet = shot(page, tmp_path, "sheet")
        page.get_by_label(re.compile("A purchase")).select_option("Ability: Occult")
        page.get_by_role("button", name="See its price").click()
        assert "1 experience" in page.content()
        shot(page, tmp_path, "purchase")
        page.get_by_role("button", name="Ask staff for it").click()
        assert "waiting" in page.content()
        assert "approved" in larp(env, "requests", "approve", "1", "--narrator", "Mara")
        page.reload()
        assert "Occult 1" in page.content() and "approved" in page.content()
        width = page.evaluate("document.documentElement.scrollWidth")
        browser.close()
    assert width <= 360  # nothing wider than the phone
    found = zxingcpp.read_barcodes(Image.open(sheet))
    assert len(found) == 1
    said = larp(env, "checkin", "--text", found[0].text)
    assert "PRESENT  Janet Reyes" in said
