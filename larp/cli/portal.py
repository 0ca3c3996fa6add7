"""`larp portal`: the players' portal, and staff's commands for it.

- `larp portal` serves it (loopback by default; `--listen` for the venue's network, `--secure`
  behind a reverse proxy with TLS: docs/portal.md);
- `larp portal invite PLAYER` prints a one-time sign-in link and a code for a player (her name as
  her characters' sheets give it); `larp portal revoke PLAYER` ends her sessions and links;
- `larp requests` lists the players' requests, `approve ID`, `deny ID --reason TEXT`, and
  `release` shows the answered downtime actions to their players.
"""

import os
from pathlib import Path

from larp.cli.night_record import add_db_option, failed
from larp.controls import one_line

LOCAL_HOST = "127.0.0.1"
LISTED = 50
"""Requests `larp requests` lists a page."""
PORT = 8470


def register(subparsers) -> None:
    portal = subparsers.add_parser("portal", help="the players' portal: each player's own characters, requests and answers")
    portal.add_argument("action", nargs="?", choices=["serve", "invite", "revoke"], default="serve", help="serve (the default), invite or revoke")
    portal.add_argument("player", nargs="?", metavar="PLAYER", help="invite, revoke: the player's name, as her sheets give it")
    portal.add_argument("--listen", default=LOCAL_HOST, metavar="HOST", help=f"the address to listen on (default {LOCAL_HOST}: this machine only)")
    portal.add_argument("--port", type=int, default=PORT, help=f"the port (default {PORT})")
    portal.add_argument("--url", metavar="URL", help="invite: the portal's address as players reach it (default: http://HOST:PORT)")
    portal.add_argument("--secure", action="store_true", help="behind a reverse proxy with TLS: cookies marked Secure")
    portal.add_argument("--chronicle", type=Path, metavar="DIR", help="the chronicle folder (default: the one the record knows)")
    add_db_option(portal)
    portal.set_defaults(func=run_portal)
    requests = subparsers.add_parser("requests", help="the players' requests from the portal, and staff's answers")
    requests.add_argument("action", nargs="?", choices=["list", "approve", "deny", "release"], default="list", help="list (the default), approve, deny or release")
    requests.add_argument("number", nargs="?", type=int, metavar="ID", help="approve, deny: the request's number")
    requests.add_argument("--reason", default="", metavar="TEXT", help="deny: why (the player reads it)")
    requests.add_argument("--answer", default="", metavar="TEXT", help="approve: an answer the player reads (a downtime action's outcome)")
    requests.add_argument("--price", type=float, metavar="POINTS", help="approve: staff's price for a purchase that needs one (not in the chronicle's catalog)")
    requests.add_argument("--stale-ok", action="store_true", help="approve a request although the sheet changed since it was made")
    requests.add_argument("--narrator", default="", help="the staff member answering")
    requests.add_argument("--page", type=int, default=1, metavar="N", help=f"list: page N of the requests, {LISTED} a page, oldest first")
    add_db_option(requests)
    requests.set_defaults(func=run_requests)


def record_of(args) -> Path:
    from larp.home import default_db

    return Path(args.db) if args.db else default_db()


def run_portal(args) -> int:
    from larp.desk import DeskError
    from larp.home import data_dir
    from larp.portal.app import Portal

    portal = Portal(record_of(args), args.chronicle, data_dir(), secure=args.secure)
    if args.action == "serve":
        from larp.portal.serving import serve

        print(f"The players' portal: http://{args.listen}:{args.port}/  (Ctrl+C stops it)", flush=True)
        serve(portal, args.listen, args.port)
        return 0
    if not args.player:
        return failed(f"portal {args.action}", DeskError(f"name the player: larp portal {args.action} PLAYER"))
    try:
        portal.open()
        from larp.portal.inviting import invite, revoke

        if args.action == "invite":
            url = args.url or os.environ.get("LARP_PORTAL_URL") or f"http://{args.listen}:{args.port}"
            for line in invite(portal, args.player, url):
                print(line)
        else:
            print(revoke(portal, args.player))
    except DeskError as error:
        return failed(f"portal {args.action}", error)
    finally:
        portal.close()
    return 0


def run_requests(args) -> int:
    """`larp requests`: one line a request, whatever its text holds."""
    from larp.desk import Desk, DeskError
    from larp.portal.answering import approve, deny, sheets_now, stale
    from larp.portal.store import PortalStore, portal_file

    record = record_of(args)
    try:
        if not portal_file(record).exists():
            raise DeskError("no player has asked anything yet: the portal keeps its requests beside the night record")
        store = PortalStore(portal_file(record))
        with Desk.open(record, narrator=args.narrator, open_night=False) as desk:
            if args.action == "list":
                return print_requests(sheets_now(desk), store, stale, args.page)
            if args.action == "release":
                print(f"{store.release()} downtime answers released to their players")
                return 0
            if args.number is None:
                raise DeskError(f"name the request: larp requests {args.action} ID")
            by = args.narrator or desk.narrator or "staff"
            done = approve(desk, store, args.number, by, args.answer, args.stale_ok, args.price) if args.action == "approve" else deny(store, args.number, by, args.reason)
            print(one_line(f"Request {done.id} {done.state}: {done.kind} for {done.character}: {done.said}") + (f" (entry {done.entry[:8]})" if done.entry else ""))
    except DeskError as error:
        return failed(f"requests {args.action}", error)
    return 0


def print_requests(sheets, store, stale, page: int) -> int:
    """A page of the requests, one line each, and which page it is when there are more."""
    count, _ = store.counted()
    pages = max(1, -(-count // LISTED))
    page = min(max(page, 1), pages)
    if not count:
        print("No request from the players.")
    for request in store.requests(most=LISTED, skip=(page - 1) * LISTED):
        flag = "  STALE: the sheet changed since" if request.state == "waiting" and stale(sheets, request) else ""
        answered = f" by {request.answered_by}: {request.answer}" if request.state != "waiting" else ""
        print(f"{request.id:>4}  {request.state:<8} {request.kind:<9} " + one_line(f"{request.character}  ({request.player})  {request.said}{answered}") + flag)
    if pages > 1:
        print(f"Page {page} of {pages} ({count} requests)" + (f": --page {page + 1} for the next" if page < pages else ""))
    return 0
