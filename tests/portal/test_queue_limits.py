"""One session can't flood staff's queue: a player's waiting requests are capped in number and in
size, her pages show them a page at a time; a retired character asks nothing, a purchase she
can't pay for is refused at the queue, and a line break counts as one character, as the
browser's maxlength counts it."""

from larp.desk import Desk
from larp.portal.asking import PAGE, TEXT_MOST, WAITING_MOST, WAITING_TEXT_MOST
from larp.portal.store import PortalStore, portal_file
from tests.portal.conftest import MARISA, csrf_of, signed_in
from tests.portal.test_requests import award


def write(client, text: str, kind: str = "downtime"):
    page = client.get("/c/janet")
    return client.post(f"/c/janet/{kind}", data={"csrf": csrf_of(page.text), "text": text}, follow_redirects=True)


def stored(season) -> int:
    store = PortalStore(portal_file(season[0]))
    try:
        return store.counted()[0]
    finally:
        store.close()


def test_a_player_s_waiting_requests_are_capped_in_number(client, portal, season):
    signed_in(client, portal, MARISA)
    for n in range(WAITING_MOST):
        assert write(client, f"Janet asks about the docks, time {n}").status_code == 200
    refused = write(client, "one more")
    assert refused.status_code == 429 and "requests waiting" in refused.text
    assert stored(season) == WAITING_MOST


def test_a_player_s_waiting_requests_are_capped_in_size(client, portal, season):
    signed_in(client, portal, MARISA)
    for _ in range(WAITING_TEXT_MOST // TEXT_MOST):
        write(client, "x" * TEXT_MOST)
    refused = write(client, "y" * 100)
    assert refused.status_code == 429 and f"the most is {WAITING_TEXT_MOST}" in refused.text
    assert stored(season) == WAITING_TEXT_MOST // TEXT_MOST


def test_her_requests_are_shown_a_page_at_a_time_newest_first(client, portal, season):
    signed_in(client, portal, MARISA)
    store = PortalStore(portal_file(season[0]))
    for n in range(PAGE + 5):
        store.add_request(MARISA, "janet", "downtime", {"text": f"errand number {n:03}"}, "")
    store.close()
    first = client.get("/c/janet").text
    assert "errand number 024" in first and "errand number 004" not in first and "Page 1 of 2" in first
    older = client.get("/c/janet", params={"page": "2"}).text
    assert "errand number 004" in older and "errand number 024" not in older
    assert "Page 1 of 2" in client.get("/", params={"page": "x"}).text


def test_a_line_break_counts_as_one_character_as_the_browser_counts_it(client, portal, season):
    signed_in(client, portal, MARISA)
    text = "line\r\n" * (TEXT_MOST // 5)  # 4,000 as the textarea counts, 4,800 as sent
    assert write(client, text.strip()).status_code == 200
    store = PortalStore(portal_file(season[0]))
    assert "\r" not in store.request(1).said
    store.close()


def test_a_purchase_she_can_t_pay_for_is_refused_at_the_queue(client, portal, season):
    signed_in(client, portal, MARISA)
    offer = client.get("/c/janet/buy", params={"what": "Willpower"})
    asked = client.post("/c/janet/buy", data={"csrf": csrf_of(offer.text), "what": "Willpower"})
    assert asked.status_code == 402 and stored(season) == 0


def test_a_retired_character_s_requests_are_refused_at_the_queue(client, portal, season):
    award(season, 5)
    record, folder = season
    with Desk.open(record, folder, station="hall", narrator="Ann", open_night=False) as desk:
        desk.retire("janet", "moved away")
    signed_in(client, portal, MARISA)
    page = client.get("/c/janet")
    assert page.status_code == 200 and "Ask staff" not in page.text
    asked = client.post("/c/janet/downtime", data={"csrf": csrf_of(page.text), "text": "one last errand"})
    assert asked.status_code == 403 and "asks for nothing more" in asked.text
    bought = client.post("/c/janet/buy", data={"csrf": csrf_of(page.text), "what": "Ability: Occult"})
    assert bought.status_code == 403 and stored(season) == 0


def test_staff_s_queue_is_listed_a_page_at_a_time(season, capsys):
    from larp.cli.portal import LISTED
    from tests.ledger.helpers import larp

    store = PortalStore(portal_file(season[0]))
    for n in range(LISTED + 3):
        store.add_request(f"Player {n}", "janet", "downtime", {"text": f"errand {n}"}, "")
    store.close()
    status, out, _ = larp(capsys, "requests", "--db", season[0])
    lines = out.splitlines()
    assert status == 0 and len(lines) == LISTED + 1 and lines[-1] == f"Page 1 of 2 ({LISTED + 3} requests): --page 2 for the next"
    status, out, _ = larp(capsys, "requests", "--page", "2", "--db", season[0])
    assert len(out.splitlines()) == 4 and f"errand {LISTED + 2}" in out
