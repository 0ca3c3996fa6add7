"""`larp schema sheet|chronicle|transcript`: the JSON Schema of a file larp reads."""

import json


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "schema", help="print the JSON Schema of a character sheet, a chronicle or a transcript"
    )
    parser.add_argument("what", choices=["sheet", "chronicle", "transcript"], help="the file whose JSON Schema is written")
    parser.set_defaults(func=run)


def run(args) -> int:
    from larp.sheet import Chronicle, Sheet
    from larp.sheet.transcript import Transcript

    model = {"sheet": Sheet, "chronicle": Chronicle, "transcript": Transcript}[args.what]
    print(json.dumps(model.model_json_schema(), indent=2))
    return 0
