"""Finding a character: by a scanned card, by her exact id, else by a near enough name."""

import difflib
import re

from larp.desk.errors import DeskError
from larp.sheet import Chronicle, Sheet

GOOD_ENOUGH = 0.6


def read_scanned(text: str, chronicle: Chronicle) -> Sheet | None:
    """The character whose card a scanner typed; None when the text is not a card at all.

    A card that is refused (forged, revoked, of another chronicle…) is a DeskError
    whose `reason` is the card's.
    """
    from larp.cards import CardError, CardReason, read_card
    from larp.cards.payload import TAG
    from larp.cards.typed import untyped

    try:
        return read_card(text, chronicle)
    except CardError as error:
        if error.reason is CardReason.GARBAGE and not re.fullmatch(rf"{TAG}\d+", untyped(text)):
            return None
        raise DeskError(str(error), reason=error.reason, character=error.character) from None


def find(text: str, chronicle: Chronicle) -> list[Sheet]:
    """A scanned card, an exact id, else names and ids that match, best first: among the
    characters who play (a retired or dead one's card is refused with the reason)."""
    wanted = text.strip()
    if not wanted:
        return []
    scanned = read_scanned(wanted, chronicle)
    if scanned is not None:
        return [scanned]
    sheets = {cid: sheet for cid, sheet in chronicle.characters.items() if sheet.plays}
    if wanted in sheets:
        return [sheets[wanted]]
    scored = [(score(wanted, sheet), sheet) for sheet in sheets.values()]
    matches = [(points, sheet) for points, sheet in scored if points >= GOOD_ENOUGH]
    matches.sort(key=lambda pair: (-pair[0], pair[1].display_name))
    if not matches:
        refuse_gone(wanted, chronicle)
    return [sheet for _, sheet in matches]


def refuse_gone(wanted: str, chronicle: Chronicle) -> None:
    """A retired or dead character named by her name or her id: refused with the reason,
    never "nobody matches"."""
    for sheet in chronicle.characters.values():
        if not sheet.plays and score(wanted, sheet) >= GOOD_ENOUGH:
            raise DeskError(gone(sheet), character=sheet.id)


def gone(sheet: Sheet) -> str:
    """`The Kid is retired (moved away): not in play, and her card is refused`, as the card says it."""
    return (
        f"{sheet.display_name} is {sheet.status} ({sheet.status_reason or 'no reason given'}): not in play, "
        f"and {sheet.speech.possessive} card is refused"
    )


def named_at_door(said: str, sheets: dict[str, Sheet]) -> Sheet:
    """The one character a name, or the start of one, names at the door: a check-in is an
    entry, so a text that might mean two characters names neither and lists them."""
    query = said.casefold()
    for tier in (
        lambda name: name == query,
        lambda name: name.startswith(query),
        lambda name: any(word.startswith(query) for word in name.split()),
    ):
        found = sorted((sheet for sheet in sheets.values() if tier(sheet.display_name.casefold())), key=lambda sheet: sheet.display_name)
        if len(found) == 1:
            return found[0]
        if found:
            names = ", ".join(sheet.display_name for sheet in found[:4]) + (" …" if len(found) > 4 else "")
            raise DeskError(f"“{said[:40]}” may be {names}: type more of the name, or scan the card")
    raise DeskError(f"“{said[:40]}” is neither a card nor a character's name or id: scan the card again, or check the spelling")


def score(wanted: str, sheet: Sheet) -> float:
    """How well the text names this character: 1 for the whole name or id, less for near misses."""
    query = wanted.casefold()
    best = 0.0
    for candidate in filter(None, (sheet.name, sheet.id, sheet.player)):
        said = candidate.casefold()
        if said == query:
            return 1.0
        if said.startswith(query):
            best = max(best, 0.95)
        elif any(word.startswith(query) for word in said.split()):
            best = max(best, 0.9)
        elif query in said:
            best = max(best, 0.8)
        best = max(best, difflib.SequenceMatcher(None, query, said).ratio())
    return best


def in_roster(sheet: Sheet, text: str) -> bool:
    """Every word of `text` is in the character's name, id, player, creature or lineage."""
    said = " ".join((sheet.display_name, sheet.id, sheet.player, sheet.creature, sheet.lineage)).casefold()
    return all(word in said for word in text.casefold().split())
