"""The portal as an ASGI application (Starlette, Jinja2 templates with autoescape, served by
uvicorn): server-rendered pages, no scripts, phone first. Every page a player reaches is scoped
to her: another character's address is a 404, whatever its id."""

from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from larp.desk import Desk, DeskError
from larp.desk.opening import demo_chronicle
from larp.portal.asking import TEXT_MOST, may_ask, normalised, request_page
from larp.portal.answering import stale
from larp.portal.card import card_or_why
from larp.rules.wounds import EMPTY, HEALTH_LEVELS
from larp.portal.guard import (
    FORM_COOKIE,
    SESSION_COOKIE,
    TRIES_PER_ADDRESS,
    TRIES_PER_PLAYER,
    SAID,
    TITLES,
    Refused,
    Signed,
    check_form,
    form_token,
    guarded,
    limit,
    set_cookie,
    signed_in,
)
from larp.portal.secrets import keyed, new_token, portal_key, typed_code
from larp.portal.sheets import TOUCHES, characters_of, fingerprint, history, priced
from larp.portal.store import KINDS, SESSION_LIFE, PortalStore, portal_file
from larp.sheet.storyteller import for_players

HERE = Path(__file__).parent


@dataclass
class Portal:
    record: Path
    folder: Path | None
    data: Path
    station: str = "portal"
    secure: bool = False
    desk: Desk | None = None
    store: PortalStore | None = None
    key: bytes = b""
    _sheets: dict = field(default_factory=dict)
    _seen: tuple = ()
    cards: dict = field(default_factory=dict)
    """Each card's QR code as drawn, by its signed text (drawing one takes longer than a page)."""

    def open(self) -> None:
        self.key = portal_key(self.data)
        self.store = PortalStore(portal_file(self.record))
        self.desk = Desk.open(self.record, self.folder, station=self.station, narrator="portal", open_night=False)
        if self.desk.chronicle is None:  # a record new to any chronicle: the demo chronicle, as the station opens on
            self.desk.close()
            self.desk = Desk.open(self.record, demo_chronicle(), station=self.station, narrator="portal", open_night=False)

    def sheets(self) -> dict:
        """Every sheet as it stands, read again only when the record changed (here or elsewhere)."""
        seen = self.desk.ledger.changed()
        if seen != self._seen:
            self.desk._current()
            self._sheets = {cid: state.sheet for cid, state in self.desk.states().items()}
            self._seen = seen
        return self._sheets

    def close(self) -> None:
        if self.desk is not None:
            self.desk.close()
        if self.store is not None:
            self.store.close()


pages = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(default=True))
pages.globals.update(health_levels=HEALTH_LEVELS, box=EMPTY)
"""A sheet's Health Levels are shown as her track: each level with its boxes (R-HEALTH-1)."""


def page(name: str, status: int = 200, **context) -> HTMLResponse:
    return guarded(HTMLResponse(pages.get_template(name).render(**context), status_code=status))


