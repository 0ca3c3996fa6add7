"""Sign-in limits hold codes and bad links back, per player and per address, and never block a
player who holds a valid link; an invitation ends the older link; a spent link is an error."""

from larp.portal.guard import TRIES_PER_ADDRESS, TRIES_PER_PLAYER
from tests.portal.conftest import CLAIRE, MARISA, csrf_of, link_and_code


def wrong_codes(client, player: str, times: int) -> list[int]:
    page = client.get("/")
    return [client.post("/code", data={"csrf": csrf_of(page.text), "player": player, "code": f"{n:08d}"}).status_code for n in range(times)]


def press(client, path: str):
    """The link's button pressed (with the sign-in form's token when the link's page has none)."""
    page = client.get(path)
    token = csrf_of(page.text if 'name="csrf"' in page.text else client.get("/").text)
    return client.post(path, data={"csrf": token}, follow_redirects=True)


def test_a_valid_link_signs_in_after_her_codes_were_tried_too_often(client, portal):
    path, code = link_and_code(portal, MARISA)
    assert wrong_codes(client, MARISA, TRIES_PER_PLAYER + 1)[-1] == 429
    signed = press(client, path)
    assert signed.status_code == 200 and "Signed in as Marisa Okafor" in signed.text


def test_a_valid_link_signs_in_from_an_address_that_tried_too_often(client, portal):
    path, _ = link_and_code(portal, CLAIRE)
    for n in range(TRIES_PER_ADDRESS):
        assert press(client, f"/in/not-a-link-{n}").status_code == 410
    assert press(client, "/in/not-a-link-again").status_code == 429
    assert wrong_codes(client, MARISA, 1) == [429]  # codes from the address are held back
    signed = press(client, path)
    assert signed.status_code == 200 and "Signed in as Claire Dubois" in signed.text


def test_a_new_invitation_ends_the_older_link(client, portal):
    older, _ = link_and_code(portal, MARISA)
    newer, _ = link_and_code(portal, MARISA)
    assert client.get(older).status_code == 410
    assert press(client, older).status_code == 410
    assert "Signed in as Marisa Okafor" in press(client, newer).text


def test_a_spent_link_answers_410(client, portal):
    path, _ = link_and_code(portal, MARISA)
    press(client, path)
    client.cookies.clear()
    spent = client.get(path)
    assert spent.status_code == 410 and "can't be used" in spent.text
