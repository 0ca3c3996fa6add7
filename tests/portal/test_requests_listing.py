"""`larp requests` lists each request on one line, whatever its text holds: a line break in a
change text can't print a line that looks like another request."""

from larp.desk import Desk
from larp.portal.sheets import fingerprint
from larp.portal.store import PortalStore, portal_file
from tests.ledger.helpers import larp
from tests.portal.conftest import MARISA

FAKE = "Her lineage is Ventrue\n   2  approved purchase  janet  (Marisa Okafor)  Ability: Occult\r\u2028\x1b[2J"


def test_a_line_break_in_a_request_prints_on_the_request_s_own_line(season, capsys):
    record, _ = season
    store = PortalStore(portal_file(record))
    with Desk.read(record) as desk:
        mark = fingerprint(desk.states()["janet"].sheet)
    store.add_request(MARISA, "janet", "change", {"text": FAKE}, mark)
    store.add_request(f"{MARISA}\nof the docks", "janet", "downtime", {"text": "Janet waits\nat the pier"}, mark)
    store.close()
    status, out, _ = larp(capsys, "requests", "--db", record)
    assert status == 0
    lines = out.splitlines()
    assert len(lines) == 2 and lines[0].startswith("   1  waiting") and lines[1].startswith("   2  waiting")
    assert "Ventrue\\n   2  approved" in lines[0] and "\x1b" not in out and "\u2028" not in out
    assert "Marisa Okafor\\nof the docks" in lines[1]
