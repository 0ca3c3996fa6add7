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

COMMANDS = {
    "bundles": ("export", "merge"),
    "cards": ("cards",),
    "checkin": ("checkin",),
    "characters": ("add", "change", "retire"),
    "list_items": ("give", "take"),
    "conflicts": ("conflicts",),
    "chronicle": ("chronicle",),
    "doctor": ("doctor",),
    "event": ("hub", "join", "sync"),
    "log": ("log", "reverse", "carry"),
    "night": ("night",),
    "odds": ("odds",),
    "portal": ("portal", "requests"),
    "reconcile": ("reconcile", "next", "close-night"),
    "record": ("record",),
    "resolve": ("resolve",),
    "roll": ("roll",),
    "scan": ("scan",),
    "schema": ("schema",),
    "station": ("station", "serve"),
    "xp": ("xp",),
}
"""The modules of larp.cli that register commands, in the order `larp --help` lists them, with
the commands each registers: a command named on the command line imports its own module only
(the fourteen took 12 ms of `larp resolve`'s start)."""
COMMAND_MODULES = list(COMMANDS)


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
        print(version_line())
        parser.exit()


def version_line() -> str:
    return f"larp {installed_version()}"


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The `larp` command's parser: with the named command's module only, where it names one."""
    parser = argparse.ArgumentParser(
        prog="larp",
        description="The Narrator station for Mind's Eye Theatre live-action games. A bare `larp` opens the "
        "station and takes its options: larp [--db PATH] [--chronicle DIR] [--station NAME] [--narrator NAME] "
        "(see larp station --help).",
    )
    parser.add_argument("--version", action=Version, help="show the version of larp and exit")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in [module for module, names in COMMANDS.items() if command in names] or COMMAND_MODULES:
        importlib.import_module(f"larp.cli.{name}").register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """The command, ended quietly when its reader goes away (`larp log | head`, `larp --help | true`)."""
    try:
        try:
            return run(list(sys.argv[1:] if argv is None else argv))
        finally:
            sys.stdout.flush()  # a closed pipe is found here, while it can still be caught
    except BrokenPipeError:
        # Let nothing more be written to the closed pipe when Python flushes standard output
        # on the way out.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_PIPE_CLOSED


def run(argv: list[str]) -> int:
    if argv == ["--version"]:  # before the commands' parsers are built: a quick answer
        print(version_line())
        return 0
    opens_station = not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version"))
    if opens_station and "station" in COMMAND_MODULES:
        argv = ["station", *argv]
    parser = build_parser(argv[0] if argv else None)
    args = parser.parse_args(argv)
    if not hasattr(args, "func"):
        parser.print_help()
        return 0
    if args.command in ("station", "serve"):
        return int(args.func(args) or 0)
    with plain_output():
        return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
