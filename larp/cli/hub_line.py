"""The event's address, which carries a password: never a word of the command line.

Any user of a laptop can list the command lines of its processes (`ps`, `/proc/*/cmdline`), so
`larp join`, `larp station`, `larp serve` and `larp hub init` read an address from a file
(`--hub FILE`, `--owner FILE`), the environment, standard input (when it is not a terminal) or
a prompt that does not echo, in that order.
"""

import getpass
import os
import stat
import sys
from pathlib import Path

SCHEMES = ("postgresql:", "postgres:")
LINE_FILE_LIMIT = 64 * 2**10
"""The most read of a file holding an address (one line of a few hundred characters): a FIFO is
refused by name, and /dev/zero ends."""


class AddressError(Exception):
    """An address that can't be read, or was given where others can read it."""


def add_address_option(parser, option: str, variable: str, what: str) -> None:
    parser.add_argument(
        option,
        metavar="FILE",
        help=f"a file holding {what} (default: ${variable}, else standard input, else asked); never the address itself",
    )


def address(given: str | None, variable: str, what: str, ask: bool = True) -> str | None:
    """The address: from the file `given`, else $`variable`, else standard input or a prompt
    (when `ask`); None when none is given and `ask` is false. AddressError if `given` is an
    address itself, or the file can't be read."""
    if given is not None:
        return from_file(given, what)
    if os.environ.get(variable):
        return os.environ[variable].strip()
    if not ask:
        return None
    if not sys.stdin.isatty():
        said = sys.stdin.readline().strip()
        if not said:
            raise AddressError(f"standard input held no line: give {what} in a file (FILE), in ${variable}, or type it when asked")
        return said
    try:
        return getpass.getpass(f"{what[0].upper()}{what[1:]} (it is not shown as you type): ").strip()
    except (EOFError, KeyboardInterrupt):
        raise AddressError(f"no address was given: give {what}") from None


def from_file(given: str, what: str) -> str:
    if given.startswith(SCHEMES):
        raise AddressError(
            "an address with its password on the command line can be read by any user of this laptop "
            f"(ps): put {what} in a file only you can read and give the file, or set it in the environment"
        )
    from larp.sheet.strict_json import TooLong, read_bounded  # with the sheets: only when a file is given

    path = Path(given)
    try:
        text = read_bounded(path, LINE_FILE_LIMIT).decode("utf-8").strip()
    except TooLong as error:
        raise AddressError(f"{path} is {error}: it should hold {what}, one line") from None
    except (OSError, UnicodeDecodeError) as error:
        raise AddressError(f"{path} can't be read ({getattr(error, 'strerror', None) or error})") from None
    if not text:
        raise AddressError(f"{path} is empty: it should hold {what}")
    if os.name == "posix" and stat.S_IMODE(path.stat().st_mode) & 0o077:
        print(f"Warning: {path} can be read by other users of this laptop: chmod 600 {path}", file=sys.stderr)
    return text.splitlines()[0].strip()
