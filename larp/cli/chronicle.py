"""`larp chronicle export DIR [--out NEWDIR]`: the chronicle folder written as it stands for the
next game, from the night record (sheets after the season's changes, experience included), so
that the TOML files and the record agree.

DIR is the chronicle folder; its character files are rewritten where they say otherwise than
the record (its chronicle.toml is left as it is); with `--out NEWDIR`, a new folder is written
instead and DIR is left alone. Exit 1 when the record or the folder can't be read or written.
"""

from pathlib import Path

from larp.cli.night_record import add_db_option, failed
from larp.words import counted

FORMATS = ("toml",)
"""What `export` writes: toml, a chronicle folder like `cards/`."""


def register(subparsers) -> None:
    parser = subparsers.add_parser("chronicle", help="write the chronicle folder as it stands for the next game")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    send = actions.add_parser("export", help="the chronicle as the night record has it, written as a chronicle folder")
    send.add_argument("folder", type=Path, metavar="DIR", help="the chronicle folder")
    send.add_argument("--format", choices=FORMATS, default="toml", help="toml: a chronicle folder (the default)")
    send.add_argument("--out", type=Path, metavar="NEWDIR", help="write a new folder there instead of DIR")
    add_db_option(send)
    send.set_defaults(func=run_export)


def run_export(args) -> int:
    from larp.desk import Desk, DeskError
    from larp.sheet import SheetError

    try:
        with Desk.open(args.db, args.folder, open_night=False) as desk:
            if desk.night_number is None:
                raise DeskError(f"the night record holds no night of {desk.chronicle.name} yet: its folder is the chronicle as it stands")
            done = desk.export_chronicle(args.out)
    except (DeskError, SheetError) as error:
        return failed("chronicle export", error)
    print(
        f"{done.folder}: {counted(len(done.written), 'file')} written"
        + (f" ({', '.join(done.written)})" if done.written else "")
        + f", {counted(done.agreeing, 'sheet')} already as the record has them"
    )
    if done.others:
        print(f"Not in the record, left as they are: {', '.join(done.others)} (the next larp night open asks about them)")
    return 0
