"""`larp conflicts` and `larp conflicts pick ENTRY`: what stations wrote at once between games.

Two stations that change one field of one character without having heard each other are a
conflict: both entries are kept, the later in the season's order holds at every station, and
the conflict is listed here (and in `larp next`, `larp reconcile` and the station's
reconciliation) until a Narrator picks: `larp conflicts pick ENTRY` writes the field as that
entry set it, heard by every side, so that it holds everywhere once synced; an entry in several
conflicts settles the one `--field` names, and only that one.
"""

from larp.cli.characters import add_desk_options, open_desk
from larp.cli.night_record import failed


def register(subparsers) -> None:
    parser = subparsers.add_parser("conflicts", help="fields two stations changed at once between games, and which holds")
    parser.add_argument("pick", nargs="?", choices=["pick"], help="pick: keep what ENTRY set, written so that it holds at every station")
    parser.add_argument("entry", nargs="?", metavar="ENTRY", help="the id (or its first eight characters) of the entry whose value to keep")
    parser.add_argument("--field", metavar="PATH", help="the conflict to settle, where ENTRY is in more than one (its field, as listed: `Equipment: Colt .45`)")
    add_desk_options(parser)
    parser.set_defaults(func=run)


def run(args) -> int:
    if args.pick is None:
        return run_list(args)
    if not args.entry:
        from larp.desk import DeskError

        return failed("conflicts pick", DeskError("name the entry whose value to keep: larp conflicts pick ENTRY"))
    return run_pick(args)


def run_list(args) -> int:
    from larp.desk import DeskError

    try:
        with open_desk(args) as desk:
            found = desk.season().conflicts()
            night = desk.next_night()
    except DeskError as error:
        return failed("conflicts", error)
    if not found:
        print(f"No conflict before night {night}: every field was changed by one station, or by stations that had heard each other.")
        return 0
    for conflict in found:
        print(f"{conflict.name}: {conflict.said}")
        for op in conflict.operations:
            mark = "holds" if op is conflict.holding else "     "
            print(f"  {mark}  {op.entry.short_id}  {conflict.value(op):<12}  station {op.entry.station}: {op.entry.summary}")
    print("larp conflicts pick ENTRY keeps what that entry set, at every station (--field PATH: one conflict of several).")
    return 0


def run_pick(args) -> int:
    from larp.desk import DeskError

    try:
        with open_desk(args) as desk:
            entry = desk.pick(args.entry.strip(), args.field)
    except DeskError as error:
        return failed("conflicts pick", error)
    print(f"{entry.id}  {entry.summary}")
    return 0
