"""The demo Primogen buys in his named lists from the portal: a name with no price is queued as
"needs a price" and approved only once staff price it; a purchase not among his offers is never
queued; a list the chronicle keeps for staff is not on his page."""

import pytest
from starlette.testclient import TestClient

from larp.desk import Desk, DeskError
from larp.portal.answering import approve
from larp.portal.app import Portal, make_app
from tests.portal.conftest import csrf_of, demo_folder, signed_in

GRAHAM = "Graham Lutz"  # Aldous Whitcombe's player
PASSION = "Disciplines: Dementation: Passion"


def award(season, points: float) -> None:
    record, folder = season
    with Desk.open(record, folder, station="hall", narrator="Ann", open_night=False) as desk:
        desk.award("aldous", points, "a fine game")


def aldous(season):
    with Desk.read(season[0]) as desk:
        return desk.states()["aldous"].sheet


def asked(client, what: str):
    offer = client.get("/c/aldous/buy", params={"what": what})
    assert offer.status_code == 200, offer.text
    return offer, client.post("/c/aldous/buy", data={"csrf": csrf_of(offer.text), "what": what}, follow_redirects=True)


def test_a_name_with_no_price_is_queued_as_needing_one_and_approved_only_once_staff_price_it(client, portal, season):
    award(season, 6)
    signed_in(client, portal, GRAHAM)
    page = client.get("/c/aldous").text
    assert f"{PASSION} · needs a price" in page
    offer, queued = asked(client, PASSION)
    assert "needs a price: staff set it before they approve it" in offer.text
    assert queued.status_code == 200 and "waiting" in queued.text
    (request,) = portal.store.requests(player=GRAHAM)
    assert request.body["what"] == PASSION and request.body["price"] is None
    with Desk.open(season[0], season[1], station="hall", narrator="Ann", open_night=False) as desk:
        with pytest.raises(DeskError, match=r"Dementation: Passion needs a price.*--price"):
            approve(desk, portal.store, request.id, "Mara")
    assert portal.store.request(request.id).state == "waiting"
    before = aldous(season)
    assert "Dementation: Passion" not in [item.name for item in before.lists["Disciplines"]] and before.experience.unspent == 6
    with Desk.open(season[0], season[1], station="hall", narrator="Ann", open_night=False) as desk:
        assert approve(desk, portal.store, request.id, "Mara", price=4).state == "approved"
    after = aldous(season)
    bought = {item.name: item.rating for item in after.lists["Disciplines"]}
    assert bought["Dementation: Passion"] == 4 and after.experience.unspent == 2
    last = after.experience.history[-1]
    assert (last.type, last.change, last.reason) == ("spent", 4, PASSION)
    page = client.get("/c/aldous").text
    assert '<span class="item">Dementation: Passion</span> <span class="rating">4</span>' in page and "unspent 2" in page


@pytest.mark.parametrize("what", ["Ability: Made Up Thing", "Disciplines: Thaumaturgy: Made Up", "Flaws: Dark Secret: the Kessler pact"])
def test_a_purchase_not_among_his_offers_is_refused_and_nothing_is_queued(client, portal, season, what):
    award(season, 6)
    signed_in(client, portal, GRAHAM)
    csrf = csrf_of(client.get("/c/aldous").text)
    shown = client.get("/c/aldous/buy", params={"what": what})
    assert shown.status_code == 400 and "is not among what Aldous Whitcombe may buy" in shown.text
    refused = client.post("/c/aldous/buy", data={"csrf": csrf, "what": what})
    assert refused.status_code == 400 and "pick one from the list" in refused.text
    assert portal.store.requests(player=GRAHAM) == []


@pytest.fixture
def staff_flaws(tmp_path):
    """The demo chronicle with `staff_only = ["Flaws"]`, game 1 played and closed, its portal served."""
    folder = demo_folder(tmp_path / "chronicle")
    chronicle = folder / "chronicle.toml"
    chronicle.write_text(chronicle.read_text().replace('willpower_refresh = "full"', 'willpower_refresh = "full"\nstaff_only = ["Flaws"]'))
    with Desk.open(tmp_path / "night.sqlite3", folder, station="hall", narrator="Ann") as desk:
        assert desk.chronicle.staff_only == ["Flaws"]
        desk.archive_night()
    portal = Portal(tmp_path / "night.sqlite3", folder, tmp_path / "home")
    with TestClient(make_app(portal), base_url="http://127.0.0.1:8470") as served:
        yield served, portal


def test_a_list_the_chronicle_keeps_for_staff_is_not_on_his_page(staff_flaws):
    client, portal = staff_flaws
    signed_in(client, portal, GRAHAM)
    page = client.get("/c/aldous").text
    assert "<h2>Disciplines</h2>" in page and "<h2>Merits</h2>" in page and "<h2>Equipment</h2>" in page
    assert "<h2>Flaws</h2>" not in page and "Prey Exclusion" not in page and "harbour&#39;s poor" not in page


def test_without_staff_only_his_flaws_are_on_his_page(client, portal):
    signed_in(client, portal, GRAHAM)
    page = client.get("/c/aldous").text
    assert "<h2>Flaws</h2>" in page and "Prey Exclusion" in page
