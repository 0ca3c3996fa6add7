"""`larp odds`: exact odds, computed, not simulated.

    larp odds --transcript FILE --event N [--step K] [--policy best|always] [--format text|json]
        A Mind's Eye Theatre challenge of a transcript: each side's chance to win before
        each of its steps (or before step K only), from where the challenge stands then.
"""

import sys

from larp.cli.resolve import EXIT_BAD_INPUT, EXIT_FORBIDDEN

POLICY_HELP = (
    "how the sides spend their retests: best (default), both play to win, at each choice taking what "
    "gives the better margin; always, the loser retests whenever she can (uncancellable sources first) "
    "and the winner cancels an Ability retest whenever she can"
)


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "odds",
        help="exact odds of a challenge in a transcript, step by step",
        description=(
            "Exact odds, computed, not simulated. With --transcript and --event: each side's chance to win a "
            "Mind's Eye Theatre challenge before each of its steps, throws at random (each sign equally likely)."
        ),
    )
    challenge = parser.add_argument_group("a challenge of a transcript")
    challenge.add_argument("--transcript", metavar="FILE|-", help="the transcript (TRANSCRIPT.md), or - for standard input")
    challenge.add_argument("--event", type=int, metavar="N", help="the event of the challenge, counted from 0")
    challenge.add_argument("--step", type=int, metavar="K", help="only the odds before step K (counted from 0)")
    challenge.add_argument("--policy", choices=["best", "always"], default="best", help=POLICY_HELP)
    parser.add_argument("--format", choices=["text", "json"], default="text", help="plain text (default) or JSON")
    parser.set_defaults(func=run, odds_parser=parser)


def run(args) -> int:
    if args.transcript is None:
        args.odds_parser.error("give --transcript FILE and --event N: the challenge whose odds to show")
    if args.event is None:
        args.odds_parser.error("--event N is needed with --transcript: the challenge's place among the events, from 0")
    from larp.cli.challenge_odds import show_challenge_odds

    return show_challenge_odds(args)


def fail(message: str, status: int = EXIT_BAD_INPUT) -> int:
    print(f"larp odds: {message}", file=sys.stderr)
    return status


__all__ = ["EXIT_FORBIDDEN", "fail", "register", "run"]
