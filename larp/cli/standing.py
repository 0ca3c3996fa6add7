"""The chronicle as the `cards` and `scan` commands read it: the record's, as it stands, when the
night record holds the chronicle; else the chronicle folder.

So every view of a character says the same: the card printed, the scan at the door, the
station and the night to come read her from the record (a character added from a file
elsewhere, a retirement, a sheet changed between games), and the door shows the Willpower
she will start with. Where the folder was edited since the record last read it, the commands
say so (the next `larp night open` asks).
"""

import sys
from dataclasses import dataclass, field
from pathlib import Path

from larp.cli.night_record import add_db_option


@dataclass(frozen=True)
class Standing:
    chronicle: object
    """The chronicle (`larp.sheet.Chronicle`), its characters as they stand."""
    willpower: dict[str, int] = field(default_factory=dict)
    """Each character's Willpower now (tonight, or at the start of the night to come)."""
    from_record: bool = False


def add_chronicle_option(parser) -> None:
    parser.add_argument(
        "--chronicle",
        type=Path,
        metavar="DIR",
        help="the chronicle folder: chronicle.toml and a file per character (default: the one the night record "
        "knows, else the demo chronicle)",
    )
    add_db_option(parser)


def record_at(args) -> Path | None:
    from larp.home import default_db

    where = args.db if args.db is not None else default_db()
    return Path(where) if Path(where).is_file() else None


def standing(args, warn=True) -> Standing:
    """The chronicle as it stands: the record's when it holds the chronicle (`--chronicle`'s, or
    the one it knows), else the folder's; SheetError if there is none."""
    wanted = folder_chronicle(args.chronicle) if args.chronicle is not None else None
    db = record_at(args)
    if db is not None:
        from larp.desk import Desk, DeskError  # the record's corner: without a record, never loaded

        try:
            with Desk.read(db) as desk:
                held = desk.chronicle
                if held is not None and desk.night_number is not None and (wanted is None or wanted.id == held.id):
                    states = desk.states()
                    if warn:
                        said_differences(desk)
                    return Standing(desk.standing(), {cid: state.willpower for cid, state in states.items()}, True)
        except DeskError as error:
            print(f"larp {args.command}: the night record can't be read ({error}); reading the chronicle folder", file=sys.stderr)
    return Standing(wanted if wanted is not None else folder_chronicle(None))


def said_differences(desk) -> None:
    from larp.sheet import SheetError

    try:
        differences = desk.folder_differences()
    except SheetError:
        return  # the folder's mistake is said when a night is opened from it
    if differences:
        lines = "; ".join(difference.line() for difference in differences)
        print(
            f"larp: the chronicle folder was edited since the record read it ({lines}): shown as the record has it; "
            "larp night open --apply takes the folder's",
            file=sys.stderr,
        )


def folder_chronicle(folder: Path | None):
    """The chronicle `--chronicle` names, else the demo chronicle; SheetError if there is none."""
    from larp.home import demo_chronicle
    from larp.sheet import SheetError, load_chronicle

    if folder is None:
        folder = demo_chronicle()
        if not folder.is_dir():
            raise SheetError("", "no chronicle given: pass --chronicle DIR, the folder with chronicle.toml")
    return load_chronicle(folder)
