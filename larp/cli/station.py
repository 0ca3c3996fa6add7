"""`larp station` (also a bare `larp`) and `larp serve`: the Narrator station, in a terminal or a browser.

Textual and textual-serve are imported only inside the functions that run them.
"""

import argparse
import os
import shlex
import sys
from pathlib import Path

from larp.cli.hub_line import AddressError, address
from larp.cli.night_record import add_db_option, failed

LOCAL_HOST = "127.0.0.1"
NIGHT_OPTIONS = ("db", "chronicle", "station", "narrator", "hub")
"""The options that say which night a station opens, as `create_app` takes them."""


def register(subparsers) -> None:
    station = subparsers.add_parser(
        "station", help="open the Narrator station (what a bare `larp` does)"
    )
    add_night_options(station)
    station.add_argument("--ask-narrator", action="store_true", help=argparse.SUPPRESS)  # each tab of larp serve
    station.set_defaults(func=run_station)

    serve = subparsers.add_parser("serve", help="open the Narrator station in a web browser")
    add_night_options(serve)
    serve.add_argument(
        "--host",
        default=None,
        help=f"the address to listen on (default {LOCAL_HOST}: this machine only)",
    )
    serve.add_argument("--port", type=int, default=8000, help="the port to listen on (default 8000)")
    serve.set_defaults(func=run_serve)


def add_night_options(parser) -> None:
    add_db_option(parser)
    parser.add_argument(
        "--chronicle",
        type=Path,
        help="a chronicle folder to load (default: the demo chronicle, on first run)",
    )
    parser.add_argument("--station", help="this station's name in the night record (default: the machine's name)")
    parser.add_argument("--narrator", default="", help="the Narrator at this station")
    parser.add_argument(
        "--hub",
        metavar="FILE",
        help="join the event whose address FILE holds (the line larp hub start printed; default: $LARP_HUB, "
        "else the event the record joined); never the address itself, which any user can list",
    )


def night_arguments(args) -> list[str]:
    """The options of `args` that say which night to open, as command-line words; all but the
    hub's address, which holds the event's password: `run_serve` passes it in $LARP_HUB."""
    words = []
    for option in NIGHT_OPTIONS:
        value = getattr(args, option)
        if value and option != "hub":
            words += [f"--{option}", str(value)]
    return words


def hub_of(args) -> str | None:
    """The event's address: from --hub FILE, else $LARP_HUB, else none (the record's own)."""
    return address(args.hub, "LARP_HUB", "the event's address", ask=False)


def run_station(args) -> int:
    from larp.station import create_app

    try:
        hub = hub_of(args)
    except AddressError as error:
        return failed("station", error)
    options = {option: getattr(args, option) for option in NIGHT_OPTIONS} | {"hub": hub}
    app = create_app(**options, ask_narrator=args.ask_narrator)
    app.run()
    return app.return_code or 0


def run_serve(args) -> int:
    from larp.station.offline_page import OfflineServer

    host = args.host or LOCAL_HOST
    if args.host is not None and args.host not in (LOCAL_HOST, "localhost", "::1"):
        print(
            f"Warning: listening on {host}: anyone on that network can reach this station "
            "and change the night record.",
            file=sys.stderr,
        )
    command = shlex.join([sys.executable, "-m", "larp.cli.station", *night_arguments(args), "--ask-narrator"])
    try:
        hub = hub_of(args)
    except AddressError as error:
        return failed("serve", error)
    if hub:  # each tab's station is started with this environment; anyone can list command lines
        os.environ["LARP_HUB"] = hub
    OfflineServer(command, host=host, port=args.port, title="larp: the Narrator station").serve()
    return 0


if __name__ == "__main__":  # how `larp serve` starts a station for each browser tab
    from larp.cli import main

    sys.exit(main(["station", *sys.argv[1:]]))
