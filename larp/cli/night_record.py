"""What the night-record commands share: the `--db` option, and telling a failure."""

import sys
from pathlib import Path

from larp.cli.exits import EXIT_FAILED, fail


def add_db_option(parser) -> None:
    parser.add_argument(
        "--db",
        type=Path,
        metavar="PATH",
        help="the night record (default: $LARP_DB, else night.sqlite3 in the larp data folder, which $LARP_HOME overrides)",
    )


def failed(command: str, error: Exception) -> int:
    """One line on standard error, for the Narrator; exit status 1."""
    return fail(command, error, EXIT_FAILED)


def tell_damage(command: str, desk) -> None:
    """The record's damaged rows, named on standard error, under what was read of it."""
    for damage in desk.ledger.damaged:
        print(f"larp {command}: {damage}; left out, the rest shown (larp doctor recovers the record)", file=sys.stderr)
