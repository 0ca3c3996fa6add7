"""`larp export` and `larp merge`: a station's night as a bundle, and bundles brought in."""

from pathlib import Path

from larp.cli.night_record import add_db_option, failed
from larp.cli.one_shot import collector_paused
from larp.words import counted


def register(subparsers) -> None:
    export = subparsers.add_parser("export", help="write this station's night as a bundle, for another station to merge")
    export.add_argument("--out", type=Path, required=True, metavar="FILE", help="the bundle to write")
    export.add_argument("--night", type=int, metavar="N", help="another night than the latest")
    export.add_argument("--station", help="another station's entries than this record's own")
    add_db_option(export)
    export.set_defaults(func=run_export)
    merge = subparsers.add_parser("merge", help="bring other stations' bundles into this record (twice is once)")
    merge.add_argument("bundles", nargs="+", type=Path, metavar="FILE", help="the bundles")
    add_db_option(merge)
    merge.set_defaults(func=run_merge)


def run_export(args) -> int:
    from larp.desk import Desk, DeskError

    try:
        with Desk.read(args.db) as desk:
            count = desk.export(args.out, night=args.night, station=args.station)
            night = args.night or desk.night_number
            print(f"{args.out}: {counted(count, 'entry', 'entries')} of station {args.station or desk.station}, night {night}")
    except DeskError as error:
        return failed("export", error)
    return 0


@collector_paused
def run_merge(args) -> int:
    """Each bundle whole or not at all; the refused ones are said, the others still merged."""
    from larp.desk import Desk, DeskError

    status = 0
    try:
        with Desk.open(args.db, open_night=False) as desk:
            for bundle in args.bundles:
                try:
                    print(f"{bundle}: {counted(desk.merge(bundle), 'new entry', 'new entries')}")
                except DeskError as error:
                    status = failed("merge", error)
    except DeskError as error:
        return failed("merge", error)
    return status
