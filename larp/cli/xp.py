"""`larp xp award|spend|buy|log`: a character's experience, each line an entry of the night record.

    larp xp award CHARACTER POINTS --reason TEXT [--override-by WHO --override-why WHY]
    larp xp award --attended          everyone checked in tonight: the chronicle's attendance award, once
    larp xp spend CHARACTER POINTS --reason TEXT
    larp xp buy CHARACTER "Ability: Occult"   priced by the chronicle's cost table; the sheet changes
    larp xp log [--character ID] [--format json]

Exit 1 when the desk refuses (a cap, no debt, nothing to buy off …), with nothing written.
"""

import json
from pathlib import Path

from larp.cli.night_record import add_db_option, desk_for_entries, failed, tell_damage


def register(subparsers) -> None:
    parser = subparsers.add_parser("xp", help="award, spend or buy with experience, and read each character's history")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    award = actions.add_parser("award", help="experience earned: by one character, or --attended by everyone checked in")
    award.add_argument("character", nargs="?", metavar="CHARACTER", help="her id")
    award.add_argument("points", nargs="?", type=float, metavar="POINTS", help="how many experience points she earns")
    award.add_argument("--reason", default="", help="why she earns it")
    award.add_argument("--attended", action="store_true", help="the chronicle's attendance award to everyone checked in at this game")
    award.add_argument("--override-by", metavar="WHO", help="who allows passing the chronicle's cap")
    award.add_argument("--override-why", metavar="WHY", help="why the cap is passed")
    spend = actions.add_parser("spend", help="experience spent, with the reason (refused below zero unless the chronicle allows debt)")
    spend.add_argument("character", metavar="CHARACTER", help="her id")
    spend.add_argument("points", type=float, metavar="POINTS", help="how many experience points she spends")
    spend.add_argument("--reason", required=True, help="what it is spent on")
    buy = actions.add_parser("buy", help='a purchase priced by the cost table: "Physical: Quick", "Ability: Occult", "Willpower", "Negative: Clumsy off"')
    buy.add_argument("character", metavar="CHARACTER", help="her id")
    buy.add_argument("purchase", metavar="PURCHASE", help='what she buys, as `larp xp offers` names it: "Physical: Quick", "Ability: Occult", "Willpower", "Negative: Clumsy off", "Disciplines: Auspex: Aura Perception"')
    buy.add_argument("--price", type=float, metavar="POINTS", help="staff's price for a name the chronicle's catalog holds no price for")
    for writing in (award, spend, buy):
        writing.add_argument("--chronicle", type=Path, metavar="DIR", help="the chronicle folder, if a night must be opened")
        writing.add_argument("--station", help="this station's name")
        writing.add_argument("--narrator", default="", help="the Narrator recording it")
        add_db_option(writing)
        writing.set_defaults(func=run_write)
    offered = actions.add_parser("offers", help="everything a character may buy, each with its price (or: needs a price)")
    offered.add_argument("character", metavar="CHARACTER", help="her id")
    offered.add_argument("--format", choices=["text", "json"], default="text", help="plain text (default) or JSON")
    add_db_option(offered)
    offered.set_defaults(func=run_offers)
    log = actions.add_parser("log", help="per character: earned, unspent, and every line with its running totals")
    log.add_argument("--character", metavar="ID", help="only this character")
    log.add_argument("--format", choices=["text", "json"], default="text", help="plain text (default) or JSON")
    add_db_option(log)
    log.set_defaults(func=run_log)


def run_write(args) -> int:
    from larp.desk import DeskError
    from larp.desk.experience import override_of
    from larp.sheet import SheetError

    try:
        with desk_for_experience(args) as desk:
            if args.action == "award" and args.attended:
                if args.character is not None:
                    raise DeskError("--attended awards everyone checked in: name no character with it")
                entries = desk.award_attended(override_of(args.override_by, args.override_why))
            else:
                entries = [written(desk, args)]
    except (DeskError, SheetError) as error:
        return failed(f"xp {args.action}", error)
    for entry in entries:
        print(f"{entry.id}  {entry.summary}")
    return 0


def desk_for_experience(args):
    """The desk on the night under way (the first night opened if none ever was); between games,
    the record with no night opened: the line is a between-games entry of the next game."""
    from larp.cli.characters import open_desk
    from larp.desk.errors import NightClosedBetweenGames

    try:
        return desk_for_entries(args, between_games=False)
    except NightClosedBetweenGames:
        return open_desk(args)


def written(desk, args):
    from larp.desk import DeskError
    from larp.desk.experience import override_of
    from larp.sheet.ids import known_id

    if args.character is None or (args.action != "buy" and args.points is None):
        raise DeskError(f"name the character and the points: larp xp {args.action} CHARACTER POINTS --reason TEXT")
    character = known_id(args.character, list(desk.states()))
    if args.action == "buy":
        return desk.buy(character, args.purchase, args.price)
    if args.action == "spend":
        return desk.spend(character, args.points, args.reason)
    return desk.award(character, args.points, args.reason, override_of(args.override_by, args.override_why))


def run_offers(args) -> int:
    from larp.desk import Desk, DeskError
    from larp.rules.experience import points
    from larp.sheet import SheetError
    from larp.sheet.ids import known_id

    try:
        with Desk.read(args.db) as desk:
            character = known_id(args.character, list(desk.states()))
            found = desk.purchases_offered(character)
    except (DeskError, SheetError) as error:
        return failed("xp offers", error)
    if args.format == "json":
        print(json.dumps([{"what": o.what, "group": o.group, "price": o.price} for o in found], indent=2, ensure_ascii=False))
        return 0
    group = None
    for offer in found:
        if offer.group != group:
            group = offer.group
            print(f"{group}:")
        print(f"  {offer.what:<50} {'needs a price' if offer.price is None else points(offer.price)}")
    return 0


def run_log(args) -> int:
    from larp.desk import Desk, DeskError
    from larp.sheet import SheetError

    try:
        with Desk.read(args.db) as desk:
            logs = desk.experience_log(args.character)
            tell_damage("xp log", desk)
    except (DeskError, SheetError) as error:
        return failed("xp log", error)
    if args.format == "json":
        print(json.dumps([log.to_json() for log in logs], indent=2, ensure_ascii=False))
        return 0
    print("\n".join(text_lines(logs)))
    return 0


def text_lines(logs) -> list[str]:
    from larp.rules.experience import points

    lines = []
    for log in logs:
        xp = log.sheet.experience
        lines.append(f"{log.sheet.display_name} ({log.sheet.id}): earned {points(xp.earned)}, unspent {points(xp.unspent)}")
        for entry, totals in log.lines:
            lines.append(
                f"  {entry.date or '-':<10}  {entry.type:<8} {points(entry.change):>5}  "
                f"{points(totals.earned):>5} {points(totals.unspent):>5}  {entry.reason}"
            )
    return lines
