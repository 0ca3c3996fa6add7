"""`larp hub start|stop|status|init`, `larp join [FILE]`, `larp sync`: the event's shared record.

The addresses carry passwords: they are read from a file, the environment, standard input or
a prompt, never from the command line (larp.cli.hub_line)."""

import sys
from pathlib import Path

from larp.cli.hub_line import AddressError, address
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
    init = actions.add_parser("init", help="make the event's tables on a PostgreSQL you run, as its owner, once; print how stations join")
    init.add_argument(
        "owner", nargs="?", metavar="FILE",
        help="a file holding the owner's address, postgresql://… (default: $LARP_HUB_OWNER, else standard input, else asked)",
    )
    init.add_argument("--host", metavar="HOST", help="the server's address as the stations reach it (default: the owner's)")
    init.add_argument("--role", default="larp_station", metavar="NAME", help="the join line's role (default larp_station; each station gets its own as it joins)")
    init.set_defaults(func=run_init)

    revoke = actions.add_parser(
        "revoke", help="a station the event no longer trusts (a lost laptop): its login ends, the hub takes nothing more of it; the join line changes"
    )
    revoke.add_argument("station", metavar="STATION", help="the station's name, as larp hub status lists it")
    add_dir_option(revoke)
    revoke.add_argument("--owner", metavar="FILE", help="for an event made by larp hub init: a file holding the owner's address (or $LARP_HUB_OWNER)")
    revoke.add_argument("--host", metavar="HOST", help="with --owner: the server's address as the stations reach it")
    revoke.add_argument("--role", default="larp_station", metavar="NAME", help="with --owner: the join line's role (default larp_station)")
    revoke.set_defaults(func=run_revoke)

    join = subparsers.add_parser(
        "join", help="this station joins an event: the line larp hub start printed, from FILE, $LARP_HUB, standard input or asked"
    )
    join.add_argument("hub", nargs="?", metavar="FILE", help="a file holding the line larp hub start (or init) printed; never the line itself")
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
    print_join(settings.join_url())
    return 0


def print_join(url: str) -> None:
    print("Each other station joins it with this address. It carries the hub's password: hand it only to Narrators.")
    print()
    print(f"    {url}")
    print()
    print("At each station, run larp join --station NAME and paste it when asked (it is not shown), or put it in a")
    print("file only that station's user can read (chmod 600) and run larp join FILE --station NAME.")


def run_init(args) -> int:
    from larp.desk import DeskError
    from larp.desk.event import init_hub

    try:
        owner = address(args.owner, "LARP_HUB_OWNER", "the owner's address of the event's database")
        made = init_hub(owner, args.host, args.role)
    except (AddressError, DeskError) as error:
        return failed("hub init", error)
    if made.again:
        print("The event's tables were made before: kept as they are, every entry and every station's login with them.")
        print("The join line has a new password: the one given before registers nothing now. Stations joined already sync on.")
    else:
        print("The event's tables are made. The join line may only register a station, which gets a login of its own.")
    print_join(made.line)
    return 0


def run_revoke(args) -> int:
    from larp.desk import DeskError
    from larp.desk.event import revoke

    try:
        owner = address(args.owner, "LARP_HUB_OWNER", "the owner's address of the event's database", ask=args.owner is not None)
        url = revoke(args.station, args.dir, owner, args.host, args.role)
    except (AddressError, DeskError) as error:
        return failed("hub revoke", error)
    print(f"Station {args.station} is revoked: its login opens nothing, the hub takes no entry of it, and no station takes its bundles.")
    print("What it wrote before stays. The other stations sync on as before, each with its own login. The join line changed,")
    print("so the one the revoked station held registers nothing; a station joining from now on uses this one:")
    print_join(url)
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
        key = f"key {station.key}" if station.key else "never registered"
        revoked = f", REVOKED at {station.revoked}" if station.revoked else ""
        holding = f", HOLDS THE HUB: every push waits on it (larp hub revoke {station.name!r} ends it)" if station.holding else ""
        print(f"  {station.name!r}: {counted(station.entries, 'entry')}, last sync {last}, {key}{revoked}{holding}")
    return 0


def run_join(args) -> int:
    from larp.desk import Desk, DeskError

    try:
        url = address(args.hub, "LARP_HUB", "the event's address")
        with Desk.open(db=args.db, open_night=False) as desk:
            moved = desk.join(url, args.station)
    except (AddressError, DeskError) as error:
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
    for said in moved.closes:
        print(f"Close: {said}")
    for said in moved.aside:
        print(f"Set aside: {said}")
    if moved.skew:
        print(f"Clock: {moved.skew}")