def make_app(portal: Portal) -> Starlette:
    @asynccontextmanager
    async def lifespan(app):
        portal.open()
        yield
        portal.close()

    def handled(view):
        async def serving(request: Request) -> Response:
            try:
                return await view(request)
            except Refused as refusal:
                return trouble(refusal.status, str(refusal))
            except DeskError as error:
                return trouble(400, str(error))

        return serving

    def player(request: Request) -> Signed:
        signed = signed_in(request, portal.store, portal.key)
        if signed is None:
            raise Refused(401, "Sign in first: with the link staff sent you, or with a code.")
        return signed

    def mine(request: Request, signed: Signed):
        """Her character the address names; a 404 for anything else."""
        sheet = characters_of(portal.sheets(), signed.player).get(request.path_params["cid"])
        if sheet is None:
            raise Refused(404, "There is no such page.")
        return sheet

    async def home(request: Request) -> Response:
        signed = signed_in(request, portal.store, portal.key)
        if signed is None:
            token = form_token(request)
            response = page("signin.html", csrf=token, signed=None)
            set_cookie(response, FORM_COOKIE, token, portal.secure)
            return response
        characters = sorted(characters_of(portal.sheets(), signed.player).values(), key=lambda s: s.display_name.casefold())
        shown = request_page(portal.store, signed.player, request.query_params.get("page", ""))
        return page("home.html", signed=signed, characters=characters, shown=shown, stale=stale_of(shown), night=portal.desk.next_night())

    async def link(request: Request) -> Response:
        token = request.path_params["token"]
        if request.method == "GET":
            waiting = portal.store.link_waiting(keyed(portal.key, token))
            form = form_token(request)
            response = page("link.html", 200 if waiting else 410, waiting=waiting, csrf=form, signed=None)
            set_cookie(response, FORM_COOKIE, form, portal.secure)
            return response
        form = await request.form()
        check_form(form, request.cookies.get(FORM_COOKIE, ""))
        who = portal.store.spend_link(keyed(portal.key, token), "link")
        if who is None:  # a valid link signs in whatever was tried from her address; a bad one counts
            address = f"address:{client(request)}"
            limit(portal.store, address, TRIES_PER_ADDRESS)
            portal.store.attempted(address)
            raise Refused(410, "This sign-in link was used already or has expired: ask staff for a new one, or sign in with a code.")
        return signed_in_as(who)

    async def code(request: Request) -> Response:
        form = await request.form()
        check_form(form, request.cookies.get(FORM_COOKIE, ""))
        typed = " ".join(str(form.get("player", "")).split()).casefold()
        name = next((known for known in portal.store.players() if known.casefold() == typed), typed)
        tried = (f"address:{client(request)}", f"player:{name.casefold()}")
        limit(portal.store, tried[0], TRIES_PER_ADDRESS)
        limit(portal.store, tried[1], TRIES_PER_PLAYER)
        who = portal.store.spend_link(keyed(portal.key, typed_code(str(form.get("code", "")))), "code", name) if name else None
        if who is None:
            for who_tried in tried:
                portal.store.attempted(who_tried)
            raise Refused(403, "That name and code do not sign anyone in: check both, or ask staff for a new code.")
        return signed_in_as(who)

    def signed_in_as(who: str) -> Response:
        """A new session (never one the browser brought: no fixation), and home."""
        cookie, csrf = new_token(), new_token()
        portal.store.open_session(keyed(portal.key, cookie), who, csrf)
        response = guarded(RedirectResponse("/", status_code=303))
        set_cookie(response, SESSION_COOKIE, cookie, portal.secure, SESSION_LIFE, same_site="lax")
        response.delete_cookie(FORM_COOKIE, path="/")
        return response

    async def sign_out(request: Request) -> Response:
        signed = player(request)
        check_form(await request.form(), signed.csrf)
        portal.store.end_session(keyed(portal.key, signed.cookie))
        response = guarded(RedirectResponse("/", status_code=303))
        response.delete_cookie(SESSION_COOKIE, path="/")
        return response

    def players_sheet(sheet):
        """Her sheet without Storyteller-only text, nor the lists the chronicle keeps for staff."""
        chronicle = portal.desk.chronicle
        return for_players(sheet, chronicle.staff_only if chronicle is not None else ())

    def offered(sheet) -> dict[str, list]:
        """What she may buy, by group, for the purchase's list (none of it Storyteller-only)."""
        if not sheet.plays:
            return {}
        groups: dict[str, list] = {}
        for offer in portal.desk.purchases_offered(sheet.id):
            groups.setdefault(offer.group, []).append(offer)
        return groups

    async def character(request: Request) -> Response:
        signed = player(request)
        sheet = mine(request, signed)
        shown = request_page(portal.store, signed.player, request.query_params.get("page", ""), sheet.id)
        card, no_card = card_or_why(portal.desk.chronicle, sheet, portal.cards)
        return page(
            "character.html", signed=signed, sheet=players_sheet(sheet), history=history(sheet), shown=shown, stale=stale_of(shown),
            most=TEXT_MOST, card=card, no_card=no_card, night=portal.desk.next_night(), offers=offered(sheet),
        )

    def stale_of(shown) -> set[int]:
        """The ids of the shown requests still waiting whose sheet changed where they look."""
        sheets = portal.sheets()
        return {r.id for r in shown.requests if r.state == "waiting" and stale(sheets, r)}

    async def buy(request: Request) -> Response:
        signed = player(request)
        sheet = mine(request, signed)
        if request.method == "GET":
            what = request.query_params.get("what", "").strip()
            offer = priced(portal.desk, sheet, what) if what else None
            return page("buy.html", signed=signed, sheet=players_sheet(sheet), offer=offer, what=what)
        form = await request.form()
        check_form(form, signed.csrf)
        what = str(form.get("what", ""))
        may_ask(portal.store, signed.player, sheet, len(what))
        offer = priced(portal.desk, sheet, what)
        if offer.refused:
            raise Refused(402, offer.refused)
        body = {"what": offer.what, "price": offer.price, "changes": offer.changes, "touches": list(offer.touches)}
        portal.store.add_request(signed.player, sheet.id, "purchase", body, fingerprint(sheet, body["touches"]))
        return guarded(RedirectResponse(f"/c/{sheet.id}#requests", status_code=303))

    async def write(request: Request) -> Response:
        signed = player(request)
        sheet = mine(request, signed)
        kind = request.path_params["kind"]
        form = await request.form()
        check_form(form, signed.csrf)
        text = normalised(str(form.get("text", "")))
        if kind not in KINDS[1:] or not text:
            raise Refused(400, "Write what the request is: the text is empty.")
        if len(text) > TEXT_MOST:
            raise Refused(413, f"That is {len(text)} characters: at most {TEXT_MOST}, please.")
        may_ask(portal.store, signed.player, sheet, len(text))
        body = {"text": text, "touches": TOUCHES[kind]}
        portal.store.add_request(signed.player, sheet.id, kind, body, fingerprint(sheet, body["touches"]))
        return guarded(RedirectResponse(f"/c/{sheet.id}#requests", status_code=303))

    async def style(request: Request) -> Response:
        return guarded(Response((HERE / "templates" / "portal.css").read_text(), media_type="text/css"))

    routes = [
        Route("/", handled(home)),
        Route("/in/{token}", handled(link), methods=["GET", "POST"]),
        Route("/code", handled(code), methods=["POST"]),
        Route("/out", handled(sign_out), methods=["POST"]),
        Route("/c/{cid}", handled(character)),
        Route("/c/{cid}/buy", handled(buy), methods=["GET", "POST"]),
        Route("/c/{cid}/{kind}", handled(write), methods=["POST"]),
        Route("/portal.css", style),
    ]
    async def starlette_said(request: Request, error: Exception) -> Response:
        """Starlette's own 404, 405 and 500, as the portal's pages: titled, with its headers."""
        status = getattr(error, "status_code", 500)
        return trouble(status, SAID.get(status, "Something went wrong here: go back and try again."))

    handlers = {404: starlette_said, 405: starlette_said, 500: starlette_said}
    return Starlette(routes=routes, lifespan=lifespan, exception_handlers=handlers)


def trouble(status: int, message: str) -> HTMLResponse:
    """The page of a refusal or a failure, titled by what went wrong."""
    return page("message.html", status, title=TITLES.get(status, "Not possible"), message=message, signed=None)


def client(request: Request) -> str:
    return request.client.host if request.client else "unknown"
