"""What a player sees of her characters: never the Narrator's notes nor Grapevine's
Storyteller-only data, and only the characters whose sheet names her as their player."""

import hashlib
import json
from dataclasses import dataclass

from larp.desk import Desk, DeskError
from larp.ledger.operations import field, fields_changed
from larp.rules.experience import ExperienceError, Totals, check_spend, points, running
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
    shown = whole if touches is None else {path: field(whole, path) for path in touches}
    return hashlib.sha256(json.dumps(shown, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()[:32]


def touched(before: Sheet, after: Sheet) -> list[str]:
    """The paths a purchase changes, experience aside: what a request for it looks at."""
    return list(fields_changed(before.model_dump(mode="json"), after.model_dump(mode="json")))


TOUCHES = {"downtime": ["status"], "change": None}
"""What a request of each kind looks at on the sheet: a downtime action, whether she still
plays; a change, the whole sheet; a purchase, what it changes (`Priced.touches`)."""


@dataclass(frozen=True)
class Priced:
    """A purchase before it is asked for: its name, price (None: staff price it before they
    approve it), what it changes, and whether she can pay."""

    what: str
    price: float | None
    changes: str
    refused: str = ""
    touches: tuple[str, ...] = ()

    @property
    def price_said(self) -> str:
        return "needs a price: staff set it before they approve it" if self.price is None else f"{points(self.price)} experience"


def priced(desk: Desk, sheet: Sheet, text: str) -> Priced:
    """The purchase `text` names, one of her offers (larp xp offers), priced by the chronicle's
    table and catalog; a name the catalog holds no price for is priced by staff later."""
    offered = {offer.what: offer for offer in desk.purchases_offered(sheet.id)}
    what = " ".join(text.split())
    if what not in offered:
        raise DeskError(f"{what!r} is not among what {sheet.display_name} may buy: pick one from the list")
    price = offered[what].price
    made = desk.priced(sheet.id, what, None if price is not None else 1.0)  # unpriced: shown as bought at 1
    refused = ""
    if price is not None:
        try:
            check_spend(sheet.experience, price, desk.experience_rules, sheet.display_name)
        except ExperienceError as error:
            refused = str(error)
    changes = said(sheet, made.after.model_copy(update={"experience": sheet.experience}))
    return Priced(made.said, price, changes, refused, tuple(touched(sheet, made.after)))


def history(sheet: Sheet) -> list[tuple[object, Totals]]:
    """Her experience lines, newest first, each with the totals after it."""
    return list(reversed(running(sheet.experience.history)))
