"""`larp night open|close`: a station opens its night, and closes it when the game is over."""

from pathlib import Path

from larp.cli.night_record import add_db_option, failed
from larp.words import counted


def register(subparsers) -> None:
    parser = subparsers.add_parser("night", help="open this station's night, or close it")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    opening = actions.add_parser("open", help="open a night at this station (its record is kept in --db)")
    opening.add_argument("--station", help="this station's name (default: the one the record knows, else the host name)")
    opening.add_argument("--narrator", default="", help="the Narrator at this station")
    opening.add_argument(
        "--chronicle", type=Path, metavar="DIR", help="the chronicle folder (default: the one the record knows, else the demo)"
    )
    add_db_option(opening)
    opening.set_defaults(func=run_open)
    closing = actions.add_parser("close", help="close this station's night: nothing more is recorded in it here")
    add_db_option(closing)
    closing.set_defaults(func=run_close)


def run_open(args) -> int:
    from larp.desk import Desk, DeskError
    from larp.rules import game_time

    try:
        with Desk.open(args.db, args.chronicle, args.station, args.narrator) as desk:
            running = "held" if desk.clock_held() else "running"
            print(
                f"Night {desk.night_number} of {desk.chronicle.name} is open at station {desk.station}: "
                f"{counted(len(desk.night().characters), 'character')}, game clock {game_time(desk.game_time())} ({running})"
            )
    except DeskError as error:
        return failed("night open", error)
    return 0


def run_close(args) -> int:
    from larp.desk import Desk, DeskError

    try:
        with Desk.read(args.db) as desk:
            desk.close_night()
            print(f"Night {desk.night_number} is closed at station {desk.station}: export it with larp export --out FILE")
    except DeskError as error:
        return failed("night close", error)
    return 0
