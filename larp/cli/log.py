"""`larp log`, `larp reverse` and `larp carry`: reading the night's record, undoing a mistaken call,
and bringing a late entry of a closed night into the night under way."""

from larp.cli.night_record import add_db_option, failed, record_alone, tell_damage


def register(subparsers) -> None:
    log = subparsers.add_parser("log", help="the night's entries, in game-clock order")
    log.add_argument("--character", metavar="ID", help="only the entries about this character")
    log.add_argument("--station", help="only this station's entries")
    log.add_argument("--night", type=int, metavar="N", help="another night than the latest")
    log.add_argument("--format", choices=["text", "json"], default="text", help="plain text (default) or JSON")
    add_db_option(log)
    log.set_defaults(func=run_log)
    reverse = subparsers.add_parser("reverse", help="reverse an entry: a new entry undoes it, saying why (R-NIGHT-3)")
    reverse.add_argument("entry", metavar="ENTRY_ID", help="the entry's id, or enough of its start to be the only one")
    reverse.add_argument("--reason", required=True, help="why the entry is reversed")
    reverse.add_argument("--narrator", default="", help="the Narrator who reverses it")
    add_db_option(reverse)
    reverse.set_defaults(func=run_reverse)
    carry = subparsers.add_parser(
        "carry", help="bring a late entry of a night the event closed (larp reconcile flags it) into the night open here"
    )
    carry.add_argument("entry", metavar="ENTRY_ID", help="the late entry's id, or enough of its start to be the only one")
    carry.add_argument("--narrator", default="", help="the Narrator who carries it")
    add_db_option(carry)
    carry.set_defaults(func=run_carry)


def run_log(args) -> int:
    """The entries are read from the record and written one at a time: a night of any length
    in the memory of a short one, its first lines out at once. Only the record is opened: the
    log needs no chronicle, fold or rules engine."""
    from larp.ledger.errors import LedgerError
    from larp.sheet.errors import SheetError
    from larp.sheet.ids import known_id

    try:
        with record_alone(args.db) as ledger:
            night = ledger.night_to_read(args.night)
            character, station = args.character, args.station
            if character is not None or station is not None:
                characters, stations = ledger.known(night)
                if character is not None:
                    character = known_id(character, characters)
                if station is not None:
                    station = known_id(station, stations, "station")
            reversed_by = ledger.reversed_by(night)
            entries = ledger.each_headline(night, with_lines=args.format == "json", character=character, station=station)
            if args.format == "json":
                write_json(entries)
            else:
                for entry, _ in entries:
                    print(line(entry, reversed_by.get(entry.id)))
            tell_damage("log", ledger)  # once read: a damaged row is found as the night is read
    except (LedgerError, SheetError) as error:
        return failed("log", error)
    return 0


def write_json(entries) -> None:
    """A JSON list, one entry to a line, each written as it is read: its line as the record
    keeps it (a JSON object whose keys are `Entry.to_json`'s), the night's number first."""
    before = "[\n"
    for entry, kept in entries:
        print(f'{before}{{"night":{entry.night},{kept[1:]}', end="")
        before = ",\n"
    print("[]" if before == "[\n" else "\n]")


def line(entry, reversed_by: str | None) -> str:
    from larp.ledger.entry import short_id
    from larp.rules import game_time

    who = entry.station + (f"/{entry.narrator}" if entry.narrator else "")
    text = f"{entry.short_id}  {game_time(entry.game_time):>5}  {who}  {entry.summary}"
    return text + (f"  [reversed by {short_id(reversed_by)}]" if reversed_by else "")


def run_reverse(args) -> int:
    from larp.desk import Desk, DeskError

    try:
        with Desk.read(args.db) as desk:
            if args.narrator:
                desk.narrator = args.narrator
            entry = desk.reverse(args.entry, args.reason)
    except DeskError as error:
        return failed("reverse", error)
    print(f"{entry.id}  {entry.summary}")
    return 0


def run_carry(args) -> int:
    from larp.desk import Desk, DeskError

    try:
        with Desk.read(args.db) as desk:
            if args.narrator:
                desk.narrator = args.narrator
            entry = desk.carry(args.entry)
    except DeskError as error:
        return failed("carry", error)
    print(f"{entry.id}  {entry.summary}")
    return 0
