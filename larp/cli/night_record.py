"""What the night-record commands share: the `--db` option, the record opened alone, and telling
a failure."""

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from larp.cli.exits import EXIT_FAILED, fail


def add_db_option(parser) -> None:
    parser.add_argument(
        "--db",
        type=Path,
        metavar="PATH",
        help="the night record (default: $LARP_DB, else night.sqlite3 in the larp data folder, which $LARP_HOME overrides)",
    )


@contextmanager
def record_alone(db: Path | None) -> Iterator:
    """The record at `db` (else the default one), opened to read with no chronicle, fold or rules
    engine, and let go after; a LedgerError where there is none or it can't be opened."""
    from larp.home import default_db
    from larp.ledger.store import Ledger

    ledger = Ledger.open(db if db is not None else default_db(), create=False)
    try:
        yield ledger
    finally:
        ledger.close()


def failed(command: str, error: Exception) -> int:
    """One line on standard error, for the Narrator; exit status 1."""
    return fail(command, error, EXIT_FAILED)


def tell_damage(command: str, desk) -> None:
    """The record's damaged rows, named on standard error, under what was read of it (`desk`: a
    Desk, or the record alone)."""
    for damage in getattr(desk, "ledger", desk).damaged:
        print(f"larp {command}: {damage}; left out, the rest shown (larp doctor recovers the record)", file=sys.stderr)


def desk_for_entries(args, **options):
    """The desk a command writes entries through, on `--db`, `--chronicle`, `--station` and
    `--narrator`. Every entry carries the Narrator's name: given, or the one the record remembers;
    with neither, asked once at a terminal (and remembered), else warned of on standard error."""
    from larp.desk import Desk

    desk = Desk.open(args.db, args.chronicle, args.station, args.narrator, **options)
    if desk.opened_now is not None:  # never silently: the command's entries go into the night it opened
        number, first = desk.opened_now
        elsewhere = f" (under way at station {first})" if first != desk.station else ""
        print(f"larp {args.command}: night {number} opened at station {desk.station}{elsewhere}", file=sys.stderr)
    return narrated(args, desk)


def narrated(args, desk):
    """The desk, its Narrator named: the one given or remembered, else asked once at a terminal
    (and remembered), else warned of on standard error."""
    if not desk.narrator:
        name = input("The Narrator's name, for the night record (remembered): ").strip() if sys.stdin.isatty() else ""
        if name:
            desk.name_narrator(name)
        else:
            print(
                f"larp {args.command}: warning: no Narrator is named, so the entries carry none; give "
                "--narrator NAME once (the record remembers it)",
                file=sys.stderr,
            )
    return desk
