"""A player sees only her own characters, as a player may: another's address is a 404, the
Narrator's notes and Grapevine's Storyteller-only data never show, names are escaped."""

from larp.desk import Desk
from tests.portal.conftest import MARISA, signed_in


def test_a_player_sees_her_character_and_gets_404_for_any_other(client, portal):
    signed_in(client, portal, MARISA)
    page = client.get("/c/janet")
    assert page.status_code == 200 and "Janet Reyes" in page.text and "Show this at the door" in page.text
    for other in ("isolde", "wick", "no-such-character", "..%2F..%2Fetc"):
        assert client.get(f"/c/{other}").status_code == 404
    assert client.post("/c/isolde/downtime", data={"text": "x"}).status_code in (403, 404)


def test_the_narrator_s_notes_never_reach_the_player(client, portal, season):
    signed_in(client, portal, MARISA)
    page = client.get("/c/janet").text
    assert "1952 photograph" not in page and "Harpy of Alder Bay" not in page
    assert "Silver-streaked black hair" in page  # her public lines do


def test_a_script_in_a_name_from_a_sheet_is_shown_as_text(client, portal, season):
    record, folder = season
    with Desk.open(record, folder, station="hall", narrator="Ann", open_night=False) as desk:
        janet = desk.standing().characters["janet"]
        desk.amend(janet.model_copy(update={"name": "<script>alert(1)</script>Janet"}), "a prank")
    signed_in(client, portal, MARISA)
    for path in ("/", "/c/janet"):
        page = client.get(path).text
        assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;Janet" in page


def test_every_page_forbids_scripts_and_framing(client, portal):
    signed_in(client, portal, MARISA)
    headers = client.get("/c/janet").headers
    assert "default-src 'none'" in headers["content-security-policy"] and "script-src" not in headers["content-security-policy"]
    assert headers["x-frame-options"] == "DENY" and headers["referrer-policy"] == "no-referrer"


def test_a_page_needs_a_session(client):
    assert client.get("/c/janet").status_code == 401
