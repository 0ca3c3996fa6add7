"""R-NIGHT-2: the five-minute locks are found by character pair, so the night's ten
thousandth challenge costs what its first did, however many locks the night has set."""

import gc
import time

from larp.rules import Lock, Locks, replaying
from larp.sheet.transcript import Transcript

CHARACTERS = 100


def locked_night_data(challenges: int, characters: int = CHARACTERS) -> dict:
    """Social challenges the challenger always loses, the clock never moving: each sets a lock,
    and no two are the same challenge, so every lock still holds at the night's end (as JSON;
    tests/bench/bench_night_size.py replays it too). Each character challenges at most
    `characters - 1` times."""
    cast = [{"id": f"c{i}", "name": f"C{i}", "traits": {"social": {"Witty": 99}}} for i in range(characters)]
    events = [
        {
            "challenge": {
                "kind": "contested",
                "category": "social",
                "challenger": {"character": f"c{n % characters}", "trait": "Witty"},
                "defender": {"character": f"c{(n + 1 + n // characters % (characters - 1)) % characters}", "trait": "Witty"},
                "effect": f"sway {n}",
                "steps": [{"throw": {"challenger": "rock", "defender": "paper"}}],
            }
        }
        for n in range(challenges)
    ]
    return {"characters": cast, "events": events}


def locked_night(challenges: int) -> Transcript:
    return Transcript.model_validate(locked_night_data(challenges))


def test_r_night_2_a_lock_is_found_among_its_pairs_only():
    held = Lock("cody", "janet", "social", "sway", until=5.0)
    locks = Locks().adding(Lock("cody", "wren", "social", "sway", 5.0), 0.0).adding(held, 0.0)
    assert locks.holding(Lock("cody", "janet", "social", "sway", 0.0), clock=4.0) == held
    assert locks.holding(Lock("cody", "janet", "social", "sway", 0.0), clock=5.0) is None
    assert locks.holding(Lock("janet", "cody", "social", "sway", 0.0), clock=0.0) is None
    assert [lock.target for lock in locks.on("cody", 0.0)] == ["wren", "janet"]


def test_r_night_2_a_new_lock_lets_go_of_its_pairs_lapsed_ones():
    lapsed = Lock("cody", "janet", "social", "sway", until=5.0)
    later = Lock("cody", "janet", "social", "sway", until=12.0)
    before = Locks([lapsed])
    after = before.adding(later, clock=7.0)
    assert list(after) == [later] and list(before) == [lapsed]


def test_r_night_2_finding_a_lock_examines_only_the_pairs_locks(monkeypatch):
    examined = []
    monkeypatch.setattr(Lock, "matches", lambda lock, other: examined.append(lock) or False)
    for _ in replaying(locked_night(1_000), noting=False):
        pass
    assert examined == []  # each pair fights once: no other lock is looked at


def test_r_night_2_the_last_hundred_challenges_cost_what_the_first_hundred_did():
    """Growth, not a time budget: the CPU time of challenges 1,900 to 2,000 of a night whose every
    challenge set a lock still holding, within twice that of the first 100 (best of 3 runs)."""
    transcript = locked_night(2_000)
    first, last = [], []
    gc.disable()
    try:
        for _ in range(3):
            times = [time.process_time()]
            for _ in replaying(transcript, noting=False):
                times.append(time.process_time())
            first.append(times[100] - times[0])
            last.append(times[-1] - times[-101])
    finally:
        gc.enable()
    assert min(last) <= 2 * min(first)
