"""`larp chronicle import FILE`: a chronicle's Grapevine file becomes a chronicle folder.
`larp chronicle export DIR [--format toml|gex] [--out …]`: the chronicle as it stands for the
next game (sheets after the season's changes, experience included), written back as a chronicle
folder (toml, the default) or as a Grapevine 3 exchange file (gex).

With toml, DIR's character files are rewritten where they say otherwise than the record (its
chronicle.toml is left as it is); with `--out NEWDIR`, a new folder is written instead. With gex,
the chronicle is the record's as it stands when the night record holds it, else DIR's.
Exit 2 when a file or folder is refused (what and where said; nothing written), 1 when the
record or the result can't be read or written.
"""

from pathlib import Path

from larp.cli.night_record import add_db_option, failed
from larp.cli.one_shot import collector_paused
from larp.cli.resolve import EXIT_BAD_INPUT
from larp.words import counted

FORMATS = ("toml", "gex")
"""What `export` writes: toml, a chronicle folder like `cards/`; gex, a Grapevine 3 exchange file."""


def register(subparsers) -> None:
    parser = subparsers.add_parser("chronicle", help="bring a chronicle in from Grapevine, or write it as it stands")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    bring = actions.add_parser("import", help="a Grapevine .gex or .gv3 file becomes a chronicle folder")
    bring.add_argument("file", type=Path, metavar="FILE", help="the Grapevine file (XML or binary)")
    bring.add_argument("--out", type=Path, metavar="DIR", help="the new chronicle folder (default: named after FILE)")
    bring.add_argument("--encoding", metavar="CODEPAGE", help="the Windows code page FILE was written in (cp1252, cp1251 …; default: told from its bytes)")
    bring.set_defaults(func=run_import)
    send = actions.add_parser("export", help="the chronicle as it stands, as a chronicle folder or a Grapevine file")
    send.add_argument("folder", type=Path, metavar="DIR", help="the chronicle folder")
    send.add_argument("--format", choices=FORMATS, default="toml", help="toml: a chronicle folder (the default); gex: a Grapevine 3 exchange file")
    send.add_argument("--out", type=Path, metavar="NEWDIR|FILE", help="toml: write a new folder there instead of DIR; gex: the file to write")
    add_db_option(send)
    send.set_defaults(func=run_export)


@collector_paused
def run_import(args) -> int:
    from larp.grapevine import GrapevineError
    from larp.grapevine.folder import import_file

    try:
        imported, folder = import_file(args.file, args.out, args.encoding)
    except GrapevineError as error:
        print(f"larp chronicle import: {error}")
        return EXIT_BAD_INPUT
    for line in report(imported, args.file, folder):
        print(line)
    return 0


def report(imported, source: Path, folder: Path) -> list[str]:
    """What came in, per creature type, and every warning."""
    count = len(imported.chronicle.characters)
    if count:
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(imported.creatures.items(), key=lambda i: (-i[1], i[0])))
        lines = [f"{source.name}: {counted(count, 'character')} into {folder}/ ({kinds})"]
    else:
        lines = [f"{source.name} brought no character: what it holds is kept in {folder}/chronicle.toml"]
    from larp.grapevine.files import CODE_PAGES

    lines.append(f"Text read as {CODE_PAGES.get(imported.encoding, imported.encoding)}, and written back so")
    if imported.others:
        lines.append("Kept as Grapevine wrote them: " + ", ".join(f"{n} {tag}" for tag, n in imported.others.items()))
    if imported.warnings:
        lines.append(f"{counted(len(imported.warnings), 'warning')}:")
        lines += [f"  {warning}" for warning in imported.warnings]
    if count:
        lines.append(f"Next: larp station --chronicle {folder}")
    return lines


def run_export(args) -> int:
    return export_gex(args) if args.format == "gex" else export_folder(args)


def export_folder(args) -> int:
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
    if done.left:
        print(f"Edited by hand and not taken yet, left as they are: {', '.join(done.left)} (the next larp night open asks about them)")
    if done.others:
        print(f"Not in the record, left as they are: {', '.join(done.others)} (the next larp night open asks about them)")
    return 0


def export_gex(args) -> int:
    from larp.grapevine import GrapevineError
    from larp.grapevine.folder import export_gex as write_gex_file, without_cycle_collection
    from larp.sheet import SheetError

    if args.out is None:
        print("larp chronicle export: --format gex needs --out FILE, the Grapevine file to write")
        return EXIT_BAD_INPUT
    from larp.cli.standing import standing

    args.chronicle = args.folder
    try:
        with without_cycle_collection():
            chronicle = standing(args).chronicle
        unwritable = write_gex_file(chronicle, args.out)
    except (SheetError, GrapevineError) as error:
        print(f"larp chronicle export: {error}")
        return EXIT_BAD_INPUT
    print(f"{args.out}: {counted(len(chronicle.characters), 'character')} of {chronicle.name}, as a Grapevine 3 exchange file")
    if unwritable:
        print(f"Grapevine's files hold Windows-1252 only: {' '.join(unwritable)} written as ?")
    return 0
