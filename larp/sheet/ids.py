"""Ids as people type them: any case, and the nearest ids named when one is not known."""

import difflib
import re
from typing import Iterable

from larp.sheet.errors import SheetError

ID = r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}"
"""A character's or a chronicle's id: never a path (no slash, no leading dot), at most 64 characters."""


def is_id(text: object) -> bool:
    """Whether `text` is an id as larp makes them (a chronicle's name from a hub is checked so)."""
    return isinstance(text, str) and re.fullmatch(ID, text) is not None and ".." not in text


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
