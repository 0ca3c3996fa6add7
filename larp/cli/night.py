"""`larp night open|close`: a station opens its night, and closes it when the game is over.

A night opens only once the chronicle folder and the record agree: where sheets were edited in
the folder between games, the differences are listed Trait by Trait and the Narrator applies
them (`--apply`, or `a` at the prompt) or keeps the record's sheets (`--keep`, `k`); without a
terminal and without either flag, nothing is opened (exit 1).
"""

import sys
from pathlib import Path

from larp.cli.night_record import add_db_option, failed, tell_damage
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
    add_folder_edits_option(opening)
    add_db_option(opening)
    opening.set_defaults(func=run_open)
    closing = actions.add_parser("close", help="close this station's night: nothing more is recorded in it here (for the whole event, after the merge: larp close-night)")
    add_db_option(closing)
    closing.set_defaults(func=run_close)


def add_folder_edits_option(parser) -> None:
    """`--apply` or `--keep`: what to do with sheets edited in the chronicle folder between games."""
    decided = parser.add_mutually_exclusive_group()
    decided.add_argument(
        "--apply", dest="folder_edits", action="store_const", const="apply",
        help="sheets edited in the chronicle folder since the last game: record them (between-games entries)",
    )
    decided.add_argument(
        "--keep", dest="folder_edits", action="store_const", const="keep",
        help="sheets edited in the chronicle folder since the last game: keep the record's instead",
    )


def opened(open_desk, folder_edits: str | None):
    """`open_desk(folder_edits)`, the desk on its open night; where the folder differs from the
    record and nothing was decided, the differences shown and, at a terminal, the Narrator asked."""
    from larp.desk.season import FolderDiffers

    try:
        return open_desk(folder_edits)
    except FolderDiffers as differing:
        if folder_edits is not None or not sys.stdin.isatty():
            raise
        print(f"The chronicle folder differs from the sheets the record carries into night {differing.number}:")
        for difference in differing.differences:
            print(f"  {difference.line()}")
        answer = input("Apply the folder's sheets (a), keep the record's (k), or open nothing (q)? [a/k/q] ")
        choice = {"a": "apply", "k": "keep"}.get(answer.strip().lower()[:1])
        if choice is None:
            raise
        return open_desk(choice)


def run_open(args) -> int:
    from larp.desk import Desk, DeskError
    from larp.rules import game_time

    def open_desk(folder_edits):
        return Desk.open(args.db, args.chronicle, args.station, args.narrator, folder_edits=folder_edits)

    try:
        with opened(open_desk, args.folder_edits) as desk:
            running = "held" if desk.clock_held() else "running"
            print(
                f"Night {desk.night_number} of {desk.chronicle.name} is open at station {desk.station}: "
                f"{counted(len(desk.roster()), 'character')}, game clock {game_time(desk.game_time())} ({running})"
            )
            tell_damage("night open", desk)
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
