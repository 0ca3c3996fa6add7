"""Storyteller-only text: `[ST]…[/ST]` anywhere in a named list's item, a text field or a
public line is for staff. The station and the command line show a sheet whole; every page a
player reads and the printed card show it as `for_players` gives it.

Spans nest (`[ST]a [ST]b[/ST] c[/ST]` is hidden whole); a span left open hides the rest of the
text (a forgotten `[/ST]` never shows a secret); a `[/ST]` with no span open is dropped. The
tags are read in any case (`[st]`, `[St]`) and may hold spaces (`[ ST ]`, `[/ st]`).
"""

import re
from typing import Iterable

from larp.sheet.character import Sheet
from larp.sheet.named_lists import ListTrait

_TAG = re.compile(r"\[\s*(/?)\s*st\s*\]", re.IGNORECASE)


def players_text(text: str) -> str:
    """The text without its Storyteller-only spans (and without the tags themselves); trimmed
    when a span was taken out, so that `Fame [ST]bribed[/ST]` reads `Fame`."""
    if "[" not in text or not _TAG.search(text):
        return text
    kept, depth, at = [], 0, 0
    for tag in _TAG.finditer(text):
        if depth == 0:
            kept.append(text[at:tag.start()])
        depth = depth - 1 if tag.group(1) else depth + 1
        depth = max(depth, 0)
        at = tag.end()
    if depth == 0:
        kept.append(text[at:])
    return re.sub(r"[ \t]{2,}", " ", "".join(kept)).strip()


def players_items(items: list[ListTrait]) -> list[ListTrait]:
    """The items a player sees: each name and note without its Storyteller-only spans; an item
    whose name is Storyteller-only is left out whole."""
    shown = []
    for item in items:
        name = players_text(item.name)
        if name.strip():
            shown.append(item.model_copy(update={"name": name, "note": players_text(item.note)}))
    return shown


def players_lines(lines: list[str]) -> list[str]:
    """Public lines as a player reads them: a line that was Storyteller-only is left out."""
    return [players_text(line) for line in lines if players_text(line).strip() or not line.strip()]


def for_players(sheet: Sheet, staff_only: Iterable[str] = ()) -> Sheet:
    """The sheet as a player's page shows it: her named lists, text fields and public lines
    without Storyteller-only text (a list or field left empty is left out), and without the
    lists and fields the chronicle keeps for staff (`staff_only`)."""
    hidden = {name.casefold() for name in staff_only}
    lists = {name: players_items(items) for name, items in sheet.lists.items() if name.casefold() not in hidden}
    attributes = {name: players_text(value) for name, value in sheet.attributes.items() if name.casefold() not in hidden}
    return sheet.model_copy(update={
        "lists": {name: items for name, items in lists.items() if items},
        "attributes": {name: value for name, value in attributes.items() if value.strip() or not sheet.attributes[name].strip()},
        "public": players_lines(sheet.public),
    })
