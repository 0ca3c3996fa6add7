"""A value the desk makes from every character, made again only when what it was made from
changed: the record (another connection committed, or this one wrote), the desk's fold of its
night, or the chronicle."""

from typing import Callable, Generic, TypeVar

from larp.desk.errors import recorded

T = TypeVar("T")


class Memo(Generic[T]):
    def __init__(self) -> None:
        self.value: T | None = None
        self.seen: tuple | None = None
        self.chronicle = None
        """The chronicle it was made for, held so that its identity is never another's."""

    def of(self, desk, make: Callable[[], T]) -> T:
        with recorded:
            seen = (desk.ledger.changed(), desk.revision)
        if seen != self.seen or desk.chronicle is not self.chronicle:
            self.value, self.seen, self.chronicle = make(), seen, desk.chronicle
        return self.value
