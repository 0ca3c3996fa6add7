"""What a player may put in the queue, and how her requests are shown a page at a time.

One session can't flood staff's queue: a player has at most `WAITING_MOST` requests waiting,
holding at most `WAITING_TEXT_MOST` characters together, and each text at most `TEXT_MOST`.
A retired character asks for nothing, and a purchase she can't pay for is refused before it
is queued, as its price page says."""

from dataclasses import dataclass

from larp.portal.guard import Refused
from larp.portal.store import PortalStore, Request

TEXT_MOST = 4000
"""The longest downtime action or change request a player writes (a line break counts one)."""
WAITING_MOST = 10
"""The requests a player may have waiting at once: staff answer them before she asks more."""
WAITING_TEXT_MOST = 20_000
"""The characters a player's waiting requests may hold together."""
PAGE = 20
"""Requests shown on a page, newest first."""


def normalised(text: str) -> str:
    """The text as a browser counts it for `maxlength`: CR LF and a lone CR are one line break."""
    return text.replace("\r\n", "\n").replace("\r", "\n").strip()


def may_ask(store: PortalStore, player: str, sheet, size: int) -> None:
    """Refused (with what to do) unless the player has room for one more request of `size` characters."""
    if not sheet.plays:
        raise Refused(403, f"{sheet.display_name} is {sheet.status}: she asks for nothing more. Ask staff if that is wrong.")
    waiting, held = store.counted(player=player, state="waiting")
    if waiting >= WAITING_MOST:
        raise Refused(429, f"You have {waiting} requests waiting, the most at once: staff answer them before you ask more.")
    if held + size > WAITING_TEXT_MOST:
        raise Refused(429, f"Your waiting requests hold {held} characters, the most is {WAITING_TEXT_MOST}: "
                           "write less, or wait until staff answer some.")


@dataclass(frozen=True)
class RequestPage:
    requests: list[Request]
    number: int
    pages: int


def request_page(store: PortalStore, player: str, asked: str, character: str | None = None) -> RequestPage:
    """Page `asked` (from 1, as the address's `?page=` gives it) of the player's requests, newest first."""
    count, _ = store.counted(player=player, character=character)
    pages = max(1, -(-count // PAGE))
    number = int(asked) if asked.isdigit() else 1
    number = min(max(number, 1), pages)
    shown = store.requests(player=player, character=character, most=PAGE, skip=(number - 1) * PAGE, newest_first=True)
    return RequestPage(shown, number, pages)
