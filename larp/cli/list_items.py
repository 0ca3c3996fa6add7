"""`larp give CHARACTER "Status: Acknowledged"` and `larp take CHARACTER "Status: Acknowledged"`:
staff give or take an item of a named list (a Status Trait, a Merit, an Equipment line, a
Background), bought with nothing. Each is the season's field operation on that item, as
`larp change` makes it: one entry of the night open here, else a between-games entry of the
night to come; reversed with `larp reverse`. Exit 2 when the item is misnamed or the list
holds no such item to take, 1 when the desk refuses.
"""

from larp.cli.characters import add_desk_options, open_desk
from larp.cli.exits import EXIT_BAD_INPUT
from larp.cli.night_record import failed


def register(subparsers) -> None:
    give = subparsers.add_parser("give", help='staff give a character an item of a named list: "Status: Acknowledged", "Equipment: Heavy Pistol"')
    give.add_argument("character", metavar="CHARACTER", help="her id")
    give.add_argument("item", metavar="LIST: ITEM", help='the list, a colon, the item: "Status: Acknowledged"')
    give.add_argument("--rating", type=int, default=1, help="its rating (default 1)")
    give.add_argument("--note", default="", help='its note: "+2, 2 Lethal, Loud"')
    take = subparsers.add_parser("take", help='staff take an item of a named list from a character: "Status: Acknowledged"')
    take.add_argument("character", metavar="CHARACTER", help="her id")
    take.add_argument("item", metavar="LIST: ITEM", help='the list, a colon, the item: "Status: Acknowledged"')
    for parser, verb in ((give, "give"), (take, "take")):
        parser.add_argument("--reason", required=True, metavar="TEXT", help="why, for the record (the player reads the change)")
        add_desk_options(parser)
        parser.set_defaults(func=run, verb=verb)


def run(args) -> int:
    from pydantic import ValidationError

    from larp.desk import DeskError
    from larp.sheet import SheetError
    from larp.sheet.ids import known_id
    from larp.sheet.named_lists import ListTrait, given, named_item, taken

    command = args.verb
    try:
        with open_desk(args) as desk:
            character = known_id(args.character, desk.standing().characters)
            sheet = desk.sheet(character) if desk.night_open_here else desk.standing().characters[character]
            try:
                list_name, name = named_item(args.item)
                if command == "give":
                    lists = given(sheet.lists, list_name, ListTrait(name=name, rating=args.rating, note=args.note))
                else:
                    lists = taken(sheet.lists, list_name, name)
            except (ValueError, ValidationError) as error:
                if isinstance(error, ValidationError):
                    problem = error.errors()[0]
                    error = ValueError(f"the item's {problem['loc'][0]}: {problem['msg']}")
                failed(command, error)
                return EXIT_BAD_INPUT
            changed = sheet.model_copy(update={"lists": lists})
            why = " ".join(args.reason.split())
            entry = desk.change(changed, why) if desk.night_open_here else desk.amend(changed, why)
    except (DeskError, SheetError) as error:
        return failed(command, error)
    print(f"{entry.id}  {entry.summary}")
    return 0
