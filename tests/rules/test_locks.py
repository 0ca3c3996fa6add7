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


def test_r_night_2_a_pair_locked_thousands_of_times_adds_and_finds_a_lock_without_looking_at_the_others(monkeypatch):
    looked_at = []
    monkeypatch.setattr(Lock, "__eq__", lambda lock, other: looked_at.append(lock) or False)
    night = None
    for night, _ in replaying(one_pair_locked(2_000), noting=False):
        pass
    assert len(night.locks) == 2_000 and looked_at == []
    lock = Lock("cody", "janet", "social", "sway 1999", 0.0)
    assert night.locks.holding(lock, night.clock).effect == "sway 1999"
