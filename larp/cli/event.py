"""`larp hub start|stop|status`, `larp join URL`, `larp sync`: the event's shared record."""

import sys
from pathlib import Path

from larp.cli.night_record import add_db_option, failed
from larp.words import counted


def register(subparsers) -> None:
    hub = subparsers.add_parser("hub", help="the event's hub on this laptop: start, stop, status")
    actions = hub.add_subparsers(dest="action", metavar="ACTION", required=True)
    start = actions.add_parser("start", help="make (the first time) and start the hub; print the line stations join by")
    add_dir_option(start)
    start.add_argument("--listen", metavar="ADDR", help="the address to listen on (default 127.0.0.1: this laptop only)")
    start.add_argument("--port", type=int, metavar="N", help="the port (default 5433, or the one used before)")
    start.set_defaults(func=run_start)
    stop = actions.add_parser("stop", help="stop the hub (the stations keep recording, offline)")
    add_dir_option(stop)
    stop.set_defaults(func=run_stop)
    status = actions.add_parser("status", help="the stations seen, entries per station, the last sync of each")
    add_dir_option(status)
    status.set_defaults(func=run_status)

    join = subparsers.add_parser("join", help="this station joins an event: the line larp hub start printed")
    join.add_argument("url", metavar="URL", help="postgresql://… as larp hub start printed it, or a PostgreSQL of your own")
    add_db_option(join)
    join.add_argument("--station", help="this station's name in the night record (default: the one the record knows)")
    join.set_defaults(func=run_join)

    sync = subparsers.add_parser("sync", help="push this station's new entries to the event's hub and pull the others', once")
    add_db_option(sync)
    sync.set_defaults(func=run_sync)


def add_dir_option(parser) -> None:
    parser.add_argument("--dir", type=Path, metavar="DIR", help="the hub's folder (default: hub in the larp data folder)")


def run_start(args) -> int:
    from larp.desk import DeskError
    from larp.desk.event import is_loopback, start_hub

    try:
        settings = start_hub(args.dir, args.listen, args.port)
    except DeskError as error:
        return failed("hub start", error)
    if not is_loopback(settings.listen):
        print(
            f"Warning: the hub listens on {settings.listen}: anyone on that network can try to reach it. "
            "Only the password keeps them out.",
            file=sys.stderr,
        )
    print(f"The event's hub is running on port {settings.port} ({settings.listen}).")
    print("Each other station joins it with this line. It carries the hub's password: hand it only to Narrators.")
    print()
    print(f"    larp join '{settings.join_url()}'")
    return 0


def run_stop(args) -> int:
    from larp.desk import DeskError
    from larp.desk.event import stop_hub

    try:
        stop_hub(args.dir)
    except DeskError as error:
        return failed("hub stop", error)
    print("The hub is stopped; the stations keep recording and catch up when it runs again.")
    return 0


def run_status(args) -> int:
    from larp.desk import DeskError
    from larp.desk.event import hub_status

    try:
        settings, stations = hub_status(args.dir)
    except DeskError as error:
        return failed("hub status", error)
    print(f"The hub is running on port {settings.port} ({settings.listen}); {counted(len(stations), 'station')} seen.")
    for station in stations:
        last = station.last_sync or "never synced"
        print(f"  {station.name}: {counted(station.entries, 'entry')}, last sync {last}")
    return 0


def run_join(args) -> int:
    from larp.desk import Desk, DeskError

    try:
        with Desk.open(db=args.db, station=args.station, open_night=False) as desk:
            moved = desk.join(args.url)
    except DeskError as error:
        return failed("join", error)
    print(f"Station {desk.station} joined the event.")
    print_moved(moved)
    return 0


def run_sync(args) -> int:
    from larp.desk import Desk, DeskError

    try:
        with Desk.open(db=args.db, open_night=False) as desk:
            moved = desk.sync()
    except DeskError as error:
        return failed("sync", error)
    print_moved(moved)
    return 0


def print_moved(moved) -> None:
    print(f"{counted(moved.pushed, 'entry')} sent to the hub, {counted(moved.pulled, 'new entry')} from the other stations")
    for said in moved.cards:
        print(f"Cards: {said}")
