"""`larp log` and `larp reverse`: reading the night's record, and undoing a mistaken call."""

import json

from larp.cli.night_record import add_db_option, failed, tell_damage


def register(subparsers) -> None:
    log = subparsers.add_parser("log", help="the night's entries, in game-clock order")
    log.add_argument("--character", metavar="ID", help="only the entries about this character")
    log.add_argument("--station", help="only this station's entries")
    log.add_argument("--night", type=int, metavar="N", help="another night than the latest")
    log.add_argument("--format", choices=["text", "json"], default="text")
    add_db_option(log)
    log.set_defaults(func=run_log)
    reverse = subparsers.add_parser("reverse", help="reverse an entry: a new entry undoes it, saying why (R-NIGHT-3)")
    reverse.add_argument("entry", metavar="ENTRY_ID", help="the entry's id, or enough of its start to be the only one")
    reverse.add_argument("--reason", required=True, help="why the entry is reversed")
    reverse.add_argument("--narrator", default="", help="the Narrator who reverses it")
    add_db_option(reverse)
    reverse.set_defaults(func=run_reverse)


def run_log(args) -> int:
    from larp.desk import Desk, DeskError

    from larp.sheet import SheetError
    from larp.sheet.ids import known_id

    try:
        with Desk.read(args.db) as desk:
            everything = desk.entries(night=args.night)
            character, station = args.character, args.station
            if character is not None:
                character = known_id(character, characters_in(everything))
            if station is not None:
                station = known_id(station, {entry.station for entry in everything}, "station")
            entries = [e for e in everything if (character is None or character in e.character_ids) and (station is None or e.station == station)]
            reversed_by = {e.reverses: e.short_id for e in everything if e.kind == "reversal"}
            tell_damage("log", desk)
    except (DeskError, SheetError) as error:
        return failed("log", error)
    if args.format == "json":
        print(json.dumps([{"night": e.night, **e.to_json()} for e in entries], indent=2, ensure_ascii=False))
        return 0
    for entry in entries:
        print(line(entry, reversed_by.get(entry.id)))
    return 0


def characters_in(entries) -> set[str]:
    """Every character the night's entries know: those they concern, and those a station opened with."""
    known = {cid for entry in entries for cid in entry.character_ids}
    for entry in entries:
        known.update(start["sheet"]["id"] for start in entry.payload.get("characters", ()) if isinstance(start, dict))
        added = entry.payload.get("character")
        if isinstance(added, dict):
            known.add(added["sheet"]["id"])
    return known


def line(entry, reversed_by: str | None) -> str:
    from larp.rules import game_time

    who = entry.station + (f"/{entry.narrator}" if entry.narrator else "")
    text = f"{entry.short_id}  {game_time(entry.game_time):>5}  {who}  {entry.summary}"
    return text + (f"  [reversed by {reversed_by}]" if reversed_by else "")


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
