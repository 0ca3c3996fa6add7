"""`larp resolve FILE|-`: replay an adjudication transcript (docs/transcript.md).

Exit 0 with the results as JSON; 2 when the input does not fit the contract (one
line on standard error naming the place); 3 when the rules forbid a step
(`{"error": {...}}` on standard output, with the rule's id).
"""

import json
import sys

from larp.cli.exits import EXIT_BAD_INPUT, EXIT_FORBIDDEN
from larp.cli.one_shot import collector_paused

BATCH = 1000
"""Results encoded together: one call of the JSON encoder for each result took a quarter of
the output's time; a thousand results' dictionaries at a time are soon let go."""


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "resolve",
        help="replay an adjudication transcript and print the results as JSON",
        description="Replay an adjudication transcript (a JSON file, or - for standard input).",
    )
    parser.add_argument("file", metavar="FILE|-", help="the transcript, or - to read standard input")
    parser.add_argument(
        "--explain",
        action="store_true",
        help="print a plain-text account of the night, step by step, naming the rule behind each step",
    )
    parser.add_argument("--indent", type=int, default=None, help="indent the JSON by this many spaces")
    parser.set_defaults(func=run)


def read_input(name: str) -> str:
    from larp.sheet import SheetError
    from larp.sheet.strict_json import TooLong, read_bounded

    try:
        raw = read_bounded(sys.stdin.buffer if name == "-" else name)
    except OSError as error:
        raise SheetError(name, f"can't be read ({error.strerror or error})") from None
    except TooLong as error:
        raise SheetError("standard input" if name == "-" else name, f"is too large to be a transcript ({error})") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SheetError("standard input" if name == "-" else name, f"is not UTF-8 text (byte {error.start})") from None


@collector_paused
def run(args) -> int:
    from larp.rules import RuleError
    from larp.sheet import SheetError, load_transcript
    from larp.sheet.streaming import load_long_transcript

    try:
        where = "standard input" if args.file == "-" else args.file
        if args.explain:  # validated whole: one that does not fit is refused before the account starts
            return explain(load_transcript(read_input(args.file), where))
        transcript = load_long_transcript(read_input(args.file), where)
        text = replayed(transcript, args.indent)
    except SheetError as error:
        print(f"larp resolve: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except RuleError as error:
        print(json.dumps({"error": error.to_json()}, indent=args.indent))
        return EXIT_FORBIDDEN
    sys.stdout.write(text)
    sys.stdout.write("\n")
    return 0


def replayed(transcript, indent: int | None) -> str:
    """The night replayed, as the contract's JSON. Each result is kept as its JSON only, not
    with the rules' notes, so that a long night's replay holds little more than its output.
    The events are validated as they are reached: a step the rules refuse is reported only
    once the events after it are known to fit the contract."""
    from larp.rules import RuleError

    try:
        return _replayed(transcript, indent)
    except RuleError:
        transcript.events.check_rest()
        raise


def _replayed(transcript, indent: int | None) -> str:
    from larp.rules import Night, replaying

    night = Night.begin(transcript.characters, transcript.house_rules)  # as it stands without events
    if indent is not None:
        results = []
        for index, (night, result) in enumerate(replaying(transcript, noting=False)):
            results.append(result.to_json(index))
        return json.dumps({"results": results, "characters": night.to_json()}, indent=indent, ensure_ascii=False)
    # The results are trees of new dictionaries and lists: no cycle to look for.
    encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False).encode
    parts, batch = [], []
    for index, (night, result) in enumerate(replaying(transcript, noting=False)):
        batch.append(result.to_json(index))
        if len(batch) == BATCH:
            parts.append(encode(batch)[1:-1])
            batch = []
    if batch:
        parts.append(encode(batch)[1:-1])
    return f'{{"results":[{",".join(parts)}],"characters":{encode(night.to_json())}}}'


def explain(transcript) -> int:
    from larp.cli.explain import account, closing, describe_house_rules, refusal
    from larp.rules import Night, RuleError, apply_event

    print("\n".join(describe_house_rules(transcript)))
    night = Night.begin(transcript.characters, transcript.house_rules)
    for index, event in enumerate(transcript.events):
        try:
            after, result = apply_event(night, event)
        except RuleError as error:
            print("\n".join(refusal(index, event, night.clock, error.at(event=index))))
            return EXIT_FORBIDDEN
        print("\n".join(account(index, event, night.clock, result)))
        night = after
    print("\n".join(closing(night.characters)))
    return 0
