"""`larp reconcile` and `larp close-night`: the account of the night, then the next game's start."""

import sys
from pathlib import Path

from larp.cli.exits import EXIT_FAILED
from larp.cli.night_record import add_db_option, failed, tell_damage
from larp.cli.one_shot import collector_paused
from larp.cli.standing import said_differences


def register(subparsers) -> None:
    reconcile = subparsers.add_parser(
        "reconcile", help="per character: start, every change with its entry, end; anomalies first"
    )
    reconcile.add_argument("--night", type=int, metavar="N", help="another night than the latest")
    reconcile.add_argument(
        "--reported", type=Path, metavar="FILE", help="what the paper sheets show (.csv or .toml): every difference is listed"
    )
    reconcile.add_argument("--format", choices=["md", "csv", "json"], default="md", help="Markdown (default), CSV or JSON")
    reconcile.add_argument("--indent", type=int, metavar="N", help="indent the JSON by this many spaces")
    add_db_option(reconcile)
    reconcile.set_defaults(func=run_reconcile)
    following = subparsers.add_parser(
        "next", help="the next game before it opens: each character as she will start it (larp reconcile --night N)"
    )
    following.add_argument("--format", choices=["md", "csv", "json"], default="md", help="Markdown (default), CSV or JSON")
    following.add_argument("--indent", type=int, metavar="N", help="indent the JSON by this many spaces")
    add_db_option(following)
    following.set_defaults(func=run_reconcile, night=None, reported=None, coming=True)
    close = subparsers.add_parser(
        "close-night",
        help="for the whole event, after every merge: archive the night and write the next game's start "
        "(not `larp night close`, which closes this station's night only)",
    )
    add_db_option(close)
    close.set_defaults(func=run_close_night)


@collector_paused
def run_reconcile(args) -> int:
    from larp.desk import Desk, DeskError
    from larp.ledger.report import csv_lines, markdown_lines

    try:
        with Desk.read(args.db) as desk:
            coming = getattr(args, "coming", False) or (
                args.night is not None and desk.chronicle is not None and not desk.under_way(args.night) and args.night == desk.next_night()
            )
            if coming:
                said_differences(desk)
                done = desk.preview()
            else:
                done = desk.reconcile(night=args.night, reported=args.reported)
            tell_damage(args.command, desk)
    except DeskError as error:
        return failed(args.command, error)
    if args.format == "json":
        from larp.cli.json_stream import write_json
        from larp.ledger.bulk import bulk

        with bulk():  # a character's account at a time: the whole never held as one tree or text
            characters = ((cid, night.to_json) for cid, night in done.characters.items())
            write_json(sys.stdout, done.to_json(characters=False), args.indent, "characters", characters)
    else:
        lines = (csv_lines if args.format == "csv" else markdown_lines)(done)
        if coming and args.format == "md":
            title = next(lines)
            sys.stdout.write(title.replace(": reconciliation\n", ": before it opens, each character as she will start it\n", 1))
        sys.stdout.writelines(lines)
    return 0


def run_close_night(args) -> int:
    from larp.desk import Desk, DeskError
    from larp.desk.carried import playing

    try:
        with Desk.read(args.db) as desk:
            number = desk.night_number
            names = {cid: character.name for cid, character in desk.night().characters.items()}
            if not stations_agree(desk.stations_on_screen(), number):
                print("larp close-night: nothing archived", file=sys.stderr)
                return EXIT_FAILED
            following = desk.archive_night()
            sent = send_close(desk)
    except DeskError as error:
        return failed("close-night", error)
    for cid, start in following.items():
        print(f"{names.get(cid, cid)} ({cid}): starts night {number + 1} with Willpower {start['willpower']}")
    print(f"Night {number} is archived; night {number + 1} starts from the states above ({playing(list(following.values()))})")
    if sent:
        print(sent)
    return 0


def send_close(desk) -> str:
    """A station of an event sends its close to the hub at once; offline, at its next sync."""
    from larp.desk import DeskError

    if not desk.hub:
        return ""
    try:
        desk.sync()
    except DeskError as error:
        return f"The close waits for the hub: every station learns it once this one syncs ({error})"
    return "The close is on the event's hub: every station learns it at its next sync"


def stations_agree(on_screen: list[str], number: int | None) -> bool:
    """Warn when stations have the night on screen; at a terminal, ask before archiving it."""
    if not on_screen:
        return True
    names = ", ".join(on_screen)
    print(
        f"larp close-night: warning: station {names} has night {number} open on screen now; once it is archived "
        f"nothing more is recorded in it there, and its Narrator opens night {(number or 0) + 1} with Ctrl+O",
        file=sys.stderr,
    )
    if not sys.stdin.isatty():
        return True
    answer = input(f"Archive night {number} anyway? [y/N] ")
    return answer.strip().lower() in ("y", "yes")
