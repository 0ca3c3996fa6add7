"""`larp checkin`: cards read at the door, one a line (a USB scanner types each as a line, or a
Narrator types the code, the character's id, her name or the start of it), each marking its character present for this game.

    larp checkin                    read cards from standard input until it ends (Ctrl+D)
    larp checkin --text PAYLOAD     one card
    larp checkin --list             who is in, without reading a card

Each check-in is an entry of the night record: written offline, sent by `larp sync` like every
entry, reversed with `larp reverse`. A refused card (forged, revoked, of another chronicle, a
retired or dead character) says why and writes nothing; a card read twice says she is already in.
Exit 1 when `--text` is refused or the record can't be opened.
"""

import sys
from pathlib import Path

from larp.cli.night_record import add_db_option, desk_for_entries, failed
from larp.words import counted


def register(subparsers) -> None:
    parser = subparsers.add_parser("checkin", help="check characters in at the door: cards read from a scanner, or names typed, one a line")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--text", metavar="PAYLOAD", help="one card, as the scanner typed it, or a character's name or id")
    source.add_argument("--list", action="store_true", help="who is in for this game, and nothing read")
    parser.add_argument("--chronicle", type=Path, metavar="DIR", help="the chronicle folder, if a night must be opened")
    parser.add_argument("--station", help="this station's name")
    parser.add_argument("--narrator", default="", help="the Narrator at the door")
    add_db_option(parser)
    parser.set_defaults(func=run)


def run(args) -> int:
    from larp.desk import Desk, DeskError

    try:
        reading = Desk.open(args.db, args.chronicle, args.station, args.narrator, open_night=False) if args.list else None
        with reading or desk_for_entries(args) as desk:
            if args.list:
                print_present(desk)
                return 0
            if args.text is not None:
                return 0 if read(desk, args.text) else 1
            print(f"Check-in at night {desk.night_number} of {desk.chronicle.name}: scan a card, Ctrl+D to stop", file=sys.stderr)
            for line in iter(sys.stdin.readline, ""):
                if line.strip():
                    read(desk, line)
            print_present(desk)
    except DeskError as error:
        return failed("checkin", error)
    return 0


def read(desk, text: str) -> bool:
    """One card at the door: what it says, on one line; whether she is in."""
    from larp.desk import DeskError

    try:
        checked = desk.check_in(text)
    except DeskError as error:
        print(f"REFUSED  {error}", flush=True)
        return False
    mark = "ALREADY" if checked.already else "PRESENT"
    print(f"{mark}  {checked.message} ({counted(len(desk.tonight.present), 'character')} in)", flush=True)
    return True


def print_present(desk) -> None:
    night, present = desk.at_the_door()
    print(f"In for night {night}: {counted(len(present), 'character')}")
    for sheet, _ in present:
        print(f"  {sheet.display_name} ({sheet.id})")
