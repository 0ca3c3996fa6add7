"""The five-minute rule's locks (R-NIGHT-2): a failed Social or Mental challenge may not be
tried again, by the same challenger on the same target for the same effect, for five minutes
of game time (the house sets the length).

A night's `Locks` are found by character pair (challenger, target), never by scanning every
lock of the night: a night without a game clock keeps every lock it sets, and the ten
thousandth challenge must cost what the first did.
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
    def pair(self) -> tuple[str, str]:
        return self.challenger, self.target

    def matches(self, other: "Lock") -> bool:
        return (self.challenger, self.target, self.category, self.effect) == (
            other.challenger,
            other.target,
            other.category,
            other.effect,
        )


class Locks:
    """A night's locks, by character pair, each pair's in the order they were set. Immutable:
    `adding` gives the locks after one more, sharing what did not change (`Overlay`)."""

    __slots__ = ("_by_pair",)

    def __init__(self, locks: Iterable[Lock] = ()) -> None:
        by_pair: dict[tuple[str, str], tuple[Lock, ...]] = {}
        for lock in locks:
            by_pair[lock.pair] = by_pair.get(lock.pair, ()) + (lock,)
        self._by_pair = Overlay(by_pair)

    def holding(self, wanted: Lock, clock: float) -> Lock | None:
        """The first lock set on the same challenge as `wanted` that still holds at `clock`."""
        for lock in self._by_pair.get(wanted.pair, ()):
            if lock.until > clock and lock.matches(wanted):
                return lock
        return None

    def on(self, challenger: str, clock: float) -> list[Lock]:
        """The locks that still hold challenges by `challenger` at `clock`, the soonest over first."""
        held = [lock for lock in self if lock.challenger == challenger and lock.until > clock]
        return sorted(held, key=lambda lock: lock.until)

    def adding(self, lock: Lock, clock: float | None = None) -> "Locks":
        """These locks and one more; the pair's locks that no longer hold at `clock` let go
        (none without a clock: a record keeps every lock its entries set)."""
        after = Locks.__new__(Locks)
        kept = tuple(held for held in self._by_pair.get(lock.pair, ()) if clock is None or held.until > clock)
        after._by_pair = self._by_pair.changing({lock.pair: kept + (lock,)})
        return after

    def __iter__(self) -> Iterator[Lock]:
        for locks in self._by_pair.values():
            yield from locks

    def __len__(self) -> int:
        return sum(len(locks) for locks in self._by_pair.values())

    def __bool__(self) -> bool:
        return bool(self._by_pair)

    def __repr__(self) -> str:
        return f"Locks({list(self)!r})"
