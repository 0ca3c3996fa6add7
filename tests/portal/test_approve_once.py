"""One request approved by two staff at once is bought once: approval is a compare-and-set in
the portal's file, and the one who loses the race is told who has it."""

import subprocess
import sys
import threading

from larp.desk import Desk
from larp.portal.answering import approve
from larp.portal.sheets import fingerprint
from larp.portal.store import PortalStore, portal_file
from tests.portal.conftest import MARISA
from tests.portal.test_requests import award

RACERS = 4


def asked_to_buy(season) -> PortalStore:
    award(season, 5)
    record, folder = season
    store = PortalStore(portal_file(record))
    with Desk.read(record) as desk:
        sheet = desk.states()["janet"].sheet
    store.add_request(MARISA, "janet", "purchase", {"what": "Ability: Occult"}, fingerprint(sheet))
    return store


def bought_once(season) -> None:
    with Desk.read(season[0]) as desk:
        janet = desk.states()["janet"].sheet
    assert janet.abilities["Occult"] == 1 and janet.experience.unspent == 4
    assert [line.reason for line in janet.experience.history].count("Ability: Occult") <= 1


def test_a_request_approved_by_processes_racing_is_bought_once(season):
    store = asked_to_buy(season)
    command = [sys.executable, "-m", "larp", "requests", "approve", "1", "--db", str(season[0]), "--narrator"]
    racing = [subprocess.Popen([*command, f"Staff{n}"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for n in range(RACERS)]
    finished = [(process.wait(timeout=120), *process.communicate()) for process in racing]
    assert [status for status, _, _ in finished].count(0) == 1, finished
    refused = [err for status, _, err in finished if status != 0]
    assert all("already by" in err or "being approved" in err for err in refused), refused
    bought_once(season)
    assert store.request(1).state == "approved"
    store.close()


def test_a_request_approved_by_threads_racing_is_bought_once(season):
    store = asked_to_buy(season)
    record, folder = season
    start, outcomes = threading.Barrier(RACERS), []

    def approver(n: int) -> None:
        with Desk.open(record, folder, station=f"desk{n}", narrator=f"Staff{n}", open_night=False) as desk:
            mine = PortalStore(portal_file(record))
            start.wait()
            try:
                outcomes.append(approve(desk, mine, 1, f"Staff{n}").state)
            except Exception as error:
                outcomes.append(str(error))
            finally:
                mine.close()

    threads = [threading.Thread(target=approver, args=(n,)) for n in range(RACERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert outcomes.count("approved") == 1, outcomes
    bought_once(season)
    store.close()


def test_an_approval_that_fails_leaves_the_request_waiting(season):
    record, folder = season
    store = PortalStore(portal_file(record))
    with Desk.open(record, folder, station="hall", narrator="Ann", open_night=False) as desk:
        store.add_request(MARISA, "janet", "purchase", {"what": "Ability: Occult"}, fingerprint(desk.states()["janet"].sheet))
        try:
            approve(desk, store, 1, "Ann")  # no experience to pay with
        except Exception as error:
            assert "experience" in str(error) or "debt" in str(error)
    assert store.request(1).state == "waiting" and store.request(1).answered_by == ""
    store.close()
