"""`larp scan IMAGE` or `larp scan --text PAYLOAD`: the character on a card, or why it is refused.

The character as she stands (`larp.cli.standing`): as the station has her tonight, or as she
starts the night to come, her Willpower included; the sheet's private notes only with `--notes`
(the door's screen faces the players).
"""

import json
import sys

from larp.cli.standing import add_chronicle_option, standing


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "scan", help="read a character card from a photo or scan, or from what a USB scanner typed"
    )
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("image", nargs="?", metavar="IMAGE", help="a photo or scan of the card")
    source.add_argument("--text", metavar="PAYLOAD", help="what the scanner typed")
    add_chronicle_option(parser)
    parser.add_argument("--format", choices=["text", "json"], default="text", help="plain text (default) or JSON")
    parser.add_argument("--notes", action="store_true", help="show the sheet's private notes too (never shown otherwise)")
    parser.set_defaults(func=run)


def run(args) -> int:
    from larp.cards import CardError, check_card, check_image
    from larp.sheet import SheetError

    try:
        stands = standing(args)
        chronicle = stands.chronicle
        if args.text is not None:
            card = check_card(args.text, chronicle)
        else:
            card = check_image(args.image, chronicle)
    except (CardError, SheetError) as error:
        if args.format == "json":
            reason = error.reason.value if isinstance(error, CardError) else "chronicle"
            print(json.dumps({"refused": reason, "message": str(error)}))
        print(f"larp scan: {error}", file=sys.stderr)
        return 1
    sheet = chronicle.characters[card.character]
    willpower = stands.willpower.get(sheet.id, sheet.willpower)
    if args.format == "json":
        shown = sheet.model_dump(mode="json", exclude=None if args.notes else {"notes"})
        found = {"chronicle": chronicle.id, "serial": card.serial, "character": shown, "willpower_now": willpower}
        print(json.dumps(found, indent=2, ensure_ascii=False))
    else:
        print("\n".join(described(sheet, card.serial, chronicle, willpower, args.notes)))
    return 0


def described(sheet, serial: int, chronicle, willpower: int | None = None, notes: bool = False) -> list[str]:
    """The sheet as a Narrator reads it at the station."""
    lines = [f"{sheet.display_name} ({sheet.id}), card {serial} of {chronicle.name}"]
    who = [f"played by {sheet.player}" if sheet.player else "", sheet.creature, sheet.lineage]
    if any(who):
        lines.append(" · ".join(part for part in who if part))
    for category in ("physical", "social", "mental"):
        traits = getattr(sheet.traits, category)
        if traits:
            lines.append(f"{category.capitalize()} {sum(traits.values())}: {counted(traits)}")
        negative = getattr(sheet.negative, category)
        if negative:
            lines.append(f"  Negative: {counted(negative)}")
    ratings = {"Rage": sheet.rage, "Gnosis": sheet.gnosis, **sheet.standalone}
    shown = [willpower_said(sheet.willpower, willpower)] if sheet.willpower else []
    shown += [f"{name} {value}" for name, value in ratings.items() if value]
    if shown:
        lines.append(" · ".join(shown))
    if sheet.abilities:
        lines.append("Abilities: " + ", ".join(f"{name} {rating}" for name, rating in sheet.abilities.items()))
    if sheet.retests:
        lines.append(f"Retests: {', '.join(sheet.retests)}")
    if sheet.bomb:
        lines.append("Grants the bomb sign")
    lines.extend(f"Public: {line}" for line in sheet.public)
    if notes and sheet.notes:
        lines.append(f"Notes: {sheet.notes}")
    return lines


def willpower_said(rating: int, now: int | None) -> str:
    """`Willpower 5`, or `Willpower 4 of 5` where she has less than her rating."""
    return f"Willpower {rating}" if now is None or now == rating else f"Willpower {now} of {rating}"


def counted(named: dict[str, int]) -> str:
    return ", ".join(name if count == 1 else f"{name} x{count}" for name, count in named.items())
