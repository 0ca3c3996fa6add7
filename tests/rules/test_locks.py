"""R-NIGHT-2: the five-minute locks are found by the challenge they bar, so the night's ten
thousandth challenge costs what its first did, however many locks the night, or one pair of
characters, has set."""

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


def test_r_night_2_a_lock_bars_its_own_challenge_only():
    held = Lock("cody", "janet", "social", "sway", until=5.0)
    locks = Locks().adding(Lock("cody", "wren", "social", "sway", 5.0)).adding(held)
    assert locks.holding(Lock("cody", "janet", "social", "sway", 0.0), clock=4.0) == held
    assert locks.holding(Lock("cody", "janet", "social", "sway", 0.0), clock=5.0) is None
    assert locks.holding(Lock("janet", "cody", "social", "sway", 0.0), clock=0.0) is None
    assert [lock.target for lock in locks.on("cody", 0.0)] == ["wren", "janet"]


def test_r_night_2_a_new_lock_takes_the_place_of_the_lapsed_one_of_its_challenge():
    lapsed = Lock("cody", "janet", "social", "sway", until=5.0)
    later = Lock("cody", "janet", "social", "sway", until=12.0)
    before = Locks([lapsed])
    after = before.adding(later)
    assert list(after) == [later] and list(before) == [lapsed]


def one_pair_locked(challenges: int) -> Transcript:
    """Cody challenges Janet socially again and again, each time for another effect, and loses."""
    traits = {f"Witty {n}": 99 for n in range(challenges // 99 + 1)}
    cast = [{"id": cid, "traits": {"social": traits}} for cid in ("cody", "janet")]
    events = [
        {"challenge": {"kind": "contested", "category": "social", "effect": f"sway {n}",
                       "challenger": {"character": "cody", "trait": f"Witty {n // 99}"}, "defender": {"character": "janet", "trait": "Witty 0"},
                       "steps": [{"throw": {"challenger": "rock", "defender": "paper"}}]}}
        for n in range(challenges)
    ]
    return Transcript.model_validate({"characters": cast, "events": events})


def test_r_night_2_a_pair_locked_thousands_of_times_holds_one_lock_for_each_challenge_and_finds_it():
    night = None
    for night, _ in replaying(one_pair_locked(2_000), noting=False):
        pass
    assert len(night.locks) == 2_000
    assert night.locks.holding(Lock("cody", "janet", "social", "sway 1999", 0.0), night.clock).effect == "sway 1999"
    assert night.locks.holding(Lock("cody", "janet", "social", "sway 2000", 0.0), night.clock) is None


def last_hundred_against_first(transcript: Transcript) -> float:
    """The least CPU time of the last 100 challenges of the replay over that of its first 100 (3 runs)."""
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
    return min(last) / min(first)


def test_r_night_2_the_last_hundred_challenges_cost_what_the_first_hundred_did():
    """Growth, not a time budget: the CPU time of challenges 1,900 to 2,000 of a night whose every
    challenge set a lock still holding, within twice that of the first 100 (best of 3 runs)."""
    assert last_hundred_against_first(locked_night(2_000)) <= 2


def test_r_night_2_a_pair_locked_2000_times_costs_per_challenge_what_it_did_at_first():
    """Growth, not a time budget: one pair of characters, each challenge another effect, each lost
    and locked: its last hundred challenges within twice its first hundred (it was 8,000 locks
    copied and scanned at the last)."""
    assert last_hundred_against_first(one_pair_locked(2_000)) <= 2
