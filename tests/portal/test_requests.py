"""Players ask, staff answer: a purchase priced before it is asked, approved at the CLI as the
season's own purchase; a stale request; a downtime answer shown once released; a denial's reason."""

from larp.desk import Desk
from larp.ledger import Kind
from tests.ledger.helpers import larp
from tests.portal.conftest import MARISA, csrf_of, signed_in


def ask_to_buy(client, what: str):
    offer = client.get("/c/janet/buy", params={"what": what})
    assert offer.status_code == 200
    return offer, client.post("/c/janet/buy", data={"csrf": csrf_of(offer.text), "what": what}, follow_redirects=True)


def award(season, points: float) -> None:
    record, folder = season
    with Desk.open(record, folder, station="hall", narrator="Ann", open_night=False) as desk:
        desk.award("janet", points, "a fine game")


def test_a_purchase_is_priced_first_then_approved_at_the_cli_as_a_purchase_entry(client, portal, season, capsys):
    award(season, 5)
    signed_in(client, portal, MARISA)
    offer, asked = ask_to_buy(client, "Ability: Occult")
    assert "1 experience" in offer.text and "Occult" in offer.text and "unspent now: 5" in offer.text
    assert "waiting" in asked.text
    status, out, _ = larp(capsys, "requests", "--db", season[0])
    assert status == 0 and "waiting  purchase  janet  (Marisa Okafor)  Ability: Occult" in out
    status, out, err = larp(capsys, "requests", "approve", "1", "--narrator", "Mara", "--db", season[0])
    assert status == 0 and "approved" in out, err
    with Desk.read(season[0]) as desk:
        janet = desk.states()["janet"].sheet
        assert janet.abilities["Occult"] == 1 and janet.experience.unspent == 4
        assert [e.payload.get("adds") for e in desk.entries(night=2, kind=Kind.BETWEEN.value)][-1] is True
    page = client.get("/c/janet").text
    assert "Occult 1" in page and "approved" in page and "unspent 4" in page


def test_a_purchase_she_can_t_pay_for_is_said_before_she_asks(client, portal):
    signed_in(client, portal, MARISA)
    offer = client.get("/c/janet/buy", params={"what": "Willpower"})
    assert "no debt" in offer.text or "allows no debt" in offer.text
    assert "Ask staff for it" not in offer.text


def test_a_request_made_against_a_sheet_changed_since_is_stale_before_anyone_approves(client, portal, season, capsys):
    award(season, 5)
    signed_in(client, portal, MARISA)
    ask_to_buy(client, "Ability: Occult")
    record, folder = season
    with Desk.open(record, folder, station="hall", narrator="Ann", open_night=False) as desk:
        janet = desk.standing().characters["janet"]
        desk.amend(janet.model_copy(update={"lineage": "Ventrue"}), "clan fixed")
        assert "STALE" not in larp(capsys, "requests", "--db", record)[1]  # the purchase does not look at her lineage
        desk.amend(janet.model_copy(update={"abilities": {**janet.abilities, "Occult": 1}}), "taught by Ruth")
    status, out, _ = larp(capsys, "requests", "--db", record)
    assert "STALE" in out
    status, _, err = larp(capsys, "requests", "approve", "1", "--db", record)
    assert status == 1 and "is stale" in err
    assert larp(capsys, "requests", "approve", "1", "--stale-ok", "--db", record)[0] == 0


def test_a_downtime_answer_reaches_the_player_when_staff_release_it(client, portal, season, capsys):
    signed_in(client, portal, MARISA)
    page = client.get("/c/janet")
    client.post("/c/janet/downtime", data={"csrf": csrf_of(page.text), "text": "Janet searches the archive for the deed"})
    assert larp(capsys, "requests", "approve", "1", "--answer", "She finds the deed, and a name on it", "--db", season[0])[0] == 0
    page = client.get("/c/janet").text
    assert "searches the archive" in page and "finds the deed" not in page and "waiting" in page
    status, out, _ = larp(capsys, "requests", "release", "--db", season[0])
    assert status == 0 and "1 downtime answers released" in out
    assert "She finds the deed, and a name on it" in client.get("/c/janet").text


def test_a_denied_request_shows_its_reason(client, portal, season, capsys):
    signed_in(client, portal, MARISA)
    page = client.get("/c/janet")
    client.post("/c/janet/change", data={"csrf": csrf_of(page.text), "text": "Her lineage is Ventrue, not Toreador"})
    status, _, err = larp(capsys, "requests", "deny", "1", "--db", season[0])
    assert status == 1 and "say why" in err
    assert larp(capsys, "requests", "deny", "1", "--reason", "Toreador since game 1", "--db", season[0])[0] == 0
    assert "denied" in client.get("/").text and "Toreador since game 1" in client.get("/").text
