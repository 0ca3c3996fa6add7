"""Entries folded as they arrive, in any order and any batches, give the night folded at once."""

import random

from larp.ledger import Tonight
from larp.ledger.fold import LiveFold
from tests.event.stations import joined
from tests.ledger.helpers import contest, leap


def folded(tonight: Tonight) -> tuple:
    return (
        {cid: state.to_json() for cid, state in tonight.characters.items()},
        [anomaly.to_json() for anomaly in tonight.anomalies],
        sorted(map(repr, tonight.locks)),
    )


def test_d_a_night_folded_as_its_entries_arrive_in_any_order_is_the_night_folded_at_once(tmp_path, chronicle):
    hall, bar = joined(tmp_path, "hall", None, chronicle), joined(tmp_path, "bar", None, chronicle)
    for number in range(150):
        hall.record(leap(number))
    bar.record(contest("janet", "Charismatic", "cody", "Impressive", ("rock", "paper"), category="social", effect="sway"))
    bar.record(contest("cody", "Brawny", "janet", "Quick", ("rock", "scissors")))
    bar.regain("janet", "physical")
    hall.regain("janet", "physical")
    reversed_one = hall.record(contest("cody", "Brawny", "janet", "Tough", ("rock", "scissors")))
    hall.reverse(reversed_one.id, "the wrong Trait")
    entries = hall.entries() + bar.entries()
    whole = folded(Tonight.of(entries))
    assert whole[1]  # the night has anomalies to keep
    for seed in range(5):
        shuffled = entries[:]
        random.Random(seed).shuffle(shuffled)
        fold = LiveFold(shuffled[:10])
        at = 10
        while at < len(shuffled):
            size = random.Random(seed * 1000 + at).randint(1, 40)
            fold.add(shuffled[at : at + size] + shuffled[:3])  # those folded already change nothing
            at += size
        assert folded(fold.tonight) == whole
