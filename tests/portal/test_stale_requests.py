"""A request is stale only where the sheet changed in what it looks at: a purchase approved
leaves her other purchases and downtime fresh, a change of what another purchase buys makes
that one stale, and the player sees which are stale."""

from larp.desk import Desk
from larp.portal.answering import approve, sheets_now, stale
from larp.portal.store import PortalStore, portal_file
from tests.portal.conftest import MARISA, csrf_of, signed_in
from tests.portal.test_requests import ask_to_buy, award


def staleness(season) -> dict[int, bool]:
    store = PortalStore(portal_file(season[0]))
    with Desk.read(season[0]) as desk:
        sheets = sheets_now(desk)
    try:
        return {r.id: stale(sheets, r) for r in store.requests(state="waiting")}
    finally:
        store.close()


def test_an_approved_purchase_leaves_her_other_requests_fresh_unless_they_touch_what_it_bought(client, portal, season):
    award(season, 8)
    signed_in(client, portal, MARISA)
    ask_to_buy(client, "Ability: Occult")  # 1
    ask_to_buy(client, "Ability: Occult")  # 2: the same Ability, now at another level
    ask_to_buy(client, "Physical: Quick")  # 3
    page = client.get("/c/janet")
    client.post("/c/janet/downtime", data={"csrf": csrf_of(page.text), "text": "Janet watches the pier"})  # 4
    client.post("/c/janet/change", data={"csrf": csrf_of(page.text), "text": "Her lineage is Ventrue"})  # 5
    record, folder = season
    store = PortalStore(portal_file(record))
    with Desk.open(record, folder, station="hall", narrator="Ann", open_night=False) as desk:
        approve(desk, store, 1, "Ann")
    store.close()
    assert staleness(season) == {2: True, 3: False, 4: False, 5: True}
    shown = client.get("/c/janet").text
    assert shown.count("stale: the sheet changed since you asked") == 2
