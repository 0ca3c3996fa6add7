"""The portal's guards: the session a cookie names, CSRF on every form, limits on sign-in tries,
and the headers every page carries.

CSRF is the synchronizer-token pattern: a signed-in player's forms carry her session's own token;
the sign-in forms, before any session, carry one that a SameSite=Strict cookie holds too (double
submit). Tokens are compared in constant time."""

from dataclasses import dataclass

from starlette.requests import Request
from starlette.responses import Response

from larp.portal.secrets import keyed, new_token, same
from larp.portal.store import PortalStore

SESSION_COOKIE = "larp_session"
FORM_COOKIE = "larp_form"
TRIES_PER_PLAYER = 5
"""Failed code attempts for one player in a quarter of an hour."""
TRIES_PER_ADDRESS = 30
"""Failed sign-ins from one address in a quarter of an hour (a venue's players share one, so a
valid link signs in whatever was tried from its address: only codes and bad links are held)."""
QUARTER = 15 * 60
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
    "frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}


TITLES = {
    400: "Not possible", 401: "Sign in first", 402: "Not enough experience", 403: "Not allowed",
    404: "No such page", 405: "Not a way to ask", 410: "That link can't be used", 413: "Too long",
    429: "Too many tries", 500: "Something went wrong",
}
"""A refusal's page title, by its status: what went wrong."""
SAID = {
    404: "There is no such page.",
    405: "This page is not asked for that way: go back to the portal and use its buttons.",
}
"""What the page says when Starlette itself refuses (a 500 says to try again)."""


class Refused(Exception):
    """A request the portal will not serve: its status, and what the page says."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Signed:
    """The player a request comes from."""

    player: str
    csrf: str
    cookie: str


def signed_in(request: Request, store: PortalStore, key: bytes) -> Signed | None:
    cookie = request.cookies.get(SESSION_COOKIE, "")
    found = store.session(keyed(key, cookie)) if cookie else None
    return None if found is None else Signed(found[0], found[1], cookie)


def check_form(form, expected: str) -> None:
    """The form's CSRF token, against the one it must carry."""
    given = form.get("csrf", "")
    if not expected or not isinstance(given, str) or not same(given, expected):
        raise Refused(403, "This form has expired or did not come from this portal: go back, reload the page and send it again.")


def form_token(request: Request) -> str:
    """The token a sign-in form carries (its cookie's, or a new one)."""
    return request.cookies.get(FORM_COOKIE) or new_token()


def limit(store: PortalStore, who: str, most: int) -> None:
    """Refused (429) once `who` failed `most` times in a quarter of an hour."""
    if store.attempts(who, QUARTER) >= most:
        raise Refused(429, "Too many tries: wait a quarter of an hour, or sign in with your link, or ask staff for a new one.")


def guarded(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers[name] = value
    return response


def set_cookie(response: Response, name: str, value: str, secure: bool, max_age: int | None = None, same_site: str = "strict") -> None:
    """HttpOnly always; Secure behind TLS; the session's Lax (a link from a mail opens signed in), the form's Strict."""
    response.set_cookie(name, value, max_age=max_age, httponly=True, secure=secure, samesite=same_site, path="/")
