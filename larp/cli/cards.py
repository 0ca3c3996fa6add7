"""`larp cards print|payload|reissue`: the chronicle's QR character cards, of the chronicle as it
stands (`larp.cli.standing`: the night record's, else the folder's, else the demo chronicle).
"""

import sys
from pathlib import Path

from larp.cli.standing import add_chronicle_option, standing
from larp.words import counted

# The repository's top folder, which holds the larp package and the demo chronicle.


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "cards", help="print the chronicle's QR character cards, show a card's payload, reissue a card"
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    printing = actions.add_parser("print", help="a PDF of business-card-size cards, ten to a page")
    add_chronicle_option(printing)
    printing.add_argument("--out", type=Path, metavar="FILE.pdf", help="default: CHRONICLE-ID-cards.pdf")
    printing.add_argument("--paper", choices=["letter", "a4"], default="letter", help="the paper the cards are printed on (default letter)")
    printing.add_argument("--only", nargs="+", metavar="ID", help="only these characters' cards")
    printing.add_argument("--svg", type=Path, metavar="DIR", help="also one SVG file per card in DIR")
    printing.add_argument(
        "--changed", action="store_true", help="only the cards whose printed face or serial changed since they were last printed"
    )
    printing.set_defaults(func=run_print)

    payload = actions.add_parser("payload", help="the text of a character's card, to test a scanner")
    payload.add_argument("id", metavar="ID", help="the character's id")
    add_chronicle_option(payload)
    payload.set_defaults(func=run_payload)

    reissue = actions.add_parser("reissue", help="give a character a new card; the old one stops scanning")
    reissue.add_argument("id", metavar="ID", help="the character's id")
    add_chronicle_option(reissue)
    reissue.set_defaults(func=run_reissue)


def playing(chronicle, wanted: str) -> str:
    """The id of a character who plays (a card is for her); a retired or dead one is refused, saying so."""
    from larp.cards import CardError
    from larp.cards.errors import CardReason
    from larp.sheet.ids import known_id

    character = known_id(wanted, chronicle.characters)
    sheet = chronicle.characters[character]
    if not sheet.plays:
        why = f" ({sheet.status_reason})" if sheet.status_reason else ""
        raise CardError(CardReason.RETIRED, f"{sheet.display_name} is {sheet.status}{why}: no card is printed for a character out of play")
    return character


def refusing(action):
    """The command, with a card or sheet that can't be used reported in one line, exit status 1."""

    def run(args) -> int:
        from larp.cards import CardError
        from larp.sheet import SheetError

        try:
            return action(args)
        except (CardError, SheetError) as error:
            print(f"larp {args.command}: {error}", file=sys.stderr)
            return 1

    return run


@refusing
def run_print(args) -> int:
    from larp.cards import print_cards
    from larp.cards.layout import PAPERS

    chronicle = standing(args).chronicle
    out = args.out or Path(f"{chronicle.id}-cards.pdf")
    only = [playing(chronicle, wanted) for wanted in args.only] if args.only else None
    try:
        faces = print_cards(chronicle, out, args.paper, only, args.svg, changed=args.changed)
    except OSError as error:
        print(f"larp cards: can't write {error.filename or out}: {error.strerror or error}", file=sys.stderr)
        return 1
    if not faces:
        why = "changed since it was last printed" if args.changed else "is to be printed (no character plays)"
        print(f"No card of {chronicle.name} {why}: nothing printed")
        return 0
    pages = -(-len(faces) // PAPERS[args.paper].cards_per_page)
    print(f"{counted(len(faces), 'card')} of {chronicle.name} on {counted(pages, args.paper + ' page')}: {out}")
    if args.changed:
        print("Changed since the last print: " + ", ".join(chronicle.characters[face.card.character].display_name for face in faces))
    if args.svg is not None:
        print(f"One SVG per card in {args.svg}")
    for face in faces:
        if face.left_out:
            print(
                f"{face.card.character}: {counted(face.left_out, 'public line')} "
                "didn't fit on the card; shorten them in the sheet",
                file=sys.stderr,
            )
    return 0


@refusing
def run_payload(args) -> int:
    from larp.cards import current_card, issued_payload
    from larp.sheet.ids import known_id

    chronicle = standing(args).chronicle
    print(issued_payload(current_card(chronicle, known_id(args.id, chronicle.characters))))
    return 0


@refusing
def run_reissue(args) -> int:
    from larp.cards import reissue

    chronicle = standing(args).chronicle
    character = playing(chronicle, args.id)
    card = reissue(chronicle, character)
    name = chronicle.characters[character].display_name
    where = f" --chronicle {args.chronicle}" if args.chronicle else ""
    print(
        f"{name} now holds card {card.serial}; the earlier cards no longer scan. "
        f"Print the new card: larp cards print{where} --only {character}"
    )
    return 0
