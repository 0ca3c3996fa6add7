"""Refusals and failures as a Narrator reads them: the one place that turns an error into a notice.

Every desk call of the station goes through `StationApp.consult` or a worker; whatever they
raise ends here, and the Narrator sees a notification that says what happened and what to do.
"""

import sqlite3
from dataclasses import dataclass

from larp.desk import DeskError
from larp.rules import RuleError
from larp.sheet import SheetError
from larp.words import capitalised

CARD_REFUSALS = {
    "forged": "Card refused: forged or altered",
    "foreign": "Card refused: another chronicle's card",
    "revoked": "Card refused: replaced by a newer card",
    "garbage": "Not a character card",
    "unreadable": "The card can't be read",
    "unknown_character": "Card refused: no such character",
    "no_key": "The card can't be checked here",
    "retired": "Card refused: retired or dead",
    "before_joining": "Card refused: printed before this station joined the event",
}
"""The notification's title for each reason a card is refused (larp.cards.CardReason)."""


@dataclass(frozen=True)
class Notice:
    title: str
    message: str
    severity: str = "error"


def sentence(text: str) -> str:
    """A message as a sentence: a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = capitalised(text)
    return text if text[-1] in ".!?" else text + "."


def notice_of(error: BaseException) -> Notice:
    """What the Narrator is told about `error`."""
    if isinstance(error, RuleError):
        return Notice(f"Not allowed ({error.rule})", sentence(error.message), "warning")
    if isinstance(error, DeskError):
        if error.reason is not None:
            return Notice(CARD_REFUSALS.get(str(error.reason), "Card refused"), sentence(str(error)))
        if error.rule is not None:
            return Notice(f"Not allowed ({error.rule})", sentence(str(error)), "warning")
        return Notice("Not possible", sentence(str(error)))
    if isinstance(error, SheetError):
        return Notice("A sheet or chronicle file has a mistake", sentence(f"{error}. Fix the file, then try again"))
    if isinstance(error, (OSError, sqlite3.Error)):
        return Notice(
            "The night record can't be written",
            sentence(
                f"{error}. Nothing of this step was recorded. Check that the disk has room and the "
                "file is not read-only, then try again"
            ),
        )
    return Notice(
        "Something went wrong",
        sentence(
            f"{type(error).__name__}: {error}. What is already recorded is safe; try again, "
            "and tell whoever looks after this station"
        ),
    )
