"""R-HEALTH-2 across the stations of an event: random interleavings of wounds and heals written
at two or three stations (their laptops' clocks up to two days apart) and of their syncs through
a real hub. Once every station has synced, each holds the same wounds for every character,
within her track; where nobody healed her, every wound written counts, held at her last box, and
wounds that together pass it are flagged at every station. Held against what the test wrote,
never against larp's own fold.

LARP_WOUND_EXAMPLES sets how many interleavings (12 in the suite)."""

import os
from datetime import timedelta

from hypothesis import HealthCheck, example, given, settings, strategies as st

from larp.desk import DeskError
from tests.event.stations import fresh_event, joined, synced
from tests.ledger.helpers import write_chronicle
from tests.season.seasons import Clock

STATIONS = ("hall", "bar", "door")
CHARACTERS = ("janet", "cody")
BOXES = 9
"""Her Health boxes: the sheets name no Health Levels, and the chronicle's default track has nine."""
EXAMPLES = int(os.environ.get("LARP_WOUND_EXAMPLES", "12"))

WOUND = st.tuples(st.just("wound"), st.integers(0, 2), st.sampled_from(CHARACTERS), st.integers(1, 5))
STEP = st.one_of(
    *[WOUND.map(tuple) for _ in range(3)],  # three branches: hypothesis keeps one of the same strategy given three times
    st.tuples(st.just("heal"), st.integers(0, 2), st.sampled_from(CHARACTERS), st.integers(1, 2)),
    st.tuples(st.just("sync"), st.integers(0, 2)),
)


@example(count=2, hours=[0, -30, 0], steps=[("wound", 0, "janet", 5), ("wound", 1, "janet", 5), ("wound", 1, "cody", 4)])
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(count=st.integers(2, 3), hours=st.lists(st.integers(-48, 24), min_size=3, max_size=3), steps=st.lists(STEP, min_size=4, max_size=20))
def test_r_health_2_every_station_holds_the_same_wounds_and_a_pass_of_the_last_box_is_flagged(tmp_path_factory, cluster, count, hours, steps):
    with fresh_event(cluster, "wounds") as hub:
        played(tmp_path_factory.mktemp("wounds"), hub, count, hours, steps)


def played(tmp_path, hub: str, count: int, hours: list[int], steps: list) -> None:
    """The steps at `count` stations, then every station synced and checked."""
    folder = write_chronicle(tmp_path / "chronicle")
    desks = [joined(tmp_path, station, hub, folder, now=Clock(timedelta(hours=h))) for station, h in zip(STATIONS[:count], hours)]
    try:
        synced(*desks)
        written = {cid: 0 for cid in CHARACTERS}
        healed = set()
        for step in steps:
            desk = desks[step[1] % count]
            if step[0] == "sync":
                desk.sync()
                continue
            boxes = step[3] if step[0] == "wound" else -step[3]
            try:
                desk.wound(step[2], boxes, f"a random {step[0]}")
            except DeskError:
                continue  # past her last box, or nothing to heal, as this station sees her: nothing written
            if boxes < 0:
                healed.add(step[2])
            written[step[2]] += boxes
        synced(*desks)
        for cid in CHARACTERS:
            check(cid, desks, written[cid], cid in healed)
    finally:
        for desk in desks:
            desk.close()


def check(cid: str, desks, written: int, healed: bool) -> None:
    held = {desk.character(cid).wounds for desk in desks}
    assert len(held) == 1 and 0 <= min(held) <= BOXES, f"{cid}: every station holds the same wounds, within her track"
    flagged = {any(a.kind == "health-overrun" and a.character == cid for a in desk.reconcile().anomalies) for desk in desks}
    assert len(flagged) == 1, f"{cid}: every station flags alike"
    if not healed:
        assert held == {min(written, BOXES)}, f"{cid}: every wound written counts, held at her last box"
        assert flagged == {written > BOXES}, f"{cid}: wounds that together pass her last box are flagged"
