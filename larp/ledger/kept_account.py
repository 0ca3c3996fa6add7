"""The night's account from the fold the record keeps (larp.ledger.kept_fold), for a command
that only reads: the entries before the kept fold are not folded again, their lines not even
parsed (the digest of the lines stands for them); what each did to each character, and the
entry as the account shows it, are the fold's own (`LiveFold.parts`)."""

from larp.ledger.errors import FoldBehind
from larp.ledger.kept_fold import folded_lines, kept
from larp.ledger.reconcile import READ_AFTER, Reconciliation, reconcile_parts
from larp.ledger.store import Ledger, NightRow


def kept_account(ledger: Ledger, night: NightRow) -> Reconciliation | None:
    """The account made from the night's kept fold and the entries after it; None where it
    can't be (no fold kept, or one that does not hold the record's lines as they are now, an
    entry since that sorts before it or reverses one, a line after it the record can't read):
    the account is then made by folding the night."""
    found = kept(ledger.db, night)
    if found is None:
        return None
    with ledger.failures("read"):
        if folded_lines(ledger.db, night, found.upto) != found.lines:
            return None
    _, after = ledger.entries_after(night, found.upto)
    try:
        found.fold.add(after)
    except FoldBehind:
        return None
    whole = {entry.id: entry for kind in READ_AFTER for entry in ledger.entries(night, kind=kind.value)}
    if ledger.damaged or found.fold.tonight.damaged:
        return None
    return reconcile_parts(night.chronicle, night.number, found.fold.parts(), found.fold.tonight, whole)
