"""Every error page the portal answers, its own and Starlette's (404, 405, 500), carries the
security headers and is titled by what went wrong; a card that can't be drawn is said on her page."""

import shutil

import pytest
from starlette.testclient import TestClient

from larp.desk import Desk
from larp.portal.app import Portal, make_app
from larp.portal.guard import HEADERS
from tests.portal.conftest import MARISA, csrf_of, demo_folder, signed_in


def guarded_page(answer, status: int, title: str) -> None:
    assert answer.status_code == status
    for name, value in HEADERS.items():
        assert answer.headers.get(name) == value, name
    assert f"<h1>{title}</h1>" in answer.text


def test_starlette_s_own_404_and_405_carry_the_headers_and_their_titles(client):
    guarded_page(client.get("/no/such/page"), 404, "No such page")
    guarded_page(client.get("/code"), 405, "Not a way to ask")


def test_a_failure_inside_the_portal_is_a_guarded_500_page(portal, monkeypatch):
    with TestClient(make_app(portal), base_url="http://127.0.0.1:8470", raise_server_exceptions=False) as served:
        signed_in(served, portal, MARISA)
        monkeypatch.setattr(portal, "sheets", lambda: 1 / 0)
        guarded_page(served.get("/"), 500, "Something went wrong")


def test_refusals_are_titled_by_what_went_wrong(client, portal):
    page = client.get("/")
    guarded_page(client.post("/in/no-such-link", data={"csrf": csrf_of(page.text)}), 410, "That link can&#39;t be used")
    guarded_page(client.get("/c/janet"), 401, "Sign in first")
    signed_in(client, portal, MARISA)
    guarded_page(client.get("/c/cody"), 404, "No such page")


@pytest.fixture
def long_named(tmp_path):
    """Janet under an id too long, with the chronicle's, for a card's QR code."""
    folder = demo_folder(tmp_path / "chronicle")
    sheet = (folder / "janet.toml").read_text().replace('id = "janet"', f'id = "janet-{"x" * 55}"')
    (folder / "janet.toml").unlink()
    (folder / f"janet-{'x' * 55}.toml").write_text(sheet)
    with Desk.open(tmp_path / "night.sqlite3", folder, station="hall", narrator="Ann") as desk:
        desk.archive_night()
    return Portal(tmp_path / "night.sqlite3", folder, tmp_path / "home")


def test_a_card_that_can_t_be_drawn_is_said_on_her_page(long_named):
    with TestClient(make_app(long_named), base_url="http://127.0.0.1:8470") as served:
        signed_in(served, long_named, MARISA)
        page = served.get(f"/c/janet-{'x' * 55}")
        assert page.status_code == 200 and "card can&#39;t be drawn here" in page.text and "<svg" not in page.text
