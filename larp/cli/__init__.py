"""The `larp` command.

Each command group lives in its own module of this package, exposing
`register(subparsers)`; the module sets `func` on its parser. Modules import
their heavy dependencies (Textual above all) inside the function that runs the
command, so that `larp resolve` never loads the station.
"""

import argparse
import importlib
import os
import sys

from larp.cli.output import plain_output

EXIT_PIPE_CLOSED = 141
"""What a shell reports for a program whose reader went away (128 + SIGPIPE)."""

# The modules of larp.cli that register commands, in the order `larp --help` lists them.
COMMAND_MODULES = ["bundles", "cards", "characters", "event", "log", "night", "odds", "reconcile", "record", "resolve", "roll", "scan", "schema", "station"]


def installed_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("larp")
    except PackageNotFoundError:
        return "(not installed)"


class Version(argparse.Action):
    """`--version`: the installed version, looked up only when asked for (reading the package's
    metadata took a tenth of `larp resolve`'s start-up)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, **kwargs) -> None:
        super().__init__(option_strings, dest=dest, default=argparse.SUPPRESS, nargs=0, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        print(f"larp {installed_version()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="larp",
        description="The Narrator station for Mind's Eye Theatre live-action games.",
    )
    parser.add_argument("--version", action=Version, help="show the version of larp and exit")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(f"larp.cli.{name}").register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    opens_station = not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version"))
    if opens_station and "station" in COMMAND_MODULES:
        argv = ["station", *argv]
    args = parser.parse_args(argv)
    if not hasattr(args, "func"):
        parser.print_help()
        return 0
    if args.command in ("station", "serve"):
        return int(args.func(args) or 0)
    try:
        with plain_output():
            return int(args.func(args) or 0)
    except BrokenPipeError:
        # The reader went away (`larp log | head`): stop quietly, and let nothing more be
        # written to the closed pipe when Python flushes standard output on the way out.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_PIPE_CLOSED


if __name__ == "__main__":
    sys.exit(main())
