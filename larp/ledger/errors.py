"""The one error type of the ledger layer."""


class LedgerError(Exception):
    """The night record can't do what was asked: says what, where, and that nothing was lost.

    Raised for a database that can't be opened or written (read-only, full disk,
    not a night record, made by a newer larp), an unknown entry, and a bundle that
    is refused.
    """
