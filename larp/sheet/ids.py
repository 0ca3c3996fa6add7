"""Ids as people type them: any case, and the nearest ids named when one is not known."""

import difflib
from typing import Iterable

from larp.sheet.errors import SheetError


def known_id(wanted: str, known: Iterable[str], what: str = "character") -> str:
    """The id among `known` that `wanted` names, its case aside; a SheetError naming the
    nearest ids when none does."""
    known = sorted(set(known))
    if wanted in known:
        return wanted
    by_case = {cid.casefold(): cid for cid in known}
    found = by_case.get(wanted.strip().casefold())
    if found is not None:
        return found
    nearest = [by_case[cid] for cid in difflib.get_close_matches(wanted.casefold(), list(by_case), n=3, cutoff=0.4)]
    if nearest:
        hint = f"did you mean {' or '.join(nearest)}?"
    elif known:
        hint = f"the {what}s are {', '.join(known[:8])}{', …' if len(known) > 8 else ''}"
    else:
        hint = f"there are no {what}s"
    raise SheetError("", f"no {what} {wanted!r}: {hint}")
