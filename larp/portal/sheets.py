"""What a player sees of her characters: never the Narrator's notes nor Grapevine's
Storyteller-only data, and only the characters whose sheet names her as their player."""

import hashlib
import json
from dataclasses import dataclass

from larp.desk import Desk, DeskError
from larp.rules.experience import ExperienceError, Totals, bought, check_spend, cost, parse_purchase, points, running
from larp.sheet import Sheet
from larp.sheet.differences import said

HIDDEN = ("notes", "kept", "experience")
"""What a player never sees in her sheet as shown (experience is shown by its own history)."""


def same_player(sheet: Sheet, player: str) -> bool:
    return " ".join(sheet.player.split()).casefold() == " ".join(player.split()).casefold() != ""


def characters_of(sheets: dict[str, Sheet], player: str) -> dict[str, Sheet]:
    """Her characters among the sheets as they stand (retired and dead ones too, with their status)."""
    return {cid: sheet for cid, sheet in sheets.items() if same_player(sheet, player)}


def fingerprint(sheet: Sheet, touches: list[str] | None = None) -> str:
    """The sheet a request was made against, experience aside, or only the parts it `touches`
    (paths as `abilities.Occult`): another print means it changed where the request looks."""
    whole = sheet.model_dump(mode="json", exclude={"experience"})
    shown = whole if touches is None else {path: part(whole, path) for path in touches}
    return hashlib.sha256(json.dumps(shown, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()[:32]


def part(data: dict, path: str):
    """The value at a dotted path of a dumped sheet (None where there is none)."""
    for key in path.split("."):
        data = data.get(key) if isinstance(data, dict) else None
    return data


def leaves(data, prefix: str = "") -> dict:
    """Every value of a dumped sheet by its dotted path."""
    if not isinstance(data, dict) or not data:
        return {prefix: data}
    return {path: value for key, inner in data.items() for path, value in leaves(inner, f"{prefix}{key}.").items()}


def touched(before: Sheet, after: Sheet) -> list[str]:
    """The paths a purchase changes, experience aside: what a request for it looks at."""
    old, new = (leaves(sheet.model_dump(mode="json", exclude={"experience"})) for sheet in (before, after))
    return sorted(path.rstrip(".") for path in old.keys() | new.keys() if old.get(path) != new.get(path))


TOUCHES = {"downtime": ["status"], "change": None}
"""What a request of each kind looks at on the sheet: a downtime action, whether she still
plays; a change, the whole sheet; a purchase, what it changes (`Priced.touches`)."""


@dataclass(frozen=True)
class Priced:
    """A purchase before it is asked for: its name, price, what it changes, and whether she can pay."""

    what: str
    price: float
    changes: str
    refused: str = ""
    touches: tuple[str, ...] = ()

    @property
    def price_said(self) -> str:
        return points(self.price)


def priced(desk: Desk, sheet: Sheet, text: str) -> Priced:
    """The purchase `text` names (`Ability: Occult`, `Willpower`…), priced by the chronicle's table."""
    rules = desk.experience_rules
    try:
        purchase = parse_purchase(text)
        price = cost(purchase, rules.costs)
        after = bought(sheet, purchase, rules.costs)
    except ExperienceError as error:
        raise DeskError(str(error)) from None
    refused = ""
    try:
        check_spend(sheet.experience, price, rules, sheet.display_name)
    except ExperienceError as error:
        refused = str(error)
    changes = said(sheet, after.model_copy(update={"experience": sheet.experience}))
    return Priced(purchase.said, price, changes, refused, tuple(touched(sheet, after)))


def history(sheet: Sheet) -> list[tuple[object, Totals]]:
    """Her experience lines, newest first, each with the totals after it."""
    return list(reversed(running(sheet.experience.history)))
