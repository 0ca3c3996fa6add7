"""`larp chronicle import FILE` and `larp chronicle export DIR --format gex --out FILE`: a
chronicle's Grapevine file becomes a chronicle folder, and goes back out.

Exit 2 when the file or folder is refused (what and where said; nothing written), 1 when the
result can't be written.
"""

from pathlib import Path

from larp.cli.resolve import EXIT_BAD_INPUT
from larp.words import counted

FORMATS = ("gex",)
"""What `export` writes: a Grapevine 3 XML exchange file."""


def register(subparsers) -> None:
    parser = subparsers.add_parser("chronicle", help="bring a chronicle in from Grapevine, or write it back out")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    bring = actions.add_parser("import", help="a Grapevine .gex or .gv3 file becomes a chronicle folder")
    bring.add_argument("file", type=Path, metavar="FILE", help="the Grapevine file (XML or binary)")
    bring.add_argument("--out", type=Path, metavar="DIR", help="the new chronicle folder (default: named after FILE)")
    bring.set_defaults(func=run_import)
    send = actions.add_parser("export", help="a chronicle folder written as a Grapevine file")
    send.add_argument("folder", type=Path, metavar="DIR", help="the chronicle folder")
    send.add_argument("--format", choices=FORMATS, default="gex", help="gex: a Grapevine 3 exchange file")
    send.add_argument("--out", type=Path, metavar="FILE", required=True, help="the file to write")
    send.set_defaults(func=run_export)


def run_import(args) -> int:
    from larp.grapevine import GrapevineError
    from larp.grapevine.folder import import_file

    try:
        imported, folder = import_file(args.file, args.out)
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
    if imported.others:
        lines.append("Kept as Grapevine wrote them: " + ", ".join(f"{n} {tag}" for tag, n in imported.others.items()))
    if imported.warnings:
        lines.append(f"{counted(len(imported.warnings), 'warning')}:")
        lines += [f"  {warning}" for warning in imported.warnings]
    if count:
        lines.append(f"Next: larp station --chronicle {folder}")
    return lines


def run_export(args) -> int:
    from larp.grapevine import GrapevineError
    from larp.grapevine.folder import export_gex
    from larp.sheet import SheetError

    try:
        chronicle, unwritable = export_gex(args.folder, args.out)
    except (SheetError, GrapevineError) as error:
        print(f"larp chronicle export: {error}")
        return EXIT_BAD_INPUT
    count = len(chronicle.characters)
    print(f"{args.out}: {counted(count, 'character')} of {chronicle.name}, as a Grapevine 3 exchange file")
    if unwritable:
        print(f"Grapevine's files hold Windows-1252 only: {' '.join(unwritable)} written as ?")
    return 0
