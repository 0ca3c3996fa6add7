"""`larp add FILE`, `larp change FILE` and `larp retire CHARACTER`: a character joins, her sheet
changes for good, or she leaves play.

While this station has a night open, each is one entry of that night (reversed like any other,
`larp reverse`). Between games nothing is opened: each is a between-games entry of the night to
come, which starts from it. `larp add` copies a sheet from elsewhere into the chronicle folder,
so that the folder and the record agree, and says where it now lives. Exit 2 when the file is
not a valid sheet (file, line and field named; nothing is written), 1 when the desk refuses
(already known, unknown, unchanged) or the record can't be written.
"""

import shutil
from pathlib import Path

from larp.cli.night_record import add_db_option, desk_for_entries, failed
from larp.cli.exits import EXIT_BAD_INPUT


def register(subparsers) -> None:
    for name, what in (
        ("add", "a character joins (tonight, or the chronicle between games) with the sheet in FILE"),
        ("change", "a character's sheet changes for good to the one in FILE (tonight, or between games)"),
    ):
        parser = subparsers.add_parser(name, help=what)
        parser.add_argument("file", type=Path, metavar="FILE", help="the sheet, a TOML file as in a chronicle folder")
        parser.add_argument("--reason", default="", metavar="TEXT", help="why, for the record (between games)")
        add_desk_options(parser)
        parser.set_defaults(func=run, action=name)
    retire = subparsers.add_parser("retire", help="a character leaves play (retired, dead), or comes back (--status active)")
    retire.add_argument("character", metavar="CHARACTER", help="the character's id")
    retire.add_argument("--reason", default="", metavar="TEXT", help="why: every Narrator who scans the card reads it")
    retire.add_argument("--status", choices=["retired", "dead", "inactive", "active"], default="retired", help="what she becomes (default retired; active brings her back)")
    add_desk_options(retire)
    retire.set_defaults(func=run_retire)


def add_desk_options(parser) -> None:
    parser.add_argument("--chronicle", type=Path, metavar="DIR", help="the chronicle folder (default: the one the record knows)")
    parser.add_argument("--station", help="this station's name")
    parser.add_argument("--narrator", default="", help="the Narrator recording it")
    add_db_option(parser)


def open_desk(args):
    """The desk on the record, opening no night: between games a change waits for the next."""
    from larp.desk import DeskError

    desk = desk_for_entries(args, open_night=False)
    if desk.chronicle is None:
        desk.close()
        raise DeskError("there is no chronicle in this record yet: give its folder (--chronicle DIR)")
    return desk


def run(args) -> int:
    from larp.desk import DeskError
    from larp.sheet import SheetError, load_sheet

    try:
        with open_desk(args) as desk:
            try:
                sheet = load_sheet(args.file, desk.system)
            except SheetError as error:
                failed(args.action, error)
                return EXIT_BAD_INPUT
            if desk.night_open_here:
                entry = desk.add(sheet) if args.action == "add" else desk.change(sheet)
            else:
                known = sheet.id in desk.standing().characters
                if args.action == "add" and known:
                    raise DeskError(f"{sheet.display_name} ({sheet.id}) is in the chronicle already: larp change FILE changes the sheet")
                if args.action == "change" and not known:
                    raise DeskError(f"there is no character {sheet.id!r} in the chronicle: larp add FILE brings the character in")
                entry = desk.amend(sheet, args.reason or f"larp {args.action} {args.file.name}", str(args.file))
            lives = ""
            if args.action == "add":
                lives, in_folder = lodged(args.file, sheet.id, desk.from_folder)
                if in_folder:
                    desk.folder_holds(sheet.id)
            elif desk.from_folder is not None and args.file.resolve() == (desk.from_folder / f"{sheet.id}.toml").resolve():
                desk.folder_holds(sheet.id)  # taken: not an edit to ask about at the next opening
    except DeskError as error:
        return failed(args.action, error)
    print(f"{entry.id}  {entry.summary}")
    if lives:
        print(lives)
    return 0


def lodged(file: Path, character_id: str, folder: Path | None) -> tuple[str, bool]:
    """The sheet copied into the chronicle folder, if it is elsewhere: where it now lives, said,
    and whether the folder holds it."""
    if folder is None:
        return f"The sheet lives in the night record; {file} stays where it is (this record has no chronicle folder).", False
    target = folder / f"{character_id}.toml"
    if file.resolve() == target.resolve():
        return f"The sheet lives in the chronicle folder: {target}", True
    if target.exists():
        return f"The sheet lives in the night record; not copied to {target}, which holds another sheet: look at both.", False
    try:
        shutil.copyfile(file, target)
    except OSError as error:
        return f"The sheet lives in the night record; it could not be copied to {target} ({error.strerror or error}).", False
    return f"The sheet now lives in the chronicle folder: {target} (copied from {file})", True


def run_retire(args) -> int:
    from larp.desk import DeskError
    from larp.sheet import SheetError
    from larp.sheet.ids import known_id

    try:
        with open_desk(args) as desk:
            character = known_id(args.character, desk.standing().characters)
            entry = desk.retire(character, args.reason, args.status)
    except (DeskError, SheetError) as error:
        return failed("retire", error)
    print(f"{entry.id}  {entry.summary}")
    return 0
