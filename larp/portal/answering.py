"""Staff answer the players' requests (from the CLI, the station or the portal itself): an
approved purchase is the season's own operation, written by the desk with its cost; a downtime
answer waits until staff release it; a request made against a sheet that has changed since is
stale, and is approved only when staff say so."""

from larp.desk import Desk, DeskError
from larp.portal.sheets import fingerprint
from larp.portal.store import PortalStore, Request


def sheets_now(desk: Desk) -> dict:
    """Every sheet as it stands, read once for all the requests a list or an answer weighs."""
    return {cid: state.sheet for cid, state in desk.states().items()}


def stale(sheets: dict, request: Request) -> bool:
    """Whether her sheet (among `sheets_now`) changed since the player asked, where the request
    looks (`touches`: a purchase, what it buys; none kept: the whole sheet, experience aside)."""
    sheet = sheets.get(request.character)
    return sheet is not None and fingerprint(sheet, request.body.get("touches")) != request.fingerprint


def waiting(store: PortalStore, number: int) -> Request:
    request = store.request(number)
    if request is None:
        raise DeskError(f"there is no request {number} (larp requests lists them)")
    if request.state == "approving":
        raise DeskError(f"request {number} is being approved by {request.answered_by or 'staff'} now")
    if request.state != "waiting":
        raise DeskError(f"request {number} was {request.state} already by {request.answered_by or 'staff'}")
    return request


def approve(desk: Desk, store: PortalStore, number: int, by: str, answer: str = "", stale_ok: bool = False,
            price: float | None = None) -> Request:
    """Approve a request: a purchase is bought (its entry kept with the answer); one that needs
    a price is bought at staff's `price`, and is refused, nothing written, until they give one."""
    request = waiting(store, number)
    if request.kind == "purchase":
        desk.priced(request.character, request.body["what"], price)  # refused before it is claimed: needs a price, or the price given is not its
    if stale(sheets_now(desk), request) and not stale_ok:
        raise DeskError(
            f"request {number} is stale: {request.character}'s sheet changed since the player asked; "
            "look at it again, then approve it anyway (--stale-ok) or deny it"
        )
    if not store.claim(number, by):
        waiting(store, number)  # says who answered it first
    entry = ""
    try:
        if request.kind == "purchase":
            entry = desk.buy(request.character, request.body["what"], price).id
    except BaseException:
        store.unclaim(number)
        raise
    store.answer(number, "approved", " ".join(answer.split()), by, entry, was="approving")
    return store.request(number)


def deny(store: PortalStore, number: int, by: str, reason: str) -> Request:
    reason = " ".join(reason.split())
    if not reason:
        raise DeskError("say why (--reason): the player reads it")
    waiting(store, number)
    if not store.answer(number, "denied", reason, by):
        waiting(store, number)  # approved or denied by someone else meanwhile: says who
    return store.request(number)
