"""`larp add FILE` and `larp change FILE`: a character joins tonight, or her sheet changes for good.

Each is one entry of the night record (reversed like any other, `larp reverse`). Exit 2 when the
file is not a valid sheet (file, line and field named; nothing is written), 1 when the desk
refuses (already in tonight's record, unknown, unchanged) or the record can't be written.
"""

from pathlib import Path

from larp.cli.night_record import add_db_option, failed
from larp.cli.exits import EXIT_BAD_INPUT


def register(subparsers) -> None:
    for name, what in (("add", "a character joins tonight with the sheet in FILE"), ("change", "a character's sheet changes for good to the one in FILE")):
        parser = subparsers.add_parser(name, help=what)
        parser.add_argument("file", type=Path, metavar="FILE", help="the sheet, a TOML file as in a chronicle folder")
        parser.add_argument("--chronicle", type=Path, metavar="DIR", help="the chronicle folder, if a night must be opened")
        parser.add_argument("--station", help="this station's name")
        parser.add_argument("--narrator", default="", help="the Narrator recording it")
        add_db_option(parser)
        parser.set_defaults(func=run, action=name)


def run(args) -> int:
    from larp.desk import Desk, DeskError
    from larp.sheet import SheetError, load_sheet

    try:
        with Desk.open(args.db, args.chronicle, args.station, args.narrator) as desk:
            try:
                sheet = load_sheet(args.file, desk.system)
            except SheetError as error:
                failed(args.action, error)
                return EXIT_BAD_INPUT
            entry = desk.add(sheet) if args.action == "add" else desk.change(sheet)
    except DeskError as error:
        return failed(args.action, error)
    print(f"{entry.id}  {entry.summary}")
    return 0
