"""`larp record FILE|-`: a transcript's events appended to this station's open night.

Each event is played at the desk and written as one entry, in its own
transaction; a night is opened if none is. The transcript's characters that the
record does not know yet join the night. The game clock is held while the
transcript is recorded, so that its `clock` events alone move it on.

Exit 2 when the transcript does not fit its contract (nothing is written); 3
when the rules forbid an event given what the night already holds (the events
before it are recorded, nothing of it is, and `{"error": …}` is printed as
`larp resolve` prints it); 1 when the record can't be written.
"""

import json
import sys
from contextlib import suppress
from dataclasses import replace
from pathlib import Path

from larp.cli.exits import EXIT_BAD_INPUT, EXIT_FORBIDDEN
from larp.cli.night_record import add_db_option, desk_for_entries, failed
from larp.cli.resolve import read_input
from larp.words import are, counted


def register(subparsers) -> None:
    parser = subparsers.add_parser("record", help="append a transcript's events to this station's night")
    parser.add_argument("file", metavar="FILE|-", help="the transcript, or - to read standard input")
    parser.add_argument("--chronicle", type=Path, metavar="DIR", help="the chronicle folder, if a night must be opened")
    parser.add_argument("--station", help="this station's name")
    parser.add_argument("--narrator", default="", help="the Narrator recording it")
    parser.add_argument("--quiet", action="store_true", help="print no line per entry")
    add_db_option(parser)
    parser.set_defaults(func=run)


def run(args) -> int:
    from larp.desk import DeskError
    from larp.sheet import SheetError
    from larp.sheet.loading import load_transcript

    named = {"-": "standard input"}.get(args.file, args.file)
    try:
        transcript = load_transcript(read_input(args.file), named, lambda: known_characters(args))
    except SheetError as error:
        failed("record", error)
        return EXIT_BAD_INPUT
    try:
        with desk_for_entries(args, between_games=False) as desk:
            return record(desk, transcript, args.quiet)
    except DeskError as error:
        return failed("record", error)


def known_characters(args) -> set[str]:
    """The characters a transcript may name without giving their sheets: those of the record's
    latest night, and of the chronicle folder a night would open from. Read only: nothing written,
    and the night not folded (the desk that records folds it, once)."""
    from larp.desk import Desk, DeskError
    from larp.ledger import LedgerError
    from larp.sheet import SheetError, load_chronicle

    known: set[str] = set()
    if args.chronicle is not None:
        try:
            known |= set(load_chronicle(args.chronicle).characters)
        except SheetError:
            pass  # the folder's own mistake is said when the night opens from it
    try:
        with Desk.read(args.db) as desk:
            if desk.night_row is not None:
                known |= desk.ledger.known(desk.night_row)[0]
    except (DeskError, LedgerError):
        pass  # no record yet (or one that can't be read, said when the desk opens it): only the folder's characters
    return known


def record(desk, transcript, quiet: bool) -> int:
    """The first event is recorded before the clock is held: a record the rules refuse at once
    writes no hold or resume, and leaves the clock as it was; it is tried first with the
    characters the transcript brings, so that one refused writes none of them either."""
    from larp.desk import DeskError

    first, rest = transcript.events[:1], transcript.events[1:]
    refusal = first and tried_first(desk, transcript)
    if refusal:
        return said_refused(refusal)
    welcome(desk, transcript)
    status = play(desk, first, quiet)
    if status or not rest:
        return status or said_recorded(desk, len(first))
    holding = not desk.clock_held()
    if holding:
        try:
            desk.hold()
        except DeskError:
            if not desk.clock_held():
                raise
            holding = False  # another program at this station held it a moment ago: it runs it again
    try:
        return play(desk, rest, quiet, start=1) or said_recorded(desk, len(transcript.events))
    finally:
        if holding:  # the clock runs again however the recording ended, if the record can take it
            with suppress(DeskError):
                desk.resume()


def play(desk, events, quiet: bool, start: int = 0) -> int:
    """Each event as an entry, until the rules refuse one; a line for each once it is on disk.
    `start`: the place of the first of `events` in the transcript."""
    from larp.desk import DeskError

    def committed(entry) -> None:
        if not quiet:
            print(f"{entry.id}  {entry.summary}", flush=True)

    try:
        desk.record_all(events, committed)
    except DeskError as error:
        if error.rule_error is None:
            raise
        return said_refused(error.rule_error.at(event=start + error.rule_error.event))
    return 0


def tried_first(desk, transcript):
    """The RuleError the transcript's first event meets on tonight as it stands, with the
    transcript's new characters joined (nothing is written); None if the rules take it."""
    from larp.rules import CharacterState, RuleError
    from larp.rules.events import apply_event

    night = desk.night()
    newcomers = {sheet.id: CharacterState.fresh(sheet) for sheet in transcript.characters if sheet.id not in night.characters}
    if not newcomers:
        return None  # played at the desk as it comes: the same rules, no trial needed
    try:
        apply_event(replace(night, characters=night.characters.changing(newcomers)), transcript.events[0])
    except RuleError as error:
        return error.at(event=0)
    return None


def said_refused(rule_error) -> int:
    """A refusal of the rules, said as `larp resolve` says it, and how much was recorded before it."""
    from larp.desk import DeskError

    print(json.dumps({"error": rule_error.to_json()}))
    index = rule_error.event
    before = "nothing before it was recorded" if index == 0 else f"the {counted(index, 'event')} before it {are(index)} recorded"
    print(f"larp record: event {index} refused ({DeskError.forbidden(rule_error)}); {before}", file=sys.stderr)
    return EXIT_FORBIDDEN


def said_recorded(desk, count: int) -> int:
    print(f"larp record: {counted(count, 'event')} recorded in night {desk.night_number} at station {desk.station}", file=sys.stderr)
    return 0


def welcome(desk, transcript) -> None:
    """The transcript's new characters join the night; differences from the record are said (house
    rules, where the transcript gives any)."""
    night = desk.night()
    if "house_rules" in transcript.model_fields_set and transcript.house_rules != night.rules:
        print("larp record: the transcript's house rules differ from the chronicle's; the chronicle's apply", file=sys.stderr)
    for sheet in transcript.characters:
        known = night.characters.get(sheet.id)
        if known is None:
            desk.add(sheet)
        elif known.sheet != sheet:
            print(f"larp record: {sheet.id}'s sheet differs from the record's; the record's is used", file=sys.stderr)
