"""How a `larp` command ends when it can't do what was asked: its exit status, and one line on
standard error for the Narrator ("larp COMMAND: what and where")."""

import sys

EXIT_FAILED = 1
"""The night record refused or could not do it."""
EXIT_BAD_INPUT = 2
"""The input does not fit its contract (docs/transcript.md), or an option is out of range."""
EXIT_FORBIDDEN = 3
"""The rules forbid a step (with the rule's id)."""


def fail(command: str, message: object, status: int = EXIT_BAD_INPUT) -> int:
    """Tell the failure on standard error; the exit status."""
    print(f"larp {command}: {message}", file=sys.stderr)
    return status
