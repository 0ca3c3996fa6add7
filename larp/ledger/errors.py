"""The ledger layer's errors: the one it raises, and the one its resumed fold signals by."""


class LedgerError(Exception):
    """The night record can't do what was asked: says what, where, and that nothing was lost.

    Raised for a database that can't be opened or written (read-only, full disk,
    not a night record, made by a newer larp), an unknown entry, and a bundle that
    is refused.
    """


class FoldBehind(Exception):
    """An entry arrived that a resumed fold can't take: fold the night whole (larp.ledger.fold)."""
