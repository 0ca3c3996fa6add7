"""`larp export` and `larp merge`: a station's night as a bundle, and bundles brought in."""

from pathlib import Path

from larp.cli.night_record import add_db_option, failed, record_alone
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
    """Only the record is opened: an export needs no chronicle, fold or rules engine."""
    from datetime import datetime, timezone

    from larp.ledger.errors import LedgerError
    from larp.ledger.exporting import export_night, key_fingerprint

    try:
        with record_alone(args.db) as ledger:
            night, own = ledger.night_to_read(args.night), ledger.station()
            exported = datetime.now(timezone.utc).isoformat(timespec="seconds")
            count = export_night(ledger, args.out, night, args.station or own, own, exported)
            print(f"{args.out}: {counted(count, 'entry', 'entries')} of station {args.station or own}, night {night.number}")
            if not args.station or args.station == own:
                print(f"Signed by station {own}, key {key_fingerprint(ledger, own)}")
    except LedgerError as error:
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
                    print(f"{bundle}: {counted(desk.merge(bundle, heard=print), 'new entry', 'new entries')}")
                except DeskError as error:
                    status = failed("merge", error)
    except DeskError as error:
        return failed("merge", error)
    return status
