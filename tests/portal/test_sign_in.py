"""Signing in without passwords: a one-time link (spent only by pressing the button), a code,
rate limits, CSRF, no session fixation, and revocation."""

import pytest

from larp.desk import DeskError
from larp.portal.guard import SESSION_COOKIE
from larp.portal.inviting import invite, revoke
from tests.portal.conftest import CLAIRE, MARISA, csrf_of, link_and_code, signed_in


def test_a_link_opened_spends_nothing_and_signs_in_once_with_the_button(client, portal):
    path, _ = link_and_code(portal, MARISA)
    first = client.get(path)
    assert first.status_code == 200 and "Sign me in" in first.text
    assert "Sign me in" in client.get(path).text  # a mail reader's look spends nothing
    done = client.post(path, data={"csrf": csrf_of(first.text)}, follow_redirects=True)
    assert done.status_code == 200 and "Janet Reyes" in done.text and "Signed in as Marisa Okafor" in done.text
    client.cookies.clear()
    assert "can't be used" in client.get(path).text
    again = client.post(path, data={"csrf": csrf_of(client.get("/").text)})
    assert again.status_code == 410 and "used already or has expired" in again.text


def test_a_code_signs_in_with_the_player_s_name_and_only_once(client, portal):
    _, code = link_and_code(portal, MARISA)
    page = client.get("/")
    done = client.post("/code", data={"csrf": csrf_of(page.text), "player": "marisa  okafor", "code": code}, follow_redirects=True)
    assert "Janet Reyes" in done.text
    client.cookies.clear()
    page = client.get("/")
    assert client.post("/code", data={"csrf": csrf_of(page.text), "player": MARISA, "code": code}).status_code == 403


def test_codes_tried_over_and_over_are_refused_with_429(client, portal):
    link_and_code(portal, MARISA)
    page = client.get("/")
    answers = [
        client.post("/code", data={"csrf": csrf_of(page.text), "player": MARISA, "code": f"{n:08d}"}).status_code for n in range(7)
    ]
    assert answers[:5] == [403] * 5 and answers[5:] == [429, 429]


def test_a_form_without_its_csrf_token_is_refused(client, portal):
    path, code = link_and_code(portal, MARISA)
    client.get(path)
    assert client.post(path, data={}).status_code == 403
    assert client.post(path, data={"csrf": "forged"}).status_code == 403
    assert client.post("/code", data={"player": MARISA, "code": code}).status_code == 403
    signed_in(client, portal)
    assert client.post("/c/janet/downtime", data={"text": "burn the pier"}).status_code == 403


def test_a_session_cookie_brought_before_signing_in_is_never_the_one_kept(client, portal):
    client.cookies.set(SESSION_COOKIE, "chosen-by-an-attacker", domain="127.0.0.1", path="/")
    signed_in(client, portal)
    assert client.cookies.get(SESSION_COOKIE) not in (None, "chosen-by-an-attacker")
    assert "Janet Reyes" in client.get("/").text


def test_the_session_cookie_is_http_only_and_same_site(client, portal):
    path, _ = link_and_code(portal, MARISA)
    done = client.post(path, data={"csrf": csrf_of(client.get(path).text)}, follow_redirects=False)
    cookie = done.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie


def test_staff_revoke_a_player_s_sessions_and_links(client, portal):
    signed_in(client, portal)
    path, _ = link_and_code(portal, MARISA)
    assert "1 session ended" in revoke(portal, MARISA)
    assert "Sign in" in client.get("/").text
    assert "can't be used" in client.get(path).text


def test_an_invitation_names_the_player_s_characters_and_only_a_player_the_sheets_know(portal):
    portal.open()
    try:
        lines = invite(portal, CLAIRE, "http://127.0.0.1:8470")
        assert lines[0] == "Claire Dubois (Isolde Marchetti)" and "/in/" in lines[1] and "with the name Claire Dubois" in lines[2]
        with pytest.raises(DeskError, match="no character's sheet names 'Nobody'"):
            invite(portal, "Nobody", "http://127.0.0.1:8470")
    finally:
        portal.close()
