"""Entry payloads damaged in the record (the line whole, its payload not what its kind holds):
500 seeded mutations for each kind of entry a night holds, folded as every command folds the
night, and the account of it written as `larp reconcile` writes it. Never a traceback: the fold leaves the entry out and names it (the record is then
read-only, `larp doctor` recovers it), or the damage touches nothing the fold reads."""

import json
import random
from dataclasses import replace

import pytest

from larp.ledger.entry import Kind
from larp.ledger.fold import LiveFold
from larp.ledger.reconcile import reconcile
from larp.ledger.report import as_csv, as_markdown
from tests.fuzz.shapes import mutated_json
from tests.ledger.helpers import clock, contest, leap, open_desk, regaining

MUTATIONS = 500


@pytest.fixture(scope="module")
def night(tmp_path_factory):
    """A night at station hall holding every kind of entry a night's fold reads."""
    folder = tmp_path_factory.mktemp("payloads")
    with open_desk(folder, station="hall") as desk:
        desk.record(leap(1))
        desk.record(clock(3))
        desk.record(contest("janet", "Quick", "cody", "Brawny", ("rock", "paper")))
        desk.record(regaining("cody", "physical"))
        desk.award("janet", 2, "a scene")
        desk.check_in("ruth")
        mistaken = desk.record(leap(2))
        desk.reverse(mistaken.id, "a mistake")
        return desk.entries()


def kinds_in(entries) -> list[str]:
    return sorted({entry.kind.value for entry in entries})


@pytest.mark.parametrize("kind", [k.value for k in (Kind.OPENED, Kind.ADJUDICATION, Kind.CLOCK, Kind.REGAIN, Kind.BETWEEN, Kind.CHECKIN, Kind.REVERSAL)])
def test_500_damaged_payloads_of_each_kind_are_left_out_and_named_never_a_traceback(night, kind):
    assert kind in kinds_in(night)
    rng = random.Random(f"payload {kind}")
    places = [index for index, entry in enumerate(night) if entry.kind.value == kind and entry.payload]
    named = 0
    for _ in range(MUTATIONS):
        index = rng.choice(places)
        damaged = replace(night[index], payload=mutated_json(night[index].payload, rng))
        entries = night[:index] + [damaged] + night[index + 1 :]
        done = reconcile("alder-bay", 1, entries)
        assert as_markdown(done) and as_csv(done) and json.dumps(done.to_json())
        folded = LiveFold(entries).tonight
        assert set(folded.damaged) <= set(done.damaged)  # the account reads a reversed entry's payload too
        for damage in done.damaged:
            assert str(damage).startswith(f"entry {damaged.short_id} of station hall is damaged: ")
        named += bool(done.damaged)
    assert named or kind in (Kind.CLOCK.value, Kind.REVERSAL.value)
