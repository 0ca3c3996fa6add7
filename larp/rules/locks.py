"""The five-minute rule's locks (R-NIGHT-2): a failed Social or Mental challenge may not be
tried again, by the same challenger on the same target for the same effect, for five minutes
of game time (the house sets the length).

A night's `Locks` are found by the challenge they bar (challenger, target, category, effect),
never by scanning locks: a night without a game clock keeps every lock it sets, and the ten
thousandth challenge must cost what the first did, however often its pair fought before.
"""

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from larp.rules.overlay import Overlay
from larp.sheet import Category

FIVE_MINUTE_CATEGORIES = (Category.SOCIAL, Category.MENTAL)
FIVE_MINUTE_KINDS = ("contested", "static")


@dataclass(frozen=True)
class Lock:
    """A five-minute-rule lock (R-NIGHT-2): `challenger` may not try this again until `until`."""

    challenger: str
    target: str
    """The defender's id, or "static:N" for a static challenge of difficulty N."""
    category: str
    effect: str
    until: float

    @property
    def challenge(self) -> tuple[str, str, str, str]:
        """What the lock bars: this challenger's challenge of this target, category and effect."""
        return self.challenger, self.target, self.category, self.effect


class Locks:
    """A night's locks, the latest of each challenge barred. Immutable: `adding` gives the locks
    after one more, sharing what did not change (`Overlay`)."""

    __slots__ = ("_by_challenge", "_count")

    def __init__(self, locks: Iterable[Lock] = ()) -> None:
        latest: dict[tuple[str, str, str, str], Lock] = {}
        for lock in locks:
            held = latest.get(lock.challenge)
            if held is None or lock.until >= held.until:
                latest[lock.challenge] = lock
        self._by_challenge = Overlay(latest)
        self._count = len(latest)

    def holding(self, wanted: Lock, clock: float) -> Lock | None:
        """The lock set on the same challenge as `wanted`, if it still holds at `clock`."""
        lock = self._by_challenge.get(wanted.challenge)
        return lock if lock is not None and lock.until > clock else None

    def on(self, challenger: str, clock: float) -> list[Lock]:
        """The locks that still hold challenges by `challenger` at `clock`, the soonest over first."""
        held = [lock for lock in self if lock.challenger == challenger and lock.until > clock]
        return sorted(held, key=lambda lock: lock.until)

    def adding(self, lock: Lock) -> "Locks":
        """These locks and one more, which takes the place of the earlier lock of its challenge:
        a night holds one lock for each challenge ever barred, however often it was barred."""
        after = Locks.__new__(Locks)
        after._by_challenge = self._by_challenge.changing({lock.challenge: lock})
        after._count = self._count + (lock.challenge not in self._by_challenge)
        return after

    def __iter__(self) -> Iterator[Lock]:
        return iter(self._by_challenge.values())

    def __len__(self) -> int:
        return self._count

    def __bool__(self) -> bool:
        return self._count > 0

    def __repr__(self) -> str:
        return f"Locks({list(self)!r})"
