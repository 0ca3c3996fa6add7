"""`larp doctor`: what in the night record is damaged, and, with --recover, a new record of
all that is readable in its place (the old file kept beside it, renamed)."""

import sys

from larp.cli.night_record import EXIT_FAILED, add_db_option, failed
from larp.words import counted


def register(subparsers) -> None:
    parser = subparsers.add_parser("doctor", help="look for damage in the night record, and recover what is readable")
    parser.add_argument(
        "--recover", action="store_true",
        help="copy every readable entry into a new record in the old one's place; the old file is kept, renamed",
    )
    add_db_option(parser)
    parser.set_defaults(func=run)


def run(args) -> int:
    from larp.home import default_db
    from larp.ledger import LedgerError
    from larp.ledger.doctor import examine, recover

    path = args.db if args.db is not None else default_db()
    try:
        found = examine(path)
        for damage in found.damaged:
            print(f"{path}: {damage}")
        entries = counted(len(found.readable), "readable entry", "readable entries")
        if not found.damaged:
            print(f"{path}: no damage found ({counted(found.nights, 'night')}, {entries})")
            return 0
        if not args.recover:
            print(f"{path}: {counted(len(found.damaged), 'damage')} found, {entries}; "
                  "larp doctor --recover copies them into a new record", file=sys.stderr)
            return EXIT_FAILED
        kept, _ = recover(path)
    except LedgerError as error:
        return failed("doctor", error)
    print(f"{path}: recovered, {entries} kept, {counted(len(found.damaged), 'damaged row')} left out; the old file is {kept}")
    return 0
