"""The players' portal is a station of the event: what staff approve there is written under its
own name and key, and reaches the other stations through the hub; what they write shows there."""

from larp.portal.answering import approve
from larp.portal.app import Portal
from larp.portal.sheets import fingerprint
from tests.event.stations import at, joined
from tests.season.seasons import game_one_closed, synced


def test_a_purchase_approved_at_the_portal_reaches_two_other_stations(tmp_path, hub, chronicle):
    hall, bar = game_one_closed(tmp_path, hub, chronicle)
    hall.award("janet", 5, "held the docks")
    synced(hall, bar)
    joined(tmp_path, "portal", hub, chronicle, open_night=False).close()
    with at("portal", tmp_path):
        portal = Portal(tmp_path / "portal.sqlite3", chronicle, tmp_path / "home-portal")
        portal.open()
        try:
            sheet = portal.desk.states()["janet"].sheet
            assert sheet.experience.unspent == 5  # another station's award shows at the portal
            number = portal.store.add_request("Marisa Okafor", "janet", "purchase", {"what": "Ability: Occult"}, fingerprint(sheet))
            done = approve(portal.desk, portal.store, number, "Mara")
            portal.desk.sync()
        finally:
            portal.close()
    synced(hall, bar)
    for desk in (hall, bar):
        janet = desk.standing().characters["janet"]
        assert janet.abilities["Occult"] == 1 and janet.experience.unspent == 4
        (entry,) = [e for e in desk.entries(night=2) if e.id == done.entry]
        assert entry.station == "portal"
    hall.close(), bar.close()
