"""`larp odds`: exact odds, computed, not simulated. Each form is an argument group and a mode.

    larp odds --system storytelling --pool N [--again 10|9|8] [--rote] [--willpower] [--upto K]
    larp odds --system storyteller --pool N [--difficulty D] [--willpower] [--botch no-success|more-ones]
              [--ability A --ability-cancels-ones]                      [--format text|json]
        A pool of dice: the chance of each number of successes (with a bar chart), of success,
        of a botch or dramatic failure, and the expected successes (docs/DICE.md).

    larp odds --transcript FILE --event N [--step K] [--policy best|always] [--format text|json]
        A Mind's Eye Theatre challenge of a transcript: each side's chance to win before
        each of its steps (or before step K only), from where the challenge stands then.
"""

import sys

from larp.cli.resolve import EXIT_BAD_INPUT, EXIT_FORBIDDEN

POLICY_HELP = (
    "how the sides spend their retests: best (default), both play to win, at each choice taking what "
    "gives the better margin; always, the loser retests whenever possible (uncancellable sources first) "
    "and the winner cancels an Ability retest whenever possible"
)


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "odds",
        help="exact odds of a pool of dice, or of a challenge in a transcript step by step",
        description=(
            "Exact odds, computed, not simulated. With --system and --pool: a pool of dice in the Storyteller or "
            "Storytelling System. With --transcript and --event: each side's chance to win a "
            "Mind's Eye Theatre challenge before each of its steps, throws at random (each sign equally likely)."
        ),
    )
    challenge = parser.add_argument_group("a challenge of a transcript")
    challenge.add_argument("--transcript", metavar="FILE|-", help="the transcript (TRANSCRIPT.md), or - for standard input")
    challenge.add_argument("--event", type=int, metavar="N", help="the event of the challenge, counted from 0")
    challenge.add_argument("--step", type=int, metavar="K", help="only the odds before step K (counted from 0)")
    challenge.add_argument("--policy", choices=["best", "always"], default="best", help=POLICY_HELP)
    add_pool_arguments(parser)
    parser.add_argument("--format", choices=["text", "json"], default="text", help="plain text (default) or JSON")
    parser.set_defaults(func=run, odds_parser=parser)


def add_pool_arguments(parser) -> None:
    pool = parser.add_argument_group("a pool of dice (the tabletop systems, docs/DICE.md)")
    pool.add_argument("--system", choices=["storyteller", "storytelling"],
                      help="storyteller (seeds 000-002: difficulty, 1s cancel) or storytelling (seed 004: 8+, 10-again)")
    pool.add_argument("--pool", type=int, metavar="N", help="the dice in the pool (Storytelling: 0 or less is a chance die)")
    pool.add_argument("--willpower", action="store_true", help="a Willpower point spent: one success (storyteller), three dice (storytelling)")
    pool.add_argument("--difficulty", type=int, default=6, metavar="D", help="storyteller: 2 to 10 (default 6)")
    pool.add_argument("--botch", choices=["no-success", "more-ones"], default="no-success",
                      help="storyteller, the chronicle's reading: no success and a 1 (seeds 001, 002; default), or more 1s than successes (seed 000)")
    pool.add_argument("--ability", type=int, default=0, metavar="A", help="storyteller: the Ability's rating, for --ability-cancels-ones")
    pool.add_argument("--ability-cancels-ones", action="store_true", help="storyteller, seed 001: an Ability of 5 or 6 cancels 1 or 2 ones that would botch")
    pool.add_argument("--again", type=int, choices=[10, 9, 8], default=10, help="storytelling: 10-again (default), 9-again or 8-again")
    pool.add_argument("--rote", action="store_true", help="storytelling, a house option: each failed die of the pool rolled once more")
    pool.add_argument("--upto", type=int, metavar="K", help="storytelling: list every number of successes up to K (default: until under 0.1%% is left)")


def run(args) -> int:
    if args.system is not None or args.pool is not None:
        if args.transcript is not None:
            args.odds_parser.error("give a pool (--system, --pool) or a challenge (--transcript, --event), not both")
        from larp.cli.pool_odds import show_pool_odds

        return show_pool_odds(args)
    if args.transcript is None:
        args.odds_parser.error("give --system and --pool (a pool of dice), or --transcript FILE and --event N (a challenge)")
    if args.event is None:
        args.odds_parser.error("--event N is needed with --transcript: the challenge's place among the events, from 0")
    from larp.cli.challenge_odds import show_challenge_odds

    return show_challenge_odds(args)


def fail(message: str, status: int = EXIT_BAD_INPUT) -> int:
    print(f"larp odds: {message}", file=sys.stderr)
    return status


__all__ = ["EXIT_FORBIDDEN", "fail", "register", "run"]
